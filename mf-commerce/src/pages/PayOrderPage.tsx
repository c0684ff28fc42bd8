import { PageTitle } from '../PageTitle';

export function PayOrderPage() {
  return <PageTitle title="Pay for your order" />;
}
