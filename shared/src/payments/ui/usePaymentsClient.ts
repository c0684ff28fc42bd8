import { useMemo } from 'react';
import type { PaymentsClientConfig } from '../../contracts/commerce';
import { freshFor, queryKeys, queryPolicy, useQuery } from '../../query';
import { createPaymentsClient, type AnyPaymentsClient } from '../client';

/**
 * The browser's payments client, chosen by the API's payments configuration (`GET v2/payments/config`:
 * the test provider or Stripe), loaded once per mount and kept.
 */
export function usePaymentsClient(
  loadConfig: () => Promise<PaymentsClientConfig>,
  fetchImpl?: typeof fetch,
  enabled = true,
): { client: AnyPaymentsClient | null; failed: boolean } {
  const config = useQuery({
    queryKey: queryKeys.payments.config(),
    queryFn: loadConfig,
    enabled,
    ...queryPolicy({ freshFor: freshFor.forever }),
  });
  const client = useMemo(
    () => (config.data ? createPaymentsClient(config.data, fetchImpl) : null),
    [config.data, fetchImpl],
  );
  return { client, failed: config.isError };
}
