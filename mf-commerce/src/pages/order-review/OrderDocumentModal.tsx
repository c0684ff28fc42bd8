import { DocumentModal, preparingLabel } from '@paddock/shared/ui/documents';
import type { OrderDocument } from '@paddock/shared/contracts';
import { useCommerce } from '../../context';

export { preparingLabel };

interface OrderDocumentModalProps {
  /** The document the order's status calls for; null until the server has issued it. */
  document: Pick<OrderDocument, 'title' | 'url' | 'file_name'> | null;
  /** The server is still preparing it (the page re-reads the order meanwhile). */
  pending: boolean;
  /** 'Tax Receipt' or 'Tax Invoice' (spec 3 §4), for the title while none is issued yet. */
  title: string;
  isOpen: boolean;
  onClose(): void;
}

/** The Tax Receipt or Tax Invoice as the server issued it (PDF), shown and offered as a download (shared modal). */
export function OrderDocumentModal(props: OrderDocumentModalProps) {
  const { ordersApi } = useCommerce();
  return <DocumentModal {...props} load={ordersApi.document} />;
}
