import { isLinkActive } from './navigation';

describe('the active nav item', () => {
  it.each([
    ['/order', '/order', true],
    ['/order', '/order/high-resolution-imagery', true],
    ['/order', '/order-review/o1', true],
    ['/order', '/pay/o1', true],
    ['/order', '/rapid-em-booking', true],
    // The zoning checkout and its success page are the cart's, not an order's.
    ['/order', '/payment', false],
    ['/order', '/payment-success', false],
    ['/farms', '/farms/f1/details', true],
    ['/farms', '/farmsx', false],
  ])('%s is active on %s: %s', (href, pathname, active) => expect(isLinkActive(href, pathname)).toBe(active));
});
