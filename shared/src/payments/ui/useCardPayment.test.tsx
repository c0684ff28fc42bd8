import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '../../api-client';
import { queryHarness } from '../../testing';
import type { ConfirmOutcome, ConfirmRequest, TestCard, TestPaymentsClient } from '../client';
import { emptyCardState } from '../messages';
import { useCardPayment, type CardPaymentOptions } from './useCardPayment';

const complete = { empty: false, complete: true, invalid: false };
const card: TestCard = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

function fakeClient(outcome: ConfirmOutcome, returned: ConfirmOutcome = { status: 'succeeded' }) {
  const confirms: ConfirmRequest<TestCard>[] = [];
  const client: TestPaymentsClient = {
    provider: 'test',
    testMode: true,
    confirmCard: async (request) => {
      confirms.push(request);
      return outcome;
    },
    retrieveStatus: async () => returned,
  };
  return { client, confirms };
}

type Started = { secret: string | null };

function setup(overrides: Partial<CardPaymentOptions<string, Started>> & { client: TestPaymentsClient }) {
  const { wrapper, toasts } = queryHarness('paddock:cart-changed');
  const paid: Array<Started | null> = [];
  const declined: string[] = [];
  const redirects: string[] = [];
  const { result } = renderHook(
    () =>
      useCardPayment<string, Started>({
        start: async () => ({ secret: 'pi_1_secret_2' }),
        clientSecret: (started) => started.secret,
        billingDetails: (name) => ({ name }),
        returnUrl: () => 'http://localhost/payment',
        failure: 'Your payment could not be started. Please try again.',
        onPaid: (started) => paid.push(started),
        onDeclined: (message) => declined.push(message),
        redirect: (url) => redirects.push(url),
        ...overrides,
      }),
    { wrapper },
  );
  return { result, toasts, paid, declined, redirects };
}

describe('useCardPayment (the one card flow of every checkout)', () => {
  it('holds the card from its fields, opens the payment, confirms that card with the billing details, then pays', async () => {
    const { client, confirms } = fakeClient({ status: 'succeeded' });
    const { result, paid, toasts } = setup({ client });
    expect(result.current.cardInvalid).toBe(true);
    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    expect(result.current.cardInvalid).toBe(false);
    await act(() => result.current.pay('Owen Grower'));
    expect(confirms).toEqual([
      {
        clientSecret: 'pi_1_secret_2',
        card,
        billingDetails: { name: 'Owen Grower' },
        returnUrl: 'http://localhost/payment',
      },
    ]);
    expect(paid).toEqual([{ secret: 'pi_1_secret_2' }]);
    expect(toasts).toEqual([]);
    expect(result.current.processing).toBe(true);
  });

  it('a confirm refused because the same payment was already paid (another tab, same purchase) counts as paid', async () => {
    const { client } = fakeClient(
      { status: 'failed', message: 'This payment has already succeeded.' },
      { status: 'succeeded' },
    );
    const { result, paid, declined, toasts } = setup({ client });
    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    await act(() => result.current.pay('Owen'));
    expect(paid).toEqual([{ secret: 'pi_1_secret_2' }]);
    expect(declined).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('a 409 from the server on starting the payment is kept for an inline message', async () => {
    const { client, confirms } = fakeClient({ status: 'succeeded' });
    const message = "The fields of your zones on 'North' have changed since you added them to your cart.";
    const { result, paid } = setup({
      client,
      start: async () => {
        throw new ApiError(409, message);
      },
    });
    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    await act(() => result.current.pay('Owen'));
    expect(confirms).toEqual([]);
    expect(paid).toEqual([]);
    expect(result.current.refused).toBe(message);
    expect(result.current.processing).toBe(false);
  });

  it("a declined card: the provider's words as a toast and inline, the form usable again", async () => {
    const { client } = fakeClient(
      { status: 'failed', message: 'Your card was declined.' },
      { status: 'failed', message: 'Your card was declined.' },
    );
    const { result, paid, declined, toasts } = setup({ client });
    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    await act(() => result.current.pay('Owen'));
    expect(paid).toEqual([]);
    expect(declined).toEqual(['Your card was declined.']);
    expect(result.current.declined).toBe('Your card was declined.');
    expect(toasts).toEqual([{ kind: 'error', message: 'Your card was declined.' }]);
    expect(result.current.processing).toBe(false);
    expect(result.current.cardSection.disabled).toBe(false);
  });

  it("a refused start: the server's message once, nothing confirmed", async () => {
    const { client, confirms } = fakeClient({ status: 'succeeded' });
    const { result, toasts } = setup({
      client,
      start: () => Promise.reject(new ApiError(409, "You're already using advanced")),
    });
    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    await act(() => result.current.pay('Owen'));
    expect(confirms).toEqual([]);
    expect(toasts).toEqual([{ kind: 'error', message: "You're already using advanced" }]);
    expect(result.current.processing).toBe(false);
  });

  it('nothing to confirm (invoice terms): paid without touching the card', async () => {
    const { client, confirms } = fakeClient({ status: 'succeeded' });
    const { result, paid } = setup({ client, start: async () => ({ secret: null }) });
    await act(() => result.current.pay('Owen'));
    expect(confirms).toEqual([]);
    expect(paid).toEqual([{ secret: null }]);
  });

  it('3-D Secure: leaves for the authentication page and stays busy', async () => {
    const { client } = fakeClient({ status: 'requires_action', url: 'http://api.test/authenticate/pi_1' });
    const { result, paid, redirects } = setup({ client });
    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    await act(() => result.current.pay('Owen'));
    expect(redirects).toEqual(['http://api.test/authenticate/pi_1']);
    expect(paid).toEqual([]);
    expect(result.current.processing).toBe(true);
  });

  it('back from 3-D Secure: a succeeded intent pays, a failed one is said', async () => {
    const good = fakeClient({ status: 'succeeded' }, { status: 'succeeded' });
    const first = setup({ client: good.client, returnedSecret: 'pi_1_secret_2' });
    await waitFor(() => expect(first.paid).toEqual([null]));

    const bad = fakeClient(
      { status: 'succeeded' },
      { status: 'failed', message: 'We are unable to authenticate your payment method.' },
    );
    const second = setup({ client: bad.client, returnedSecret: 'pi_1_secret_2' });
    await waitFor(() => expect(second.declined).toEqual(['We are unable to authenticate your payment method.']));
    expect(second.toasts).toEqual([{ kind: 'error', message: 'We are unable to authenticate your payment method.' }]);
    expect(second.result.current.processing).toBe(false);
  });

  it('a card that never became complete is not sent', async () => {
    const { client, confirms } = fakeClient({ status: 'succeeded' });
    const { result, toasts } = setup({ client });
    act(() => result.current.cardSection.onChange(emptyCardState, null));
    await act(() => result.current.pay('Owen'));
    expect(confirms).toEqual([]);
    expect(toasts).toEqual([{ kind: 'error', message: 'The card payment service is not ready. Please try again.' }]);
  });

  it("a submit with form errors or an unusable card shows the card's messages and one toast; pay waits for a usable card", async () => {
    const { client, confirms } = fakeClient({ status: 'succeeded' });
    const started: string[] = [];
    const { result, toasts } = setup({
      client,
      start: async (name) => {
        started.push(name);
        return { secret: 'pi_1_secret_2' };
      },
    });
    act(() => result.current.checkSubmit({}));
    expect(result.current.cardSection.showErrors).toBe(true);
    expect(toasts).toEqual([{ kind: 'error', message: "There's some validation error" }]);
    await act(() => result.current.submit('Owen'));
    expect(started).toEqual([]);

    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    act(() => result.current.checkSubmit({}));
    expect(toasts).toHaveLength(1);
    act(() => result.current.checkSubmit({ phoneNumber: 'Enter phone number' }, { toast: 'Phone number is required' }));
    expect(toasts.at(-1)).toEqual({ kind: 'error', message: 'Phone number is required' });
    await act(() => result.current.submit('Owen'));
    expect(started).toEqual(['Owen']);
    expect(confirms).toHaveLength(1);
  });

  it('without a card needed (invoice terms) an empty card neither toasts nor stops the submit', async () => {
    const { client } = fakeClient({ status: 'succeeded' });
    const { result, toasts, paid } = setup({ client, start: async () => ({ secret: null }) });
    act(() => result.current.checkSubmit({}, { cardNeeded: false }));
    expect(toasts).toEqual([]);
    expect(result.current.cardSection.showErrors).toBe(false);
    await act(() => result.current.submit('Owen', { cardNeeded: false }));
    expect(paid).toEqual([{ secret: null }]);
  });

  it('keeps the details once the purchase is priced, and a failure to keep them never stops the payment', async () => {
    const { client, confirms } = fakeClient({ status: 'succeeded' });
    const order: string[] = [];
    const { result, paid, toasts } = setup({
      client,
      start: async (name) => {
        order.push(`start ${name}`);
        return { secret: 'pi_1_secret_2' };
      },
      keepDetails: (name) => {
        order.push(`keep ${name}`);
        return Promise.reject(new Error('profile down'));
      },
    });
    act(() => result.current.cardSection.onChange({ number: complete, expiry: complete, cvc: complete }, card));
    await act(() => result.current.pay('Owen'));
    expect(order).toEqual(['start Owen', 'keep Owen']);
    expect(confirms).toHaveLength(1);
    expect(paid).toHaveLength(1);
    expect(toasts).toEqual([]);
  });
});
