import { useEffect, useState } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import { Button, ErrorState, LoadingState } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { useCommerce } from '../../context';
import type { OrderDocument } from '@paddock/shared/contracts';
import styles from './OrderReview.module.css';

interface OrderDocumentModalProps {
  /** The document the order's status calls for; null until the server has issued it. */
  document: OrderDocument | null;
  /** 'Tax Receipt' or 'Tax Invoice' (spec 3 §4), for the title while none is issued yet. */
  title: string;
  isOpen: boolean;
  onClose(): void;
}

/** The Tax Receipt or Tax Invoice as the server issued it (PDF), shown and offered as a download. */
export function OrderDocumentModal({ document, title, isOpen, onClose }: OrderDocumentModalProps) {
  const heading = document?.title ?? title;
  return (
    <AppModal title={heading} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen &&
        (document ? (
          <DocumentView document={document} />
        ) : (
          <p>Your {heading} is being prepared. Please try again in a moment.</p>
        ))}
    </AppModal>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; url: string };

function DocumentView({ document }: { document: OrderDocument }) {
  const { title, file_name: fileName } = document;
  const { ordersApi } = useCommerce();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setLoaded({ state: 'loading' });
    ordersApi.document(document.url).then(
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
  }, [ordersApi, document.url, attempt]);

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
