import { formatAud, formatDate, formatFileSize, formatHectares } from './index';

describe('format', () => {
  it('shows hectares with two decimals and thousands separators', () => {
    expect(formatHectares(1234.5)).toBe('1,234.50');
    expect(formatHectares(0.004)).toBe('0.00');
  });

  it('shows AUD from cents', () => {
    expect(formatAud(123400)).toBe('$1,234.00');
    expect(formatAud(48000, { prefixed: true })).toBe('AU$480.00');
  });

  it("formats dates like 'MMMM d, yyyy' and shows N/A for nothing or junk", () => {
    expect(formatDate('2026-03-05T10:00:00')).toBe('5 Mar 2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('reads file sizes as KB below a megabyte and MB above', () => {
    expect(formatFileSize(0)).toBe('0 KB');
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(12_345)).toBe('13 KB');
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe('1.4 MB');
    expect(formatFileSize(200 * 1024 * 1024)).toBe('200 MB');
  });
});
