import { isAdvanced } from '@paddock/shared/contracts';
import { PageTitle } from '../components/PageTitle';
import { useAccountStore } from '../context';

/** Screens of this area that later issues build; for now each shows its title. */

export function AdvancedPage() {
  const premium = useAccountStore((state) => isAdvanced(state.profile));
  return <PageTitle title={premium ? "You're using Advanced" : 'Get Advanced'} />;
}
