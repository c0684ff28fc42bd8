import { PageTitle } from '../PageTitle';

export function OrderReviewPage() {
  return <PageTitle title="Order Review" />;
}
