import { createPaymentsClient, type AnyPaymentsClient } from '@paddock/shared/payments';
import { queryKeys, queryPolicy, freshFor, useQuery } from '@paddock/shared/query';
import { useMemo } from 'react';
import { useCommerce } from '../../context';

/** The browser's payments client, chosen by the API's payments configuration (test provider or Stripe). */
export function usePaymentsClient(): { client: AnyPaymentsClient | null; failed: boolean } {
  const { cartApi, fetch } = useCommerce();
  const config = useQuery({
    queryKey: queryKeys.payments.config(),
    queryFn: () => cartApi.paymentsConfig(),
    ...queryPolicy({ freshFor: freshFor.forever }),
  });
  const client = useMemo(() => (config.data ? createPaymentsClient(config.data, fetch) : null), [config.data, fetch]);
  return { client, failed: config.isError };
}
