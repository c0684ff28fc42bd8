import { PageTitle } from '../PageTitle';

export function CheckoutPage() {
  return <PageTitle title="Checkout" />;
}
