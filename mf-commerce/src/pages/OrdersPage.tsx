import { PageTitle } from '../PageTitle';

export function OrdersPage() {
  return <PageTitle title="Orders" />;
}
