import { seasonsAround } from './seasons';

describe('seasonsAround', () => {
  it('runs winter crops from April, summer crops from September and the rest from July', () => {
    expect(seasonsAround('Wheat', '2025-11-21')).toEqual({
      current: { start: '2025-04-01', end: '2026-03-31' },
      previous: { start: '2024-04-01', end: '2025-03-31' },
    });
    expect(seasonsAround('Cotton', '2025-11-21').current).toEqual({ start: '2025-09-01', end: '2026-08-31' });
    expect(seasonsAround(null, '2025-11-21').current).toEqual({ start: '2025-07-01', end: '2026-06-30' });
  });

  it('keeps the season that began last year until the new one starts', () => {
    expect(seasonsAround('Barley', '2025-03-31').current.start).toBe('2024-04-01');
    expect(seasonsAround('Barley', '2025-04-01').current.start).toBe('2025-04-01');
    expect(seasonsAround('Sorghum', '2024-02-29').previous).toEqual({ start: '2022-09-01', end: '2023-08-31' });
  });
});
