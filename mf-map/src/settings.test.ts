import { readSetting, writeSetting } from './settings';

beforeEach(() => window.localStorage.clear());

describe('browser settings', () => {
  it('writes, reads back and removes a setting', () => {
    expect(readSetting('paddock:test')).toBeNull();
    writeSetting('paddock:test', 'on');
    expect(window.localStorage.getItem('paddock:test')).toBe('on');
    expect(readSetting('paddock:test')).toBe('on');
    writeSetting('paddock:test', null);
    expect(readSetting('paddock:test')).toBeNull();
  });

  it('carries on without storage (private mode, blocked cookies)', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => writeSetting('paddock:test', 'on')).not.toThrow();
    expect(readSetting('paddock:test')).toBeNull();
    getItem.mockRestore();
    setItem.mockRestore();
  });
});
