import { useEffect, useMemo } from 'react';
import { errorMessage } from '../api-client';
import { queryKeys, useQuery } from '../query';
import { AppModal } from './AppModal';
import { Button } from './Button';
import { ErrorState, LoadingState } from './States';
import styles from './DocumentModal.module.css';

/** What a tax document needs to be shown: its title, its API path and its file name. */
export interface ShownDocument {
  title: string;
  url: string;
  file_name: string;
}

/**
 * How the browser's PDF viewer opens the preview: its page-thumbnail panel closed (Chromium opens it in
 * a wide frame, leaving the page a narrow strip), the page fitted to the frame's width.
 */
export const PREVIEW_VIEW = '#navpanes=0&view=FitH';

/** What the page says while the server renders the document ('Preparing your tax receipt'). */
export const preparingLabel = (title: string): string => `Preparing your ${title.toLowerCase()}`;

interface DocumentModalProps {
  /** The issued document; null until the server has stored it. */
  document: ShownDocument | null;
  /** The server is still preparing it (the page asks again meanwhile). */
  pending: boolean;
  /** 'Tax Receipt' or 'Tax Invoice', for the title while none is issued yet. */
  title: string;
  isOpen: boolean;
  onClose(): void;
  /** Fetches the PDF by its API path (with the bearer). */
  load(url: string): Promise<Blob>;
}

/**
 * A Tax Receipt or Tax Invoice as the server issued it: previewed in a frame of its own `blob:` URL
 * (the pages' Content-Security-Policy allows exactly `frame-src blob:` for this), downloaded as a PDF
 * or opened in a new tab. Used by every place a purchase is shown (order review, payment success,
 * bookings, Orders, the subscription's billing).
 */
export function DocumentModal({ document, pending, title, isOpen, onClose, load }: DocumentModalProps) {
  const heading = document?.title ?? title;
  return (
    <AppModal title={heading} size="wide" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen &&
        (document ? (
          <DocumentView document={document} load={load} />
        ) : pending ? (
          <LoadingState label={preparingLabel(heading)} />
        ) : (
          <p>Your {heading} is not available yet. Please try again later.</p>
        ))}
    </AppModal>
  );
}

function DocumentView({ document, load }: { document: ShownDocument; load(url: string): Promise<Blob> }) {
  const { title, file_name: fileName } = document;
  // An issued document never changes: fetched once per modal, kept while the page lives.
  const pdf = useQuery({
    queryKey: queryKeys.orders.document(document.url),
    queryFn: () => load(document.url),
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
      <iframe className={styles.documentFrame} src={`${url}${PREVIEW_VIEW}`} title={title} />
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
