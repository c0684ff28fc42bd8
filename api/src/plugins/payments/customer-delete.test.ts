import type { FastifyBaseLogger } from 'fastify';
import { ProviderError, type PaymentProvider } from '../../payments/provider';
import { runCustomerDelete } from './service';

/** The job that deletes a deleted account's customer at the provider: what counts as done, what is retried. */
describe('deleting an account’s customer at the provider', () => {
  const quiet = () => undefined;
  const log = { info: quiet, warn: quiet, error: quiet } as unknown as FastifyBaseLogger;
  const providerThat = (name: 'test' | 'stripe', answer: () => Promise<{ id: string; deleted: true }>) => {
    const calls: string[] = [];
    const provider = {
      name,
      deleteCustomer: (id: string) => {
        calls.push(id);
        return answer();
      },
    } as unknown as PaymentProvider;
    return { provider, calls };
  };

  it('deletes the customer at the provider it was made with', async () => {
    const { provider, calls } = providerThat('stripe', async () => ({ id: 'cus_1', deleted: true }));
    await runCustomerDelete(provider, { provider: 'stripe', customer: 'cus_1' }, log);
    expect(calls).toEqual(['cus_1']);
  });

  it('counts a customer already gone as done (a retry after a lost answer)', async () => {
    const gone = new ProviderError('invalid_request_error', 'resource_missing', "No such customer: 'cus_1'", 404);
    const { provider } = providerThat('stripe', () => Promise.reject(gone));
    await expect(runCustomerDelete(provider, { provider: 'stripe', customer: 'cus_1' }, log)).resolves.toBeUndefined();
  });

  it('fails (so the job is retried) while the provider is down', async () => {
    const down = new ProviderError('api_error', null, 'Stripe is unavailable', 500);
    const { provider } = providerThat('stripe', () => Promise.reject(down));
    await expect(runCustomerDelete(provider, { provider: 'stripe', customer: 'cus_1' }, log)).rejects.toBe(down);
  });

  it('never sends a customer of another provider to this one', async () => {
    const { provider, calls } = providerThat('test', async () => ({ id: 'cus_1', deleted: true }));
    await runCustomerDelete(provider, { provider: 'stripe', customer: 'cus_1' }, log);
    expect(calls).toEqual([]);
  });
});
