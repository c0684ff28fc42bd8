import { useEffect, useMemo } from 'react';
import { errorMessage } from '@paddock/shared/api-client';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { useCommerce } from '../../context';
import type { OrderDocument } from '@paddock/shared/contracts';
import styles from './OrderReview.module.css';

/** What the review says while the server renders the order's document ('Preparing your tax receipt', then '…'). */
export const preparingLabel = (title: string): string => `Preparing your ${title.toLowerCase()}`;

interface OrderDocumentModalProps {
  /** The document the order's status calls for; null until the server has issued it. */
  document: OrderDocument | null;
  /** The server is still preparing it (the page re-reads the order meanwhile). */
  pending: boolean;
  /** 'Tax Receipt' or 'Tax Invoice' (spec 3 §4), for the title while none is issued yet. */
  title: string;
  isOpen: boolean;
  onClose(): void;
}

/** The Tax Receipt or Tax Invoice as the server issued it (PDF), shown and offered as a download. */
export function OrderDocumentModal({ document, pending, title, isOpen, onClose }: OrderDocumentModalProps) {
  const heading = document?.title ?? title;
  return (
    <AppModal title={heading} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen &&
        (document ? (
          <DocumentView document={document} />
        ) : pending ? (
          <LoadingState label={preparingLabel(heading)} />
        ) : (
          <p>Your {heading} is not available yet. Please try again later.</p>
        ))}
    </AppModal>
  );
}

function DocumentView({ document }: { document: OrderDocument }) {
  const { ordersApi } = useCommerce();
  const { title, file_name: fileName } = document;
  // An issued document never changes: fetched once per modal, kept while the page lives.
  const pdf = useQuery({
    queryKey: queryKeys.orders.document(document.url),
    queryFn: () => ordersApi.document(document.url),
    staleTime: Infinity,
  });
  const url = useMemo(
    () => (pdf.data ? URL.createObjectURL(new Blob([pdf.data], { type: 'application/pdf' })) : null),
    [pdf.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (pdf.isPending) return <LoadingState label={`Loading your ${title}`} />;
  if (pdf.isError || !url)
    return (
      <ErrorState
        title={`Your ${title} could not be loaded`}
        message={errorMessage(pdf.error)}
        onRetry={() => void pdf.refetch()}
      />
    );
  return (
    <div className={styles.document}>
      <iframe className={styles.documentFrame} src={url} title={title} />
      <div className={styles.buttons}>
        <a className={styles.download} href={url} download={fileName}>
          Download PDF
        </a>
        <Button variant="secondary" onClick={() => window.open(url, '_blank', 'noopener')}>
          Open in a new tab
        </Button>
      </div>
    </div>
  );
}
