import {
  SCOUTING_CATEGORY_LABELS,
  SCOUTING_SEVERITY_LABELS,
  type ScoutingGeometry,
  type ScoutingNote,
} from '@paddock/shared/contracts';
import { toKML } from '@placemarkio/tokml';
import { stringify } from 'csv-stringify/sync';

/**
 * A farm's scouting notes as files for the agronomist's client or the spray contractor: CSV (one
 * row a note, a pin's position or an area's first corner) and KML (each note a placemark, areas as
 * polygons). Pure over plain data; the PDF with photos and a map is built in the browser.
 */

export interface ReportData {
  farmName: string;
  /** Field names by id. */
  fieldNames: ReadonlyMap<string, string>;
  /** Display names of the people follow-ups are given to, by account id. */
  people: ReadonlyMap<string, string>;
  notes: readonly ScoutingNote[];
}

/** Where a note is, as one position: the pin, or the first corner of an area. */
export function anchorOf(geometry: ScoutingGeometry): [number, number] {
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates;
    case 'Polygon': {
      const [lon, lat] = geometry.coordinates[0]?.[0] ?? [0, 0];
      return [lon, lat];
    }
    case 'MultiPolygon': {
      const [lon, lat] = geometry.coordinates[0]?.[0]?.[0] ?? [0, 0];
      return [lon, lat];
    }
  }
}

export const REPORT_COLUMNS = [
  'Date',
  'Field',
  'Category',
  'Severity',
  'Longitude',
  'Latitude',
  'Accuracy (m)',
  'Shape',
  'Note',
  'Index',
  'Index date',
  'Index value',
  'Follow-up for',
  'Follow-up due',
  'Follow-up done',
  'Photos',
  'Author',
  'Note id',
] as const;

function row(data: ReportData, note: ScoutingNote): (string | number)[] {
  const content = note.note;
  const [lon, lat] = anchorOf(content.geometry);
  const followUp = content.follow_up;
  return [
    content.observed_on,
    content.field_id ? (data.fieldNames.get(content.field_id) ?? '') : '',
    SCOUTING_CATEGORY_LABELS[content.category],
    SCOUTING_SEVERITY_LABELS[content.severity],
    Number(lon.toFixed(6)),
    Number(lat.toFixed(6)),
    content.accuracy_m === null ? '' : Math.round(content.accuracy_m),
    content.geometry.type === 'Point' ? 'Pin' : 'Area',
    content.text,
    content.index_reading?.index ?? '',
    content.index_reading?.date ?? '',
    content.index_reading ? Number(content.index_reading.value.toFixed(3)) : '',
    followUp ? (data.people.get(followUp.assignee_id) ?? '') : '',
    followUp?.due_date ?? '',
    followUp ? (followUp.done ? 'Yes' : 'No') : '',
    note.photos.filter((photo) => photo.complete).length,
    note.author_name ?? '',
    note.id,
  ];
}

/**
 * CSV with a header row. Cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) are
 * quoted with a leading apostrophe, so a note's words never execute in Excel.
 */
export function buildScoutingCsv(data: ReportData): string {
  const guard = (cell: string | number) => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
  return stringify([[...REPORT_COLUMNS], ...data.notes.map((note) => row(data, note).map(guard))], {
    record_delimiter: '\r\n',
  });
}

export function buildScoutingKml(data: ReportData): string {
  return toKML({
    type: 'FeatureCollection',
    features: data.notes.map((note) => {
      const content = note.note;
      const field = content.field_id ? data.fieldNames.get(content.field_id) : undefined;
      return {
        type: 'Feature' as const,
        geometry: content.geometry,
        properties: {
          name: `${SCOUTING_CATEGORY_LABELS[content.category]} (${SCOUTING_SEVERITY_LABELS[content.severity]}) ${content.observed_on}`,
          description: [field ? `Field: ${field}` : '', content.text].filter(Boolean).join('\n'),
          category: content.category,
          severity: content.severity,
          observed_on: content.observed_on,
          field: field ?? '',
          accuracy_m: content.accuracy_m ?? '',
          author: note.author_name ?? '',
          note_id: note.id,
        },
      };
    }),
  });
}
