import { emptyAddress } from '@paddock/shared/contracts';
import { validateSettings } from './settingsForm';

const named = { first_name: 'Olive', last_name: 'Grower', email: 'olive@example.com' };

describe('settings address rules', () => {
  it('a partly typed address may be saved; what is typed must be right (a 4-digit Postcode)', () => {
    expect(validateSettings({ ...named, address: { ...emptyAddress, zipCode: '2650' } })).toEqual({});
    expect(validateSettings({ ...named, address: { ...emptyAddress, zipCode: '265' } })).toEqual({
      address: { zipCode: 'Enter a 4-digit postcode.' },
    });
    expect(validateSettings({ ...named, address: emptyAddress })).toEqual({});
  });
});
