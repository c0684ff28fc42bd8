import { PageTitle } from '../PageTitle';

export function PaymentSuccessPage() {
  return <PageTitle title="Payment successful" />;
}
