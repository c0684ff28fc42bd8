import { useEffect, useState } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import { Button, ErrorState, LoadingState } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { useCommerce } from '../../context';
import type { OrderDocumentKind } from '../../orders/rules';
import styles from './OrderReview.module.css';

interface OrderDocumentModalProps {
  orderId: string;
  kind: OrderDocumentKind;
  invoiceNumber: string | null;
  isOpen: boolean;
  onClose(): void;
}

/** The Tax Receipt or Tax Invoice as the server issued it (PDF), shown and offered as a download. */
export function OrderDocumentModal({ orderId, kind, invoiceNumber, isOpen, onClose }: OrderDocumentModalProps) {
  const title = kind === 'receipt' ? 'Tax Receipt' : 'Tax Invoice';
  return (
    <AppModal title={title} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && <DocumentView orderId={orderId} title={title} invoiceNumber={invoiceNumber} />}
    </AppModal>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; url: string };

function DocumentView({
  orderId,
  title,
  invoiceNumber,
}: {
  orderId: string;
  title: string;
  invoiceNumber: string | null;
}) {
  const { ordersApi } = useCommerce();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setLoaded({ state: 'loading' });
    ordersApi.document(orderId).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(
          blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
        );
        setLoaded({ state: 'ready', url });
      },
      (error: unknown) => !cancelled && setLoaded({ state: 'failed', message: errorMessage(error) }),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [ordersApi, orderId, attempt]);

  const fileName = `${title.replace(' ', '-')}-${invoiceNumber ?? orderId.slice(0, 8)}.pdf`;
  if (loaded.state === 'loading') return <LoadingState label={`Loading your ${title}`} />;
  if (loaded.state === 'failed')
    return (
      <ErrorState
        title={`Your ${title} could not be loaded`}
        message={loaded.message}
        onRetry={() => setAttempt(attempt + 1)}
      />
    );
  return (
    <div className={styles.document}>
      <iframe className={styles.documentFrame} src={loaded.url} title={title} />
      <div className={styles.buttons}>
        <a className={styles.download} href={loaded.url} download={fileName}>
          Download PDF
        </a>
        <Button variant="secondary" onClick={() => window.open(loaded.url, '_blank', 'noopener')}>
          Open in a new tab
        </Button>
      </div>
    </div>
  );
}
