import { usePaymentsClient as useSharedPaymentsClient } from '@paddock/shared/payments/ui';
import { useAccount } from '../context';

/** The shared payments client hook over this area's API. */
export function usePaymentsClient(enabled = true) {
  const { subscriptions, fetch } = useAccount();
  return useSharedPaymentsClient(subscriptions.paymentsConfig, fetch, enabled);
}
