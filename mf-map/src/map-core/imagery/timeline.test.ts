import { DateTime } from 'luxon';
import type { CatalogEntry, CatalogItem, ImageryAlgorithm } from '@paddock/shared/contracts';
import {
  appendPage,
  calculationForDate,
  cloudWording,
  dateLabel,
  entryDay,
  entryLabel,
  firstLookEntry,
  surveyLabel,
  olderPageStart,
  visibleEntries,
} from './timeline';

const item = (algorithm: ImageryAlgorithm, cloud = 0): CatalogItem => ({
  algorithm,
  source: 'SIMULATED SENTINEL-2',
  cloud_percent: cloud,
  tile_urls: [],
  statistics_url: '',
});
const capture = (
  date: string,
  cloud = 0,
  algorithms: ImageryAlgorithm[] = ['NDVI', 'NDVI-R', 'COLOUR', 'NDRE'],
): CatalogEntry => ({
  date,
  capture_id: `c-${date}`,
  items: algorithms.map((a) => item(a, cloud)),
});
const now = DateTime.fromISO('2026-03-10');

describe('timeline wording', () => {
  it.each([
    [0, 'Clear'],
    [9.9, 'Clear'],
    [10, 'Partly cloudy'],
    [50, 'Partly cloudy'],
    [50.1, 'Cloudy'],
    [100, 'Cloudy'],
  ])('%s %% cloud reads %s', (percent, wording) => expect(cloudWording(percent)).toBe(wording));

  it("labels this year's dates 'd MMM' and other years' with the year", () => {
    expect(dateLabel('2026-01-05', now)).toBe('5 Jan');
    expect(dateLabel('2025-12-28', now)).toBe('28 Dec 2025');
  });

  it("labels a Rapid-EM window as a range 'MMM d, yyyy'", () => {
    expect(entryLabel({ start_date: '2026-02-02', end_date: '2026-02-08', capture_id: 'em', items: [] }, now)).toBe(
      '2 Feb 2026 – 8 Feb 2026',
    );
  });
});

describe('timeline paging', () => {
  it('starts the next page the day before the oldest date', () => {
    expect(olderPageStart([capture('2026-03-01'), capture('2026-01-01')])).toBe('2025-12-31');
    expect(olderPageStart([{ start_date: '2025-03-03', end_date: '2025-03-09', capture_id: 'em', items: [] }])).toBe(
      '2025-03-02',
    );
    expect(olderPageStart([])).toBeNull();
  });

  it('appends an older page without repeating a day', () => {
    const merged = appendPage(
      [capture('2026-03-01'), capture('2026-02-01')],
      [capture('2026-02-01'), capture('2026-01-01')],
    );
    expect(merged.map((entry) => ('date' in entry ? entry.date : ''))).toEqual([
      '2026-03-01',
      '2026-02-01',
      '2026-01-01',
    ]);
  });
});

describe('hiding cloudy dates', () => {
  const entries = [capture('2026-03-01', 5), capture('2026-02-25', 30), capture('2026-02-20', 80)];
  it('keeps dates at or under the chosen cloud %', () => {
    expect(visibleEntries(entries, 30)).toHaveLength(2);
    expect(visibleEntries(entries, 0)).toHaveLength(0);
    expect(visibleEntries(entries, null)).toHaveLength(3);
  });
});

describe('the calculation a date opens with (spec 2 §4)', () => {
  const open = () => false;
  it('keeps the current calculation when the date offers it', () => {
    expect(calculationForDate(capture('2026-03-01'), 'standard', 'COLOUR', open)).toBe('COLOUR');
  });
  it('falls back to NDVI when the date does not offer it', () => {
    expect(calculationForDate(capture('2026-03-01', 0, ['NDVI', 'COLOUR']), 'standard', 'NDRE', open)).toBe('NDVI');
  });
  it('falls back to NDVI when the current one is locked for the user', () => {
    expect(calculationForDate(capture('2026-03-01'), 'standard', 'NDRE', (algorithm) => algorithm === 'NDRE')).toBe(
      'NDVI',
    );
  });
  it('falls back to SHALLOW on the sensor layer', () => {
    expect(
      calculationForDate(
        { start_date: '2026-02-02', end_date: '2026-02-08', capture_id: 'em', items: [item('DEEP')] },
        'sensor_em',
        'NDVI',
        open,
      ),
    ).toBe('SHALLOW');
  });
});

describe('the first look', () => {
  const dayOf = (entry: CatalogEntry | null) => (entry ? entryDay(entry) : null);

  it('opens the newest clear capture, skipping newer cloudy ones', () => {
    const entries = [
      capture('2026-03-05', 62),
      capture('2026-03-01', 12),
      capture('2026-02-24', 4),
      capture('2026-02-19'),
    ];
    expect(dayOf(firstLookEntry(entries))).toBe('2026-02-24');
  });

  it('falls back to the least cloudy capture loaded when none is clear', () => {
    const entries = [capture('2026-03-05', 62), capture('2026-03-01', 30), capture('2026-02-24', 45)];
    expect(dayOf(firstLookEntry(entries))).toBe('2026-03-01');
  });

  it('has nothing to open without dates', () => {
    expect(firstLookEntry([])).toBeNull();
  });
});

describe('Rapid-EM survey windows', () => {
  it('names a window within a month as one range', () => {
    expect(surveyLabel('2026-03-03', '2026-03-09', now)).toBe('Surveyed 3–9 Mar');
  });

  it('names both months across a month end, and the year when it is not this one', () => {
    expect(surveyLabel('2025-02-28', '2025-03-06', now)).toBe('Surveyed 28 Feb – 6 Mar 2025');
    expect(surveyLabel('2025-12-29', '2026-01-04', now)).toBe('Surveyed 29 Dec 2025 – 4 Jan');
  });
});
