import { australianState } from './address';

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
