import { bookingDateSchema, reserveRequestSchema } from './bookings';
import { dateProblem, dayOrDateTimeSchema, isoDateSchema, isRealDate, lastDayAhead } from './imagery';

describe('calendar dates', () => {
  const impossible = ['2026-13-01', '2027-00-10', '2026-02-30', '2026-01-32', '2026-02-29', '2026-04-31'];

  it('tells real days from impossible ones without throwing', () => {
    for (const value of ['2026-01-31', '2024-02-29', '2026-12-31', '2027-01-01']) expect(isRealDate(value)).toBe(true);
    for (const value of [...impossible, '2026-1-01', 'tomorrow', '']) expect(isRealDate(value)).toBe(false);
  });

  it('says in plain words what is wrong', () => {
    expect(dateProblem('2026-13-01')).toBe('2026-13-01 is not a date: there is no month 13.');
    expect(dateProblem('2027-00-10')).toBe('2027-00-10 is not a date: there is no month 00.');
    expect(dateProblem('2026-02-30')).toBe('2026-02-30 is not a date: that month has no day 30.');
    expect(dateProblem('2026-01-32')).toBe('2026-01-32 is not a date: that month has no day 32.');
    expect(dateProblem('01/02/2026')).toBe('Dates are written YYYY-MM-DD');
    expect(dateProblem('2026-02-28')).toBeNull();
  });

  it('every schema of dates refuses an impossible date as an issue, never by throwing', () => {
    for (const value of impossible) {
      for (const schema of [isoDateSchema, dayOrDateTimeSchema, bookingDateSchema]) {
        const result = schema.safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toMatch(/is not a date/);
      }
      expect(dayOrDateTimeSchema.safeParse(`${value}T10:00:00Z`).success).toBe(false);
      const reserve = reserveRequestSchema.safeParse({ machine_id: 'm', start_date: value, end_date: '2026-05-10' });
      expect(reserve.success).toBe(false);
    }
  });

  it('the last day ahead is two years on', () => {
    expect(lastDayAhead('2026-11-26')).toBe('2028-11-26');
  });
});
