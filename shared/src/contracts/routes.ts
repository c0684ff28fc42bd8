// Every route of the product (spec 1 §2.1, spec 2 §2, spec 3 §2.1), the area that owns it, and the
// path builders. The host's route table and every remote's router read this file; nothing else
// writes a product path by hand. Plain data and functions: the shell bundle loads it.
import type { RemoteName } from './microfrontend';

/**
 * Route patterns in react-router syntax (`:param`, `:param?` for an optional last segment). A
 * remote's router uses them as `<Route path={routePatterns.farmDetails} />`.
 */
export const routePatterns = {
  // mf-account (spec 3 §2.1)
  home: '/',
  dashboard: '/dashboard',
  gettingStarted: '/getting-started',
  profileSetup: '/getting-started/profile-setup',
  terms: '/getting-started/terms-and-conditions',
  settings: '/settings',
  store: '/store',
  storeHighResImagery: '/store/high-resolution-imagery',
  advanced: '/advanced/:state?',
  productsAndGuides: '/products-and-guides',
  // mf-farms (spec 1 §2.1)
  farms: '/farms',
  farmDetails: '/farms/:farmId/details',
  /** A farm invitation's link (`?token=…&email=…`, issue 27): signs the invitee up or in, then accepts. */
  invitation: '/invitation',
  // mf-map (spec 1 §2.1, spec 2)
  farmMap: '/farms/:farmId',
  // mf-commerce (spec 2 §2, spec 3 §2.1)
  orders: '/order',
  orderHighResImagery: '/order/high-resolution-imagery',
  orderReview: '/order-review/:orderId/:type?',
  pay: '/pay/:orderId',
  rapidEmBooking: '/rapid-em-booking/:status?',
  payment: '/payment',
  paymentSuccess: '/payment-success',
} as const;

export type RouteId = keyof typeof routePatterns;

/** Which area serves which routes; the host mounts an area for exactly these (anything else is 'Error 404'). */
export const routeOwners: Record<RemoteName, readonly RouteId[]> = {
  mf_account: [
    'home',
    'dashboard',
    'gettingStarted',
    'profileSetup',
    'terms',
    'settings',
    'store',
    'storeHighResImagery',
    'advanced',
    'productsAndGuides',
  ],
  mf_farms: ['farms', 'farmDetails', 'invitation'],
  mf_map: ['farmMap'],
  mf_commerce: ['orders', 'orderHighResImagery', 'orderReview', 'pay', 'rapidEmBooking', 'payment', 'paymentSuccess'],
};

/** The routes of one area, as react-router patterns. */
export const routesOf = (remote: RemoteName): string[] => routeOwners[remote].map((id) => routePatterns[id]);

/** The fixed start of a pattern, before its first parameter: '/order-review/:orderId/:type?' → '/order-review'. */
export const staticPrefix = (pattern: string): string => pattern.split('/:')[0] || '/';

const segment = '[^/]+';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern as a whole-path RegExp: `:x` is one segment, `/:x?` an optional one, a trailing slash allowed. */
export function patternToRegExp(pattern: string): RegExp {
  if (pattern === '/') return /^\/$/;
  const body = pattern
    .split('/')
    .slice(1)
    .map((part) => {
      if (part.startsWith(':') && part.endsWith('?')) return `(?:/${segment})?`;
      if (part.startsWith(':')) return `/${segment}`;
      return `/${escape(part)}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

const enc = encodeURIComponent;

/** Path builders: the one way to write a product path (pass the result to `goTo` or `productPath`). */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  gettingStarted: '/getting-started',
  profileSetup: '/getting-started/profile-setup',
  terms: '/getting-started/terms-and-conditions',
  /** Settings; `section` is the anchor of spec 3 §2.1 ('profile', 'subscription-status'). */
  settings: (section?: 'profile' | 'subscription-status') => (section ? `/settings#${section}` : '/settings'),
  store: '/store',
  storeHighResImagery: '/store/high-resolution-imagery',
  /** Get Advanced; state 'success' or 'subscribe' opens the upgrade modal (spec 3 §2.13). */
  advanced: (state?: 'success' | 'subscribe') => (state ? `/advanced/${state}` : '/advanced'),
  productsAndGuides: '/products-and-guides',
  farms: '/farms',
  farmDetails: (farmId: string) => `/farms/${enc(farmId)}/details`,
  farmMap: (farmId: string) => `/farms/${enc(farmId)}`,
  invitation: '/invitation',
  orders: '/order',
  orderHighResImagery: '/order/high-resolution-imagery',
  /** Order review; type 'success' adds the banner (spec 3 §2.10). */
  orderReview: (orderId: string, type?: 'success') =>
    type ? `/order-review/${enc(orderId)}/${type}` : `/order-review/${enc(orderId)}`,
  pay: (orderId: string) => `/pay/${enc(orderId)}`,
  /** Rapid-EM booking; status 'success' shows the success screen (spec 3 §2.11). */
  rapidEmBooking: (status?: 'success') => (status ? `/rapid-em-booking/${status}` : '/rapid-em-booking'),
  payment: '/payment',
  paymentSuccess: '/payment-success',
} as const;

/** A product path under an area's basename ('/' inside the host; a prefix in a standalone harness). */
export function productPath(basename: string, path: string): string {
  const base = basename.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
