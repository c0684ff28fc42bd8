import { z } from 'zod';
import { orderDocumentKinds } from './orders';

/**
 * The tax documents of purchases other than imagery orders (those are listed with their order): zoning
 * cart payments, Rapid-EM bookings, the Advanced subscription and its renewals. Each is a Tax Invoice
 * while on invoice terms and a Tax Receipt once paid, numbered in the one series of every tax document,
 * rendered once by the server and downloaded as a PDF (`GET v2/documents/{id}`).
 */
export const purchasePurposes = ['cart', 'em_booking', 'subscription', 'subscription_renewal'] as const;
export type PurchasePurpose = (typeof purchasePurposes)[number];

export const purchasePurposeLabels: Record<PurchasePurpose, string> = {
  cart: 'VRT zoning',
  em_booking: 'Rapid-EM booking',
  subscription: 'Advanced subscription',
  subscription_renewal: 'Advanced renewal',
};

export const taxDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(orderDocumentKinds),
  /** 'Tax Receipt' or 'Tax Invoice'. */
  title: z.string(),
  purpose: z.enum(purchasePurposes),
  payment_id: z.string(),
  /** The Rapid-EM booking the document is for (its `id`), null for other purchases. */
  booking_id: z.string().nullable(),
  invoice_number: z.string(),
  issued_on: z.string(),
  /** Cents, GST included. */
  total: z.number().int().nonnegative(),
  gst: z.number().int().nonnegative(),
  /** True until the document job has stored the PDF (the page asks again). */
  pending: z.boolean(),
  /** The PDF (`GET`, bearer), null while pending. */
  url: z.string().nullable(),
  file_name: z.string(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

export const taxDocumentsQuerySchema = z.object({
  /** Only the documents of this payment (the success page, a booking, a subscription). */
  payment_id: z.string().max(100).optional(),
});
export const taxDocumentsResponseSchema = z.object({ data: z.array(taxDocumentSchema) });
export type TaxDocumentsResponse = z.infer<typeof taxDocumentsResponseSchema>;
