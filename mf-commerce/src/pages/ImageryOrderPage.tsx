import { PageTitle } from '../PageTitle';

export function ImageryOrderPage() {
  return <PageTitle title="High Resolution Ordering" />;
}
