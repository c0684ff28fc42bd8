import { purchasePurposeLabels } from '@paddock/shared/contracts';
import type { Db } from '../../db';
import { accountOfCustomer, registerBillingDocuments } from '../../payments/portal-bridge';
import { listTaxDocuments, taxDocumentPdf } from './service';

const isPlanDocument = (purpose: string) => purpose === 'subscription' || purpose === 'subscription_renewal';

/**
 * The billing portal's invoices (issue 25): the tax documents of the plan's first year and of each
 * renewal of the account behind a provider's customer — the same ones Settings lists — each downloadable
 * from the portal. Stripe's own portal lists Stripe's invoices instead; ours are in Settings there.
 */
export function registerPortalDocuments(db: Db): void {
  registerBillingDocuments({
    async list(provider, customer) {
      const accountId = await accountOfCustomer(db, provider, customer);
      if (!accountId) return [];
      const documents = await listTaxDocuments(db, accountId);
      return documents
        .filter((document) => isPlanDocument(document.purpose))
        .map((document) => ({
          id: document.id,
          title: document.title,
          description: purchasePurposeLabels[document.purpose],
          invoiceNumber: document.invoice_number,
          issuedOn: document.issued_on,
          total: document.total,
          ready: !document.pending,
        }));
    },
    async pdf(provider, customer, documentId) {
      const accountId = await accountOfCustomer(db, provider, customer);
      if (!accountId) return null;
      const planDocuments = (await listTaxDocuments(db, accountId)).filter((document) =>
        isPlanDocument(document.purpose),
      );
      if (!planDocuments.some((document) => document.id === documentId && !document.pending)) return null;
      return taxDocumentPdf(db, accountId, documentId);
    },
  });
}
