import type { AreaGeometry, Position, ZoneCollection, ZoneRateUnit } from '@paddock/shared/contracts';
import { WGS84_PRJ, writeShapefile, type ShapefileFeature, type ShapefileParts } from '../../files/shapefile-writer';
import { zipFiles } from '../../files/zip-writer';
import { areaInHectares } from '../../geo/geometry';

/**
 * The files a paid zoning order downloads as (ARCHITECTURE §6), built from plain data:
 * - shapefiles with `zone`, `area_ha`, `rate`, `product` and `unit` (WGS84 .prj, UTF-8 .cpg, rings
 *   wound the shapefile way), one per field or one for the farm, named after farm and field;
 * - `TASKDATA/TASKDATA.XML`, ISO 11783-10 (ISOXML v4): the product by its name, a task per field whose
 *   treatment zones carry the zone polygons and the rate as process data in the order's unit (DDI 0006
 *   mass per area for kg/ha, DDI 0001 volume per area for L/ha);
 * - `TERMINAL/`: the same zones for older terminals, 8.3 file names, an integer `RATE`, `PRODUCT`, `UNIT`.
 */

export interface PrescriptionField {
  id: string;
  name: string;
  geometry: AreaGeometry;
}

export interface PrescriptionInput {
  farmName: string;
  fields: readonly PrescriptionField[];
  zones: ZoneCollection;
  numZones: number;
  /** true: one shapefile for the whole farm; false: one per field. */
  unified: boolean;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** A file-name part from a farm or field name: letters, digits, '-' and '_' only. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

/** The unit of the order's rates; orders saved before units were kept exported kg/ha. */
export const unitOf = (zones: ZoneCollection): ZoneRateUnit => zones.unit ?? 'kg/ha';
/** The product's name as written in the files ('Product' when none was given). */
export const productOf = (zones: ZoneCollection): string => zones.product?.trim() || 'Product';

/** The rate of a zone (null when left empty). */
export function rateOf(zones: ZoneCollection, zone: number): number | null {
  const rate = zones.rates?.[String(zone)];
  return rate === undefined || rate === null ? null : rate;
}

const ZONE_FIELDS = {
  zone: { length: 2, decimals: 0 },
  area_ha: { length: 12, decimals: 4 },
  rate: { length: 14, decimals: 4 },
};
const TERMINAL_FIELDS = { ZONE: { length: 2, decimals: 0 }, RATE: { length: 9, decimals: 0 } };
/** Older terminals read single-byte text: the product name as plain letters. */
const plainText = (text: string) => text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

function shapefileEntries(base: string, parts: ShapefileParts): Record<string, Buffer> {
  const entries: Record<string, Buffer> = {
    [`${base}.shp`]: parts.shp,
    [`${base}.shx`]: parts.shx,
    [`${base}.dbf`]: parts.dbf,
  };
  if (parts.prj) entries[`${base}.prj`] = parts.prj;
  if (parts.cpg) entries[`${base}.cpg`] = parts.cpg;
  return entries;
}

/** Groups of zones per file: the whole farm, or each field (in the order's field order). */
function fileGroups(input: PrescriptionInput) {
  const features = input.zones.features;
  if (input.unified) return [{ field: null, features }];
  return input.fields.map((field) => ({
    field,
    features: features.filter((feature) => feature.properties.field_id === field.id),
  }));
}

export async function buildPrescriptionZip(input: PrescriptionInput): Promise<{ fileName: string; zip: Buffer }> {
  const farm = safeName(input.farmName, 'Farm');
  const names = new Map(input.fields.map((field) => [field.id, field.name]));
  const entries: Record<string, Buffer> = {};
  const used = new Set<string>();

  fileGroups(input).forEach(({ field, features }, index) => {
    let base = field ? `${farm}_${safeName(field.name, `Field_${index + 1}`)}` : `${farm}_zones`;
    while (used.has(base.toLowerCase())) base = `${base}_${index + 1}`;
    used.add(base.toLowerCase());
    const rows: ShapefileFeature[] = features.map((feature) => ({
      geometry: feature.geometry,
      properties: {
        ...(input.unified ? { field: names.get(feature.properties.field_id) ?? '' } : {}),
        zone: feature.properties.zone,
        area_ha: round4(areaInHectares(feature.geometry)),
        rate: rateOf(input.zones, feature.properties.zone),
        product: productOf(input.zones),
        unit: unitOf(input.zones),
      },
    }));
    Object.assign(
      entries,
      shapefileEntries(
        base,
        writeShapefile(rows, { encoding: 'utf8', cpg: 'UTF-8', prj: WGS84_PRJ, numericFields: ZONE_FIELDS }),
      ),
    );
    // Older terminals: 8.3 names, upper case, an integer rate (an empty rate is 0).
    const terminalRows: ShapefileFeature[] = features.map((feature) => ({
      geometry: feature.geometry,
      properties: {
        ZONE: feature.properties.zone,
        RATE: Math.round(rateOf(input.zones, feature.properties.zone) ?? 0),
        PRODUCT: plainText(productOf(input.zones)),
        UNIT: unitOf(input.zones),
      },
    }));
    const terminalBase = field ? `TERMINAL/FIELD${String(index + 1).padStart(3, '0')}` : 'TERMINAL/ZONES';
    const terminal = writeShapefile(terminalRows, { prj: WGS84_PRJ, numericFields: TERMINAL_FIELDS });
    entries[`${terminalBase}.SHP`] = terminal.shp;
    entries[`${terminalBase}.SHX`] = terminal.shx;
    entries[`${terminalBase}.DBF`] = terminal.dbf;
    entries[`${terminalBase}.PRJ`] = terminal.prj as Buffer;
  });
  entries['TASKDATA/TASKDATA.XML'] = Buffer.from(buildTaskData(input), 'utf8');
  return { fileName: `${farm}_zones${input.unified ? '' : '_by_field'}.zip`, zip: await zipFiles(entries) };
}

const escapeXml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** kg/ha → mg/m², the unit of DDI 0006 (setpoint mass per area application rate). */
export const MG_PER_M2_PER_KG_PER_HA = 100;
/** L/ha → mm³/m², the unit of DDI 0001 (setpoint volume per area application rate): the same factor. */
export const MM3_PER_M2_PER_L_PER_HA = 100;
/** Process data DDI of the rates: 0006 Setpoint Mass Per Area Application Rate (kg/ha). */
export const RATE_DDI = '0006';
/** Process data DDI of volume rates: 0001 Setpoint Volume Per Area Application Rate (L/ha). */
export const VOLUME_RATE_DDI = '0001';

/** The DDI and the factor from the order's unit to the DDI's integer unit. */
export const rateDdiOf = (unit: ZoneRateUnit): { ddi: string; factor: number } =>
  unit === 'L/ha'
    ? { ddi: VOLUME_RATE_DDI, factor: MM3_PER_M2_PER_L_PER_HA }
    : { ddi: RATE_DDI, factor: MG_PER_M2_PER_KG_PER_HA };

function polygonXml(type: number, rings: readonly Position[][], indent: string): string {
  const lines = [`${indent}<PLN A="${type}">`];
  rings.forEach((ring, index) => {
    lines.push(`${indent}  <LSG A="${index === 0 ? 1 : 2}">`);
    for (const [lon = 0, lat = 0] of ring)
      lines.push(`${indent}    <PNT A="2" C="${lat.toFixed(9)}" D="${lon.toFixed(9)}"/>`);
    lines.push(`${indent}  </LSG>`);
  });
  lines.push(`${indent}</PLN>`);
  return lines.join('\n');
}

const polygonsOf = (geometry: AreaGeometry): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/**
 * ISO 11783-10 TASKDATA.XML: customer, farm, a partfield per field (its boundary), one product, and a
 * task per field with a treatment zone per zone number (its polygons and its rate as process data),
 * plus zone 0 (rate 0) for outside the field and lost position.
 */
export function buildTaskData(input: PrescriptionInput): string {
  const unit = unitOf(input.zones);
  const { ddi, factor } = rateDdiOf(unit);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ISO11783_TaskData VersionMajor="4" VersionMinor="2" ManagementSoftwareManufacturer="Paddock" ManagementSoftwareVersion="1.0" DataTransferOrigin="1">',
    `  <CTR A="CTR1" B="${escapeXml(input.farmName)}"/>`,
    `  <FRM A="FRM1" B="${escapeXml(input.farmName)}" I="CTR1"/>`,
    `  <PDT A="PDT1" B="${escapeXml(productOf(input.zones))}"/>`,
    `  <VPN A="VPN1" B="0" C="0.01" D="2" E="${unit}"/>`,
  ];
  input.fields.forEach((field, index) => {
    const squareMetres = Math.round(areaInHectares(field.geometry) * 10_000);
    lines.push(`  <PFD A="PFD${index + 1}" C="${escapeXml(field.name)}" D="${squareMetres}" E="CTR1" F="FRM1">`);
    for (const polygon of polygonsOf(field.geometry)) lines.push(polygonXml(1, polygon, '    '));
    lines.push('  </PFD>');
  });
  input.fields.forEach((field, index) => {
    lines.push(
      `  <TSK A="TSK${index + 1}" B="${escapeXml(`${input.farmName} - ${field.name} zones`)}" C="CTR1" D="FRM1" E="PFD${index + 1}" G="1" I="0" J="0">`,
    );
    lines.push('    <TZN A="0" B="Outside the field">');
    lines.push(`      <PDV A="${ddi}" B="0" C="PDT1" E="VPN1"/>`);
    lines.push('    </TZN>');
    for (let zone = 1; zone <= input.numZones; zone += 1) {
      const polygons = input.zones.features.filter(
        (feature) => feature.properties.field_id === field.id && feature.properties.zone === zone,
      );
      if (polygons.length === 0) continue;
      const rate = Math.round((rateOf(input.zones, zone) ?? 0) * factor);
      lines.push(`    <TZN A="${zone}" B="Zone ${zone}">`);
      lines.push(`      <PDV A="${ddi}" B="${rate}" C="PDT1" E="VPN1"/>`);
      for (const feature of polygons) {
        for (const polygon of polygonsOf(feature.geometry)) lines.push(polygonXml(2, polygon, '      '));
      }
      lines.push('    </TZN>');
    }
    lines.push('  </TSK>');
  });
  lines.push('</ISO11783_TaskData>', '');
  return lines.join('\n');
}
