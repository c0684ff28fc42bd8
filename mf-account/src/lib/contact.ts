import type { ContactDetails } from '@paddock/shared/contracts';
import type { AccountApi } from '../api/accountApi';
import type { AccountStore } from '../store';

/**
 * Saves the account's contact details (spec 3 §4: added the first time, updated once some exist) and
 * keeps the saved ones in the store; the saved details.
 */
export async function saveContact(
  api: AccountApi,
  store: AccountStore,
  details: ContactDetails,
): Promise<ContactDetails> {
  const saved = await api.saveContactDetails(details, store.getState().contactDetails != null);
  store.getState().setContactDetails(saved);
  return saved;
}
