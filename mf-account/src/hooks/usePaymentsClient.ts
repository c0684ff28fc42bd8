import { useMemo } from 'react';
import { createPaymentsClient, type AnyPaymentsClient } from '@paddock/shared/payments';
import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import { useAccount } from '../context';

/** The browser's payments client, chosen by the API's payments configuration (test provider or Stripe). */
export function usePaymentsClient(enabled = true): { client: AnyPaymentsClient | null; failed: boolean } {
  const { subscriptions, fetch } = useAccount();
  const config = useQuery({
    queryKey: queryKeys.payments.config(),
    queryFn: () => subscriptions.paymentsConfig(),
    enabled,
    ...queryPolicy({ freshFor: freshFor.forever }),
  });
  const client = useMemo(() => (config.data ? createPaymentsClient(config.data, fetch) : null), [config.data, fetch]);
  return { client, failed: config.isError };
}
