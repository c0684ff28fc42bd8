import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../api-client';
import { queryHarness, recordingBus } from '../testing';
import { createQueryClient, freshFor, queryPolicy, retryUnlessClientError } from './client';
import { queryKeys } from './keys';
import { QueryProvider } from './QueryProvider';
import { useQuery } from './index';

describe('retry rule', () => {
  const retry = retryUnlessClientError(1);

  it('never asks again after a 4xx: the server has answered', () => {
    expect(retry(0, new ApiError(404, 'Not Found'))).toBe(false);
    expect(retry(0, new ApiError(422, 'Farm Name is required!'))).toBe(false);
  });

  it('retries a network or server fault as many times as allowed', () => {
    expect(retry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(retry(0, new ApiError(503, 'down'))).toBe(true);
    expect(retry(1, new ApiError(503, 'down'))).toBe(false);
  });
});

it("expresses the zoning issue's 'fresh for one day, retried once' per query", () => {
  const policy = queryPolicy({ freshFor: freshFor.oneDay, retries: 1 });
  expect(policy.staleTime).toBe(24 * 60 * 60 * 1000);
  expect(policy.gcTime).toBeGreaterThanOrEqual(policy.staleTime);
  expect(policy.retry(0, new ApiError(500, 'x'))).toBe(true);
  expect(policy.retry(1, new ApiError(500, 'x'))).toBe(false);
  expect(policy.retry(0, new ApiError(403, 'x'))).toBe(false);
});

describe('area query client', () => {
  it('retries a server fault once, then shows the data', async () => {
    const { wrapper } = queryHarness();
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(503, 'Service Unavailable');
      return 'farms';
    };
    const { result } = renderHook(() => useQuery({ queryKey: ['x'], queryFn: load }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('farms'));
    expect(calls).toBe(2);
  });

  it("toasts a failed load once with the server's message when the query asks for it", async () => {
    const { wrapper, toasts } = queryHarness();
    const load = async (): Promise<string> => {
      throw new ApiError(403, 'You are not a member of this farm');
    };
    const useRead = () => useQuery({ queryKey: ['y'], queryFn: load, meta: { errorToast: 'Could not load' } });
    // Two components reading the same query: still one toast.
    const { result } = renderHook(() => [useRead(), useRead()], { wrapper });
    await waitFor(() => expect(result.current[0]?.status).toBe('error'));
    expect(toasts).toEqual([{ kind: 'error', message: 'You are not a member of this farm' }]);
  });

  it('says nothing when the query shows its failure itself', async () => {
    const { wrapper, toasts } = queryHarness();
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ['z'],
          queryFn: async (): Promise<string> => {
            throw new ApiError(404, 'Not Found');
          },
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(toasts).toEqual([]);
  });

  it('uses the fallback words when the failure carries no message of the server', async () => {
    const { wrapper, toasts } = queryHarness();
    renderHook(
      () =>
        useQuery({
          queryKey: ['w'],
          queryFn: async (): Promise<string> => {
            throw new Error('boom');
          },
          retry: false,
          meta: { errorToast: 'Farms could not be loaded' },
        }),
      { wrapper },
    );
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', message: 'Farms could not be loaded' }]));
  });

  it('gives each mount its own cache', async () => {
    const { bus } = recordingBus();
    function Probe() {
      const { data } = useQuery({ queryKey: queryKeys.cropTypes, queryFn: async () => ['Wheat'] });
      return <p>{data?.join() ?? 'loading'}</p>;
    }
    const Mount = () => (
      <QueryProvider bus={bus}>
        <Probe />
      </QueryProvider>
    );
    const first = render(<Mount />);
    await screen.findByText('Wheat');
    first.unmount();
    render(<Mount />);
    // A new mount starts empty rather than showing what the previous user saw.
    expect(screen.getByText('loading')).toBeInTheDocument();
    await screen.findByText('Wheat');
  });
});

it('keys are broad first, so invalidating a domain reaches its lists and details', async () => {
  const { bus } = recordingBus();
  const client = createQueryClient({ bus, retryDelayMs: 0 });
  client.setQueryData(queryKeys.farms.list({ page: 1 }), 'list');
  client.setQueryData(queryKeys.farms.fields('f1'), 'fields');
  client.setQueryData(queryKeys.cropTypes, 'crops');
  await act(() => client.invalidateQueries({ queryKey: queryKeys.farms.all }));
  expect(client.getQueryState(queryKeys.farms.list({ page: 1 }))?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.farms.fields('f1'))?.isInvalidated).toBe(true);
  expect(client.getQueryState(queryKeys.cropTypes)?.isInvalidated).toBe(false);
});
