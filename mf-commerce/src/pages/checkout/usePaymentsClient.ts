import { usePaymentsClient as useSharedPaymentsClient } from '@paddock/shared/payments/ui';
import { useCommerce } from '../../context';

/** The shared payments client hook over this area's API. */
export function usePaymentsClient() {
  const { cartApi, fetch } = useCommerce();
  return useSharedPaymentsClient(cartApi.paymentsConfig, fetch);
}
