import { freshFor, queryKeys, queryPolicy, useAction, useQuery } from '@paddock/shared/query';
import { useAccount } from '../context';

/** The Advanced price (spec 3 §3): a failure only marks the price as failed (spec 3 §8). */
export function useSubscriptionPrice(enabled = true) {
  const { subscriptions } = useAccount();
  return useQuery({
    queryKey: queryKeys.subscriptions.price(),
    queryFn: () => subscriptions.price(),
    enabled,
    ...queryPolicy({ freshFor: freshFor.fiveMinutes, retries: 1 }),
  });
}

/** Leaving for the billing portal (an object, so tests can watch the navigation jsdom cannot do). */
export const portalNavigation = { assign: (url: string) => window.location.assign(url) };

/** 'Manage Subscription' / 'Manage Payment Options': the billing portal; its error is a toast (spec 3 §8). */
export function useBillingPortal() {
  const { subscriptions } = useAccount();
  return useAction({
    run: () => subscriptions.portalUrl(),
    onSuccess: (url) => portalNavigation.assign(url),
  });
}
