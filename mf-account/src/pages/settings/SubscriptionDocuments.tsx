import { useState } from 'react';
import { purchasePurposeLabels, type TaxDocument } from '@paddock/shared/contracts';
import { formatAud, formatDate } from '@paddock/shared/format';
import { queryKeys, useQuery } from '@paddock/shared/query';
import { Button } from '@paddock/shared/ui';
import { DocumentModal } from '@paddock/shared/ui/documents';
import { useAccount } from '../../context';
import styles from './Settings.module.css';

const isSubscriptionDocument = (document: TaxDocument) =>
  document.purpose === 'subscription' || document.purpose === 'subscription_renewal';

/**
 * The subscription's billing: the tax document of its first year and of each renewal (issue 25),
 * each previewed and downloaded as the server issued it. The card and cancelling stay in the portal.
 */
export function SubscriptionDocuments() {
  const { subscriptions } = useAccount();
  const [shown, setShown] = useState<TaxDocument | null>(null);
  const documents = useQuery({
    queryKey: queryKeys.documents.list(null),
    queryFn: () => subscriptions.taxDocuments(),
    refetchInterval: (query) =>
      query.state.data?.some((document) => document.pending) && query.state.dataUpdateCount < 30 ? 1000 : false,
  });
  const list = (documents.data ?? []).filter(isSubscriptionDocument);
  if (documents.isPending || list.length === 0) return null;
  return (
    <div className={styles.documents}>
      <h3 className={styles.groupTitle}>Invoices and receipts</h3>
      <ul className={styles.documentList}>
        {list.map((document) => (
          <li key={document.id}>
            <span>
              {purchasePurposeLabels[document.purpose]} · {document.invoice_number} · {formatDate(document.issued_on)} ·{' '}
              {formatAud(document.total, { prefixed: true })}
            </span>
            <Button
              variant="secondary"
              onClick={() => setShown(document)}
              aria-label={`${document.title} ${document.invoice_number}`}
            >
              {document.title}
            </Button>
          </li>
        ))}
      </ul>
      <DocumentModal
        document={shown?.url ? { title: shown.title, url: shown.url, file_name: shown.file_name } : null}
        pending={shown?.pending ?? false}
        title={shown?.title ?? 'Tax Receipt'}
        isOpen={shown !== null}
        onClose={() => setShown(null)}
        load={subscriptions.document}
      />
    </div>
  );
}
