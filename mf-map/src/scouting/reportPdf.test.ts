import { scoutingNoteContentSchema } from '@paddock/shared/contracts';
import { noteAnchor } from './noteRules';
import { buildScoutingPdf, rangeLabel, scoutingPdfName, type ScoutingPdfContent } from './reportPdf';

/** A 1×1 green PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

const square = (lon: number, lat: number, size: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lon, lat] as [number, number],
      [lon + size, lat] as [number, number],
      [lon + size, lat + size] as [number, number],
      [lon, lat + size] as [number, number],
      [lon, lat] as [number, number],
    ],
  ],
});

const content: ScoutingPdfContent = {
  farmName: 'Kurrajong Downs',
  from: '2026-11-01',
  to: '2026-11-30',
  fields: [{ name: 'Creek', geometry: square(147.3, -35.1, 0.01) }],
  notes: [
    {
      content: scoutingNoteContentSchema.parse({
        geometry: { type: 'Point', coordinates: [147.305, -35.095] },
        location_source: 'gps',
        accuracy_m: 4,
        category: 'weeds',
        severity: 'high',
        text: 'Wild radish through the middle',
        observed_on: '2026-11-20',
        index_reading: { index: 'ndvi', date: '2026-11-18', value: 0.4123 },
        follow_up: { assignee_id: '00000000-0000-4000-8000-000000000001', due_date: '2026-11-27' },
      }),
      fieldName: 'Creek',
      authorName: 'Jo Farmer',
      followUpName: 'Sam Agronomist',
      photos: [{ bytes: PNG, format: 'PNG', width: 4, height: 3 }],
    },
    {
      content: scoutingNoteContentSchema.parse({
        geometry: square(147.302, -35.098, 0.002),
        location_source: 'drawn',
        category: 'waterlogging',
        severity: 'low',
        observed_on: '2026-11-21',
      }),
      fieldName: null,
      authorName: null,
      followUpName: null,
      photos: [],
    },
  ],
};

describe('the scouting report PDF', () => {
  it('has the farm, the days, a map and every note with its photos', () => {
    const text = buildScoutingPdf(content).output();
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('(Kurrajong Downs: scouting notes)');
    expect(text).toContain('(1 Nov 2026 to 30 Nov 2026 | 2 notes)');
    expect(text).toContain('(1. Weeds, high severity)');
    expect(text).toContain('(2. Waterlogging, low severity)');
    expect(text).toContain('(20 Nov 2026 | Creek | Jo Farmer)');
    expect(text).toContain('(-35.09500, 147.30500 \\(within 4 m\\))');
    expect(text).toContain('(NDVI 0.41 on 18 Nov 2026)');
    expect(text).toContain('(Follow-up: Sam Agronomist by 27 Nov 2026)');
    expect(text).toContain('(Wild radish through the middle)');
    expect(text).toContain('/Subtype /Image');
  });

  it('starts a new page when the notes do not fit', () => {
    const many = {
      ...content,
      notes: Array.from({ length: 12 }, () => content.notes[0] as ScoutingPdfContent['notes'][number]),
    };
    expect(buildScoutingPdf(many).getNumberOfPages()).toBeGreaterThan(1);
  });

  it('names the days and the file', () => {
    expect(rangeLabel(null, null)).toBe('All notes');
    expect(rangeLabel('2026-11-01', null)).toBe('From 1 Nov 2026');
    expect(scoutingPdfName('Kurrajong Downs!', '2026-11-01', null)).toBe('Kurrajong-Downs-scouting-2026-11-01.pdf');
    expect(noteAnchor(square(0, 0, 2))).toEqual([0.8, 0.8]);
  });
});
