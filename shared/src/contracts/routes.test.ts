import { remoteNames } from './microfrontend';
import {
  paths,
  patternToRegExp,
  productPath,
  routeOwners,
  routePatterns,
  routesOf,
  staticPrefix,
  type RouteId,
} from './routes';

const ownerOf = (path: string) =>
  remoteNames.find((remote) => routesOf(remote).some((pattern) => patternToRegExp(pattern).test(path)));

describe('route contract', () => {
  it('gives every route exactly one owning area', () => {
    const owned = Object.values(routeOwners).flat();
    expect([...owned].sort()).toEqual((Object.keys(routePatterns) as RouteId[]).sort());
    expect(new Set(owned).size).toBe(owned.length);
  });

  it.each([
    [paths.home, 'mf_account'],
    [paths.dashboard, 'mf_account'],
    [paths.profileSetup, 'mf_account'],
    [paths.settings(), 'mf_account'],
    [paths.storeHighResImagery, 'mf_account'],
    [paths.advanced('subscribe'), 'mf_account'],
    [paths.productsAndGuides, 'mf_account'],
    [paths.farms, 'mf_farms'],
    [paths.farmDetails('f 1'), 'mf_farms'],
    [paths.farmMap('f 1'), 'mf_map'],
    [paths.orderHighResImagery, 'mf_commerce'],
    [paths.orderReview('o1', 'success'), 'mf_commerce'],
    [paths.pay('o1'), 'mf_commerce'],
    [paths.rapidEmBooking('success'), 'mf_commerce'],
    [paths.payment, 'mf_commerce'],
    [paths.paymentSuccess, 'mf_commerce'],
  ])('every built path (%s) reaches its area (%s)', (path, remote) => {
    expect(ownerOf(path)).toBe(remote);
  });

  it('writes the paths of the spec', () => {
    expect(paths.farmMap('a/b')).toBe('/farms/a%2Fb');
    expect(paths.farmDetails('42')).toBe('/farms/42/details');
    expect(paths.settings('subscription-status')).toBe('/settings#subscription-status');
    expect(paths.advanced()).toBe('/advanced');
    expect(paths.orderReview('7')).toBe('/order-review/7');
    expect(paths.rapidEmBooking()).toBe('/rapid-em-booking');
  });

  it('turns patterns into whole-path matches with optional segments and a trailing slash', () => {
    const review = patternToRegExp(routePatterns.orderReview);
    expect(review.test('/order-review/7')).toBe(true);
    expect(review.test('/order-review/7/success/')).toBe(true);
    expect(review.test('/order-review')).toBe(false);
    expect(review.test('/order-review/7/success/extra')).toBe(false);
    expect(patternToRegExp('/').test('/')).toBe(true);
    expect(patternToRegExp('/').test('/x')).toBe(false);
  });

  it('puts a path under the basename, with or without slashes', () => {
    expect(productPath('/', '/farms')).toBe('/farms');
    expect(productPath('/app/', 'farms')).toBe('/app/farms');
  });
});

it('staticPrefix is the fixed start of a pattern, before its first parameter', () => {
  expect(staticPrefix(routePatterns.orderReview)).toBe('/order-review');
  expect(staticPrefix(routePatterns.pay)).toBe('/pay');
  expect(staticPrefix(routePatterns.orders)).toBe(routePatterns.orders);
  expect(staticPrefix('/:farmId')).toBe('/');
});
