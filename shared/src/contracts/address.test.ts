import { addressIncomplete, australianState } from './address';

describe('australianState', () => {
  it('reads a state in words, any case, or abbreviated with a full stop', () => {
    expect(australianState('south australia')).toBe('SA');
    expect(australianState(' Tasmania ')).toBe('TAS');
    expect(australianState('vic.')).toBe('VIC');
    expect(australianState('Nsw')).toBe('NSW');
  });

  it('is null for anything else', () => {
    expect(australianState('Auckland')).toBeNull();
    expect(australianState('')).toBeNull();
    expect(australianState(null)).toBeNull();
  });
});

describe('addressIncomplete', () => {
  const wagga = {
    country: 'AU',
    address1: '1 Long Paddock Rd',
    address2: '',
    city: 'Wagga Wagga',
    state: 'NSW',
    zipCode: '2650',
  };

  it('is true while a required part is empty, the state included where the country asks for one', () => {
    expect(addressIncomplete(wagga)).toBe(false);
    expect(addressIncomplete({ ...wagga, city: ' ' })).toBe(true);
    expect(addressIncomplete({ ...wagga, state: '' })).toBe(true);
    expect(addressIncomplete({ ...wagga, zipCode: '' })).toBe(true);
    expect(addressIncomplete(undefined)).toBe(true);
  });

  it('is false for a complete address with a badly shaped part (that part has its own message)', () => {
    expect(addressIncomplete({ ...wagga, zipCode: '265' })).toBe(false);
    expect(addressIncomplete({ ...wagga, address2: '' })).toBe(false);
  });
});
