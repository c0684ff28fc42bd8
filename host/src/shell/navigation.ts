import { paths, routePatterns, staticPrefix, type FarmsNavState } from '@paddock/shared/contracts';

export const navLinks = [
  { label: 'Home', href: paths.home },
  { label: 'Farms', href: paths.farms },
  { label: 'Orders', href: paths.orders },
  { label: 'Store', href: paths.store },
] as const;

const createFarm: FarmsNavState = { createFarm: true };

/** The add menu of spec 1 §2.2. Create New Farm opens the create-farm modal on the farms page. */
export const addMenuItems = [
  { id: 'create-farm', label: 'Create New Farm', href: paths.farms, state: createFarm },
  { id: 'order-imagery', label: 'Order High-Resolution Imagery', href: paths.orderHighResImagery, state: undefined },
  { id: 'book-em', label: 'Book Rapid-EM', href: paths.rapidEmBooking(), state: undefined },
] as const;

/** Orders covers the whole ordering flow: reviews, payments for an order and bookings. */
const ordersSection = [
  paths.orders,
  staticPrefix(routePatterns.orderReview),
  staticPrefix(routePatterns.pay),
  paths.rapidEmBooking(),
];

/** The path is `prefix` or below it, whole segments only ('/pay' is not '/payment'). */
const within = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function isLinkActive(href: string, pathname: string): boolean {
  if (href === paths.home) return pathname === paths.home || within(pathname, paths.dashboard);
  if (href === paths.orders) return ordersSection.some((prefix) => within(pathname, prefix));
  return within(pathname, href);
}
