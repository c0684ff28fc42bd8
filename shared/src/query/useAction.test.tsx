import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, failureMessage } from '../api-client';
import { queryHarness } from '../testing';
import { queryKeys } from './keys';
import { useAction } from './useAction';

describe('useAction', () => {
  it('calls, toasts the success, announces, invalidates, then runs the follow-up, in that order', async () => {
    const { wrapper, toasts, events, client } = queryHarness('paddock:farm-changed');
    client.setQueryData(queryKeys.farms.detail('f1'), { name: 'Old' });
    const order: string[] = [];
    const { result } = renderHook(
      () =>
        useAction({
          run: async (name: string) => {
            order.push(`call ${name}`);
            return { farmId: 'f1' };
          },
          success: 'Farm name updated!',
          events: ({ farmId }) => [['paddock:farm-changed', { farmId, change: 'updated' }]],
          invalidates: ({ farmId }) => [queryKeys.farms.detail(farmId)],
          onSuccess: (_result, name) => order.push(`follow-up ${name}`),
        }),
      { wrapper },
    );
    let value: unknown;
    await act(async () => {
      value = await result.current.run('New');
    });
    expect(value).toEqual({ farmId: 'f1' });
    expect(order).toEqual(['call New', 'follow-up New']);
    expect(toasts).toEqual([{ kind: 'success', message: 'Farm name updated!' }]);
    expect(events['paddock:farm-changed']).toEqual([{ farmId: 'f1', change: 'updated' }]);
    expect(client.getQueryState(queryKeys.farms.detail('f1'))?.isInvalidated).toBe(true);
  });

  it('is busy while the call is in flight', async () => {
    const { wrapper } = queryHarness('paddock:farm-changed');
    let finish: () => void = () => undefined;
    const { result } = renderHook(() => useAction({ run: () => new Promise<void>((resolve) => (finish = resolve)) }), {
      wrapper,
    });
    expect(result.current.busy).toBe(false);
    let pending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      pending = result.current.trigger();
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => {
      finish();
      await pending;
    });
    await waitFor(() => expect(result.current.busy).toBe(false));
  });

  it("toasts the server's message on failure and rejects, without the success steps", async () => {
    const { wrapper, toasts, events } = queryHarness('paddock:farm-changed');
    const onSuccess = jest.fn();
    const { result } = renderHook(
      () =>
        useAction({
          run: async () => {
            throw new ApiError(401, 'Only the owner may share this farm');
          },
          success: 'Farms shared successfully',
          events: () => [['paddock:farm-changed', { farmId: 'f1', change: 'updated' }]],
          onSuccess: () => onSuccess(),
        }),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.run()).rejects.toMatchObject({ status: 401 });
    });
    expect(toasts).toEqual([{ kind: 'error', message: 'Only the owner may share this farm' }]);
    expect(events['paddock:farm-changed']).toEqual([]);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("uses the product's words when the failure has none, and trigger resolves false", async () => {
    const { wrapper, toasts } = queryHarness('paddock:farm-changed');
    const { result } = renderHook(
      () =>
        useAction({
          run: async () => {
            throw new Error('network down');
          },
          failure: 'Could not rename the farm',
        }),
      { wrapper },
    );
    let ok = true;
    await act(async () => {
      ok = await result.current.trigger();
    });
    expect(ok).toBe(false);
    expect(toasts).toEqual([{ kind: 'error', message: 'Could not rename the farm' }]);
  });

  it('takes the spec\'s failure message as a function (e.g. "Can\'t delete field!" and the reason)', async () => {
    const { wrapper, toasts } = queryHarness('paddock:farm-changed');
    const { result } = renderHook(
      () =>
        useAction({
          run: async () => {
            throw new ApiError(403, 'Viewers cannot delete fields');
          },
          failure: (error) => failureMessage("Can't delete field!", error),
        }),
      { wrapper },
    );
    await act(() => result.current.trigger());
    expect(toasts).toEqual([{ kind: 'error', message: "Can't delete field! Viewers cannot delete fields" }]);
  });

  it('leaves the failure to the caller with failure: false', async () => {
    const { wrapper, toasts } = queryHarness('paddock:farm-changed');
    const { result } = renderHook(
      () =>
        useAction({
          run: async () => {
            throw new ApiError(422, 'Farm Name is required!');
          },
          failure: false,
        }),
      { wrapper },
    );
    await act(() => result.current.trigger());
    expect(toasts).toEqual([]);
  });

  it('builds the success message from the result (the server-worded messages of spec 1 §8)', async () => {
    const { wrapper, toasts } = queryHarness('paddock:farm-changed');
    const { result } = renderHook(
      () => useAction({ run: async (email: string) => `${email} was removed`, success: (message) => message }),
      { wrapper },
    );
    await act(() => result.current.run('sam@example.com'));
    expect(toasts).toEqual([{ kind: 'success', message: 'sam@example.com was removed' }]);
  });
});
