import { jsPDF } from 'jspdf';
import { imageryLayerCodes, type ImageryAlgorithm, type ImageryLayer, type Rgb } from '@paddock/shared/contracts';
import { legendFigure } from '../lib/figures';

export interface PdfLegend {
  /** The palette, low to high. */
  colors: readonly Rgb[];
  min: number | null;
  mean: number | null;
  max: number | null;
  unit: string;
}

export interface MapPdfContent {
  farmName: string;
  layer: ImageryLayer;
  algorithm: ImageryAlgorithm;
  /** The date as the timeline shows it. */
  dateLabel: string;
  /** The map image (PNG) the server rendered. */
  png: Uint8Array;
  legend: PdfLegend | null;
  /** The selected field's season and weather figures (issue 29), when one field is exported. */
  season?: PdfSeason | null;
}

/** A field's season in figures, as the season chart shows them. */
export interface PdfSeason {
  fieldName: string;
  crop: string | null;
  /** As the product writes dates ('27 Nov 2026'), or null when not set. */
  sowingLabel: string | null;
  rainMm: number;
  gdd: number | null;
  baseC: number;
  frostDays: number;
  /** GDD method and frost rule, in words. */
  method: string;
  /** Where the weather comes from, its licence and its age. */
  attribution: string;
}

const MARGIN = 12;
const TITLE_BLOCK = 22;
const LEGEND_BLOCK = 22;
const SEASON_BLOCK = 26;
const LEGEND_STEPS = 60;

/** Width and height of a PNG, from its header (IHDR is always the first chunk). */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const signature = png.byteLength >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452;
  if (!signature) throw new Error('The map image is not a PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A colour of the palette at `t` (0 to 1), blended between its neighbours. */
function paletteAt(colors: readonly Rgb[], t: number): Rgb {
  const position = t * (colors.length - 1);
  const index = Math.min(colors.length - 2, Math.floor(position));
  const from = colors[index] as Rgb;
  const to = colors[index + 1] as Rgb;
  const share = position - index;
  const mix = (c: 0 | 1 | 2) => Math.round(from[c] + (to[c] - from[c]) * share);
  return [mix(0), mix(1), mix(2)];
}

function drawLegend(doc: jsPDF, legend: PdfLegend, top: number, width: number): void {
  const barWidth = Math.min(120, width);
  const step = barWidth / LEGEND_STEPS;
  for (let i = 0; i < LEGEND_STEPS; i += 1) {
    const [r, g, b] = paletteAt(legend.colors, i / (LEGEND_STEPS - 1));
    doc.setFillColor(r, g, b);
    // A hair wider than the step, so no gaps show between the slices.
    doc.rect(MARGIN + i * step, top, step + 0.2, 5, 'F');
  }
  doc.setFontSize(9);
  doc.setTextColor(40, 40, 40);
  doc.text(legendFigure(legend.min), MARGIN, top + 10);
  doc.text(legendFigure(legend.max), MARGIN + barWidth, top + 10, { align: 'right' });
  doc.text(
    `Min ${legendFigure(legend.min)}   Mean ${legendFigure(legend.mean)}   Max ${legendFigure(legend.max)}   (${legend.unit})`,
    MARGIN,
    top + 16,
  );
}

function drawSeason(doc: jsPDF, season: PdfSeason, top: number, width: number): void {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(10);
  doc.setTextColor(20, 30, 20);
  const sown = season.sowingLabel ? `, sown ${season.sowingLabel}` : ', sowing date not set';
  doc.text(`${season.fieldName}: ${season.crop ?? 'no crop set'}${sown}`, MARGIN, top);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  const gdd =
    season.gdd === null ? 'GDD: set a sowing date' : `GDD ${Math.round(season.gdd)} °C·d (base ${season.baseC} °C)`;
  doc.text(`Rain ${Math.round(season.rainMm)} mm   ${gdd}   Frost days ${season.frostDays}`, MARGIN, top + 5);
  doc.setTextColor(90, 90, 90);
  doc.setFontSize(7);
  doc.text(season.method, MARGIN, top + 10, { maxWidth: width });
  doc.text(season.attribution, MARGIN, top + 17, { maxWidth: width });
}

/**
 * Spec 2 §4: the PDF export. A4, landscape when the map is wider than tall, titled with the farm
 * name, the layer code and calculation and the date, then the map image and its legend.
 */
export function buildMapPdf(content: MapPdfContent): jsPDF {
  const { width: imageWidth, height: imageHeight } = pngSize(content.png);
  const doc = new jsPDF({ orientation: imageWidth > imageHeight ? 'landscape' : 'portrait', unit: 'mm', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const usableWidth = pageWidth - 2 * MARGIN;

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.setTextColor(20, 30, 20);
  doc.text(content.farmName, MARGIN, MARGIN + 6, { maxWidth: usableWidth });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  doc.text(`${imageryLayerCodes[content.layer]} ${content.algorithm} | ${content.dateLabel}`, MARGIN, MARGIN + 14);

  const boxHeight = pageHeight - 2 * MARGIN - TITLE_BLOCK - LEGEND_BLOCK - (content.season ? SEASON_BLOCK : 0);
  const scale = Math.min(usableWidth / imageWidth, boxHeight / imageHeight);
  const drawnWidth = imageWidth * scale;
  const drawnHeight = imageHeight * scale;
  const imageTop = MARGIN + TITLE_BLOCK;
  doc.addImage(content.png, 'PNG', MARGIN + (usableWidth - drawnWidth) / 2, imageTop, drawnWidth, drawnHeight);
  if (content.legend) drawLegend(doc, content.legend, imageTop + drawnHeight + 6, usableWidth);
  if (content.season) drawSeason(doc, content.season, imageTop + drawnHeight + LEGEND_BLOCK + 4, usableWidth);
  return doc;
}

/** A file name without characters that trouble file systems. */
export function pdfFileName(content: Pick<MapPdfContent, 'farmName' | 'layer' | 'algorithm'>, day: string): string {
  const farm = content.farmName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'farm';
  return `${farm}-${imageryLayerCodes[content.layer]}-${content.algorithm}-${day}.pdf`;
}
