import { scoutingNoteContentSchema, type ScoutingNote } from '@paddock/shared/contracts';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { buildScoutingCsv, buildScoutingKml, REPORT_COLUMNS, type ReportData } from './report';

const note = (id: string, overrides: Record<string, unknown>): ScoutingNote => ({
  id,
  farm_id: 'f0000000-0000-4000-8000-000000000000',
  author_id: null,
  author_name: 'Jo Farmer',
  created_on: '2026-11-20T00:00:00.000Z',
  updated_on: '2026-11-20T00:00:00.000Z',
  revisions: 1,
  photos: [],
  note: scoutingNoteContentSchema.parse({
    geometry: { type: 'Point', coordinates: [147.3612345, -35.1234567] },
    location_source: 'gps',
    accuracy_m: 4.6,
    category: 'weeds',
    severity: 'high',
    text: 'Ryegrass, "thick" here',
    observed_on: '2026-11-20',
    ...overrides,
  }),
});

const data: ReportData = {
  farmName: 'Kookaburra Downs',
  fieldNames: new Map([['a0000000-0000-4000-8000-000000000001', 'Creek paddock']]),
  people: new Map([['b0000000-0000-4000-8000-000000000002', 'Sam Agronomist']]),
  notes: [
    note('c0000000-0000-4000-8000-000000000003', {
      field_id: 'a0000000-0000-4000-8000-000000000001',
      index_reading: { index: 'ndvi', date: '2026-11-18', value: 0.61234 },
      follow_up: { assignee_id: 'b0000000-0000-4000-8000-000000000002', due_date: '2026-12-01' },
    }),
    note('c0000000-0000-4000-8000-000000000004', {
      category: 'waterlogging',
      location_source: 'drawn',
      accuracy_m: null,
      text: '=HYPERLINK("http://evil")',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [147.1, -35.1],
            [147.2, -35.1],
            [147.2, -35.2],
            [147.1, -35.1],
          ],
        ],
      },
    }),
  ],
};

describe('scouting reports', () => {
  it('writes one CSV row a note, quoted where needed, with formulas defused', () => {
    const lines = buildScoutingCsv(data).trimEnd().split('\r\n');
    expect(lines[0]).toBe(REPORT_COLUMNS.join(','));
    expect(lines[1]).toBe(
      '2026-11-20,Creek paddock,Weeds,High,147.361234,-35.123457,5,Pin,"Ryegrass, ""thick"" here",ndvi,2026-11-18,0.612,Sam Agronomist,2026-12-01,No,0,Jo Farmer,c0000000-0000-4000-8000-000000000003',
    );
    expect(lines[2]).toContain(`,Area,"'=HYPERLINK(""http://evil"")",`);
    expect(lines).toHaveLength(3);
  });

  it('writes KML that reads back as the same places', () => {
    const document = new DOMParser().parseFromString(buildScoutingKml(data), 'text/xml');
    const features = kml(document as unknown as Document).features;
    expect(features.map((feature) => feature.geometry?.type)).toEqual(['Point', 'Polygon']);
    expect(features[0]?.properties?.name).toBe('Weeds (High) 2026-11-20');
    expect(features[0]?.properties?.description).toBe('Field: Creek paddock\nRyegrass, "thick" here');
    expect(features[1]?.geometry).toEqual(data.notes[1]?.note.geometry);
  });
});
