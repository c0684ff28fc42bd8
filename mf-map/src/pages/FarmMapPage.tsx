import { PageTitle } from '../PageTitle';

export function FarmMapPage() {
  return <PageTitle title="Farm map" />;
}
