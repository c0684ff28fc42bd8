import { useState } from 'react';
import type { TaxDocument } from '@paddock/shared/contracts';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { Button } from '@paddock/shared/ui';
import { DocumentModal } from '@paddock/shared/ui/documents';
import { useCommerce } from '../../context';

/** How many times a page asks again while a document is being prepared (once a second). */
const MAX_POLLS = 30;

/**
 * The tax documents of zoning, bookings and the subscription (all the caller's, or one payment's),
 * asked again while one is still being prepared by the server or, for a payment, before it exists.
 */
export function usePurchaseDocuments(paymentId: string | null = null, enabled = true) {
  const { ordersApi } = useCommerce();
  return useQuery({
    queryKey: queryKeys.documents.list(paymentId),
    queryFn: () => ordersApi.taxDocuments(paymentId ?? undefined),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = !data || data.some((document) => document.pending) || (paymentId !== null && data.length === 0);
      return waiting && query.state.dataUpdateCount < MAX_POLLS ? 1000 : false;
    },
  });
}

/** The document a purchase shows: its receipt once paid, else its invoice. */
export const currentDocument = (documents: readonly TaxDocument[]): TaxDocument | null =>
  documents.find((document) => document.kind === 'tax_receipt') ??
  documents.find((document) => document.kind === 'tax_invoice') ??
  null;

interface DocumentButtonProps {
  /** The purchase's documents (receipt, invoice); empty while none was asked for yet. */
  documents: readonly TaxDocument[];
  /** Shown while there is none (e.g. 'Tax Receipt' for a paid purchase). */
  fallbackTitle?: string;
  /** Names the purchase for assistive technology ('of Kimba North'). */
  of?: string;
  variant?: 'primary' | 'secondary';
}

/** 'Tax Receipt' / 'Tax Invoice': opens the document (preview, download) or says it is being prepared. */
export function DocumentButton({
  documents,
  fallbackTitle = 'Tax Receipt',
  of,
  variant = 'secondary',
}: DocumentButtonProps) {
  const { ordersApi } = useCommerce();
  const [open, setOpen] = useState(false);
  const document = currentDocument(documents);
  const title = document?.title ?? fallbackTitle;
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} aria-label={of ? `${title} ${of}` : undefined}>
        {title}
      </Button>
      <DocumentModal
        document={
          document && document.url ? { title: document.title, url: document.url, file_name: document.file_name } : null
        }
        pending={!document || document.pending}
        title={title}
        isOpen={open}
        onClose={() => setOpen(false)}
        load={ordersApi.document}
      />
    </>
  );
}
