/**
 * The payments seam, the only file other plugins import from `plugins/payments` (issue 28): register
 * a purpose (what a paid, given-up or invoiced payment does) or a listener, ask for a payment through
 * the purchase path, give one up, read one. Only this plugin writes `payments` or calls the provider.
 */
export {
  CUSTOMER_DELETE_JOB,
  endAccountCustomers,
  findPayment,
  markInvoicePaid,
  registerPaymentListener,
  registerPaymentPurpose,
  toPayment,
  type PaymentListener,
  type PaymentPurpose,
  type PaymentRow,
  type RefundInstead,
} from './service';
export {
  ALREADY_PAYING,
  closeGivenUpIntents,
  closeGivenUpIntentsAfter,
  giveUpPayment,
  giveUpPurchase,
  latestCardPayment,
  openCardPayment,
  openInvoice,
  payByCard,
  mayPayByInvoice,
  recordFreePurchase,
  type InvoiceRequest,
  type PricedThing,
  type PurchaseDeps,
  type PurchaseRequest,
} from './purchase';
