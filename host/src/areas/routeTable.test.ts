import { areaForPath } from './routeTable';

describe('route table', () => {
  it.each([
    ['/', 'mf_account'],
    ['/dashboard', 'mf_account'],
    ['/getting-started', 'mf_account'],
    ['/getting-started/profile-setup', 'mf_account'],
    ['/getting-started/terms-and-conditions', 'mf_account'],
    ['/settings', 'mf_account'],
    ['/store', 'mf_account'],
    ['/advanced/success', 'mf_account'],
    ['/farms', 'mf_farms'],
    ['/farms/', 'mf_farms'],
    ['/farms/42/details', 'mf_farms'],
    ['/farms/42', 'mf_map'],
    ['/order', 'mf_commerce'],
    ['/order/high-resolution-imagery', 'mf_commerce'],
    ['/order-review/7/success', 'mf_commerce'],
    ['/pay/7', 'mf_commerce'],
    ['/rapid-em-booking', 'mf_commerce'],
    ['/payment', 'mf_commerce'],
  ])('%s belongs to %s', (path, remote) => {
    expect(areaForPath(path)?.remote).toBe(remote);
  });

  it.each(['/nope', '/farms/1/details/extra', '/getting-started/other', '/store/unknown', '/dashboardx'])(
    '%s belongs to no area (404)',
    (path) => {
      expect(areaForPath(path)).toBeUndefined();
    },
  );
});

it('mounts the commerce area for the payment-success page of spec 2', () => {
  expect(areaForPath('/payment-success')?.remote).toBe('mf_commerce');
});
