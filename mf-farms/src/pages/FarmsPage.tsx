import { PageTitle } from '../PageTitle';

export function FarmsPage() {
  return <PageTitle title="Farms & Fields" />;
}
