export const navLinks = [
  { label: 'Home', href: '/' },
  { label: 'Farms', href: '/farms' },
  { label: 'Orders', href: '/order' },
  { label: 'Store', href: '/store' },
] as const;

/** The add menu of spec 1 §2.2. Create New Farm opens the create-farm modal on the farms page. */
export const addMenuItems = [
  { id: 'create-farm', label: 'Create New Farm', href: '/farms', state: { createFarm: true } },
  {
    id: 'order-imagery',
    label: 'Order High-Resolution Imagery',
    href: '/order/high-resolution-imagery',
    state: undefined,
  },
  { id: 'book-em', label: 'Book Rapid-EM', href: '/rapid-em-booking', state: undefined },
] as const;

export function isLinkActive(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/' || pathname.startsWith('/dashboard');
  if (href === '/order')
    return pathname.startsWith('/order') || pathname.startsWith('/pay') || pathname.startsWith('/rapid-em-booking');
  return pathname === href || pathname.startsWith(`${href}/`);
}
