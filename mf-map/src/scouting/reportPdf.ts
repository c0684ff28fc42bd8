import { jsPDF } from 'jspdf';
import {
  SCOUTING_CATEGORY_LABELS,
  SCOUTING_SEVERITY_LABELS,
  type AreaGeometry,
  type ScoutingNoteContent,
} from '@paddock/shared/contracts';
import { formatDate } from '@paddock/shared/format';
import { noteAnchor, readingLine, rings } from './noteRules';

/**
 * The scouting report PDF (issue 31), for the agronomist's client or the spray contractor: a title
 * page with a map of the farm's fields and every note numbered on it, then each note with its words,
 * place, follow-up and photos. Pure over plain data (photos as JPEG or PNG bytes); the map is drawn
 * as vectors, so it needs no imagery and works offline.
 */

export interface ReportPhoto {
  bytes: Uint8Array;
  format: 'JPEG' | 'PNG';
  width: number;
  height: number;
}

export interface ReportNote {
  content: ScoutingNoteContent;
  fieldName: string | null;
  authorName: string | null;
  followUpName: string | null;
  photos: readonly ReportPhoto[];
}

export interface ScoutingPdfContent {
  farmName: string;
  /** ISO days, or null for 'all'. */
  from: string | null;
  to: string | null;
  fields: readonly { name: string; geometry: AreaGeometry }[];
  notes: readonly ReportNote[];
}

const MARGIN = 14;
const MAP_HEIGHT = 150;
const SEVERITY_COLOURS: Record<string, [number, number, number]> = {
  low: [46, 125, 50],
  moderate: [239, 160, 0],
  high: [198, 40, 40],
};

/** The days a report covers, in the product's date format. */
export function rangeLabel(from: string | null, to: string | null): string {
  if (from && to) return `${formatDate(from)} to ${formatDate(to)}`;
  if (from) return `From ${formatDate(from)}`;
  if (to) return `Up to ${formatDate(to)}`;
  return 'All notes';
}

function drawMap(doc: jsPDF, content: ScoutingPdfContent, top: number, width: number): void {
  const points = [
    ...content.fields.flatMap((field) => rings(field.geometry).flat()),
    ...content.notes.flatMap((note) => [noteAnchor(note.content.geometry), ...rings(note.content.geometry).flat()]),
  ];
  doc.setDrawColor(180, 180, 180);
  doc.rect(MARGIN, top, width, MAP_HEIGHT);
  if (points.length === 0) return;
  const lons = points.map((point) => point[0] as number);
  const lats = points.map((point) => point[1] as number);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  // Equirectangular at the middle latitude: right enough for one farm.
  const squash = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * squash, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const scale = Math.min((width - 16) / spanX, (MAP_HEIGHT - 16) / spanY);
  const offsetX = MARGIN + (width - spanX * scale) / 2;
  const offsetY = top + (MAP_HEIGHT - spanY * scale) / 2;
  const at = (lon: number, lat: number): [number, number] => [
    offsetX + (lon - west) * squash * scale,
    offsetY + (north - lat) * scale,
  ];
  const outline = (ring: number[][], style: 'S' | 'FD') => {
    const projected = ring.map(([lon = 0, lat = 0]) => at(lon, lat));
    const [first, ...rest] = projected;
    if (!first) return;
    const steps = rest.map((point, index) => {
      const previous = projected[index] as [number, number];
      return [point[0] - previous[0], point[1] - previous[1]];
    });
    doc.lines(steps, first[0], first[1], [1, 1], style, true);
  };
  doc.setLineWidth(0.4);
  doc.setDrawColor(30, 90, 40);
  doc.setFillColor(225, 240, 225);
  doc.setFontSize(7);
  for (const field of content.fields) {
    for (const ring of rings(field.geometry)) outline(ring, 'FD');
  }
  content.notes.forEach((note, index) => {
    const colour = SEVERITY_COLOURS[note.content.severity] ?? [80, 80, 80];
    doc.setDrawColor(...colour);
    for (const ring of rings(note.content.geometry)) outline(ring, 'S');
    const [x, y] = at(...noteAnchor(note.content.geometry));
    doc.setFillColor(...colour);
    doc.circle(x, y, 2.4, 'F');
    doc.setTextColor(255, 255, 255);
    doc.text(String(index + 1), x, y + 0.9, { align: 'center' });
  });
  doc.setTextColor(20, 30, 20);
}

function noteLines(note: ReportNote): string[] {
  const content = note.content;
  const [lon, lat] = noteAnchor(content.geometry);
  const place =
    content.geometry.type === 'Point'
      ? `${lat.toFixed(5)}, ${lon.toFixed(5)}${content.accuracy_m !== null ? ` (within ${Math.round(content.accuracy_m)} m)` : ''}`
      : `Area around ${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  const lines = [
    `${formatDate(content.observed_on)}${note.fieldName ? ` | ${note.fieldName}` : ''}${note.authorName ? ` | ${note.authorName}` : ''}`,
    place,
  ];
  if (content.index_reading) {
    lines.push(readingLine(content.index_reading));
  }
  if (content.follow_up) {
    lines.push(
      `Follow-up: ${note.followUpName ?? 'a farm member'}${content.follow_up.due_date ? ` by ${formatDate(content.follow_up.due_date)}` : ''}${content.follow_up.done ? ' (done)' : ''}`,
    );
  }
  return lines;
}

export function buildScoutingPdf(content: ScoutingPdfContent): jsPDF {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const width = pageWidth - 2 * MARGIN;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.setTextColor(20, 30, 20);
  doc.text(`${content.farmName}: scouting notes`, MARGIN, MARGIN + 6, { maxWidth: width });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  doc.text(
    `${rangeLabel(content.from, content.to)} | ${content.notes.length} ${content.notes.length === 1 ? 'note' : 'notes'}`,
    MARGIN,
    MARGIN + 14,
  );
  drawMap(doc, content, MARGIN + 20, width);

  let y = MARGIN + 20 + MAP_HEIGHT + 10;
  const room = (height: number) => {
    if (y + height <= pageHeight - MARGIN) return;
    doc.addPage();
    y = MARGIN;
  };
  content.notes.forEach((note, index) => {
    const title = `${index + 1}. ${SCOUTING_CATEGORY_LABELS[note.content.category]}, ${SCOUTING_SEVERITY_LABELS[note.content.severity].toLowerCase()} severity`;
    const words = note.content.text ? (doc.splitTextToSize(note.content.text, width) as string[]) : [];
    const lines = noteLines(note);
    room(8 + (lines.length + words.length) * 5);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(12);
    doc.text(title, MARGIN, y);
    y += 6;
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(10);
    for (const line of [...lines, ...words]) {
      room(5);
      doc.text(line, MARGIN, y);
      y += 5;
    }
    let x = MARGIN;
    const photoHeight = 45;
    for (const photo of note.photos) {
      const photoWidth = Math.min(width, (photo.width / photo.height) * photoHeight);
      if (x + photoWidth > MARGIN + width) {
        x = MARGIN;
        y += photoHeight + 3;
      }
      room(photoHeight + 3);
      doc.addImage(photo.bytes, photo.format, x, y, photoWidth, photoHeight);
      x += photoWidth + 3;
    }
    if (note.photos.length > 0) y += photoHeight + 3;
    y += 4;
  });
  return doc;
}

/** A file name without characters that trouble file systems. */
export function scoutingPdfName(farmName: string, from: string | null, to: string | null): string {
  const farm = farmName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'farm';
  return [farm, 'scouting', from, to].filter(Boolean).join('-') + '.pdf';
}
