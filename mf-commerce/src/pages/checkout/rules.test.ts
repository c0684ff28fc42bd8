import { validateCheckout } from './rules';

describe('validateCheckout (spec 2 §5 zoning checkout)', () => {
  it("says a missing state and zip code in the zoning checkout's own words", () => {
    const errors = validateCheckout({ country: 'AU', address1: '1 Main St', city: 'Clare', state: '', zipCode: '' });
    expect(errors.state).toBe('Enter state');
    expect(errors.zipCode).toBe('Enter zip code');
  });

  it("keeps the shared address rules' other messages (a malformed Australian postcode)", () => {
    const errors = validateCheckout({
      country: 'AU',
      address1: '1 Main St',
      city: 'Clare',
      state: 'SA',
      zipCode: '12',
    });
    expect(errors.state).toBeUndefined();
    expect(errors.zipCode).toBeDefined();
    expect(errors.zipCode).not.toBe('Enter zip code');
  });
});
