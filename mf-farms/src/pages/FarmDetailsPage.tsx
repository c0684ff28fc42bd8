import { PageTitle } from '../PageTitle';

export function FarmDetailsPage() {
  return <PageTitle title="Farm details" />;
}
