import { etagMatches } from './etag';
import { round4 } from './figures';

describe('etagMatches', () => {
  const etag = '"abc"';
  it('matches the same tag, a weak copy of it, one in a list and *', () => {
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"x", "abc"', etag)).toBe(true);
    expect(etagMatches(' * ', etag)).toBe(true);
  });
  it('does not match no header or another tag', () => {
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('"abcd"', etag)).toBe(false);
  });
});

describe('round4', () => {
  it('keeps four decimals', () => {
    expect(round4(0.123456)).toBe(0.1235);
    expect(round4(-0.00004)).toBe(-0);
    expect(round4(2)).toBe(2);
  });
});
