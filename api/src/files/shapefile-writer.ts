/**
 * A small ESRI shapefile writer: .shp, .shx and .dbf (dBASE III) from GeoJSON geometries and flat
 * properties, for the zone downloads, test fixtures and the benchmark. Node built-ins only, so the
 * e2e tests can import it by relative path. Rings are written the way the format wants them (outer rings clockwise, holes
 * counter-clockwise), whatever the winding of the input.
 */
import type { LineString, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { windRings } from '../geo/winding';

export interface ShapefileFeature {
  geometry: Polygon | MultiPolygon | Point | LineString;
  properties: Record<string, string | number | null>;
}

export interface ShapefileOptions {
  /** How the .dbf stores text; 'latin1' unless given. */
  encoding?: 'utf8' | 'latin1';
  /** The .prj content (WKT); no .prj file when absent. */
  prj?: string;
  /** The .cpg content (e.g. 'UTF-8'); no .cpg file when absent. */
  cpg?: string;
  /** Numeric columns with a set width and decimals (others are sized to their values). */
  numericFields?: Record<string, { length: number; decimals: number }>;
}

export interface ShapefileParts {
  shp: Buffer;
  shx: Buffer;
  dbf: Buffer;
  prj?: Buffer;
  cpg?: Buffer;
}

/** ESRI-style .prj of GDA2020 / MGA zone `zone` (EPSG:7849–7856), as ArcGIS and QGIS write it. */
export function mgaPrj(zone: number, datum: 'GDA2020' | 'GDA94' = 'GDA2020'): string {
  const datumName = datum === 'GDA2020' ? 'GDA2020' : 'GDA_1994';
  return (
    `PROJCS["${datumName}_MGA_Zone_${zone}",GEOGCS["GCS_${datumName}",DATUM["D_${datumName}",` +
    'SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],' +
    'PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",10000000.0],' +
    `PARAMETER["Central_Meridian",${6 * zone - 183}.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],` +
    'UNIT["Meter",1.0]]'
  );
}

/** GDA2020 / MGA zone 55 (Victoria, NSW, Tasmania): EPSG:7855. */
export const GDA2020_MGA55_PRJ = mgaPrj(55, 'GDA2020');
/** GDA94 / MGA zone 55: EPSG:28355. */
export const GDA94_MGA55_PRJ = mgaPrj(55, 'GDA94');
/** GDA94 longitude/latitude: EPSG:4283. */
export const GDA94_PRJ =
  'GEOGCS["GCS_GDA_1994",DATUM["D_GDA_1994",SPHEROID["GRS_1980",6378137.0,298.257222101]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';
/** WGS84 longitude/latitude: EPSG:4326. */
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

const SHAPE_TYPES = { Point: 1, LineString: 3, Polygon: 5, MultiPolygon: 5 } as const;
const HEADER_BYTES = 100;

export function writeShapefile(features: readonly ShapefileFeature[], options: ShapefileOptions = {}): ShapefileParts {
  const shapeType = shapeTypeOf(features);
  const records = features.map((feature) => encodeShape(feature.geometry));
  const box = boundsOf(features.flatMap((feature) => positionsOf(feature.geometry)));

  const shpLength = HEADER_BYTES + records.reduce((sum, record) => sum + 8 + record.length, 0);
  const shp = Buffer.alloc(shpLength);
  const shx = Buffer.alloc(HEADER_BYTES + 8 * records.length);
  writeMainHeader(shp, shpLength, shapeType, box);
  writeMainHeader(shx, shx.length, shapeType, box);
  let offset = HEADER_BYTES;
  records.forEach((record, index) => {
    shx.writeInt32BE(offset / 2, HEADER_BYTES + 8 * index);
    shx.writeInt32BE(record.length / 2, HEADER_BYTES + 8 * index + 4);
    shp.writeInt32BE(index + 1, offset);
    shp.writeInt32BE(record.length / 2, offset + 4);
    record.copy(shp, offset + 8);
    offset += 8 + record.length;
  });

  return {
    shp,
    shx,
    dbf: encodeDbf(
      features.map((feature) => feature.properties),
      options.encoding ?? 'latin1',
      options.numericFields ?? {},
    ),
    ...(options.prj === undefined ? {} : { prj: Buffer.from(options.prj, 'utf8') }),
    ...(options.cpg === undefined ? {} : { cpg: Buffer.from(options.cpg, 'utf8') }),
  };
}

function shapeTypeOf(features: readonly ShapefileFeature[]): number {
  const types = new Set(features.map((feature) => SHAPE_TYPES[feature.geometry.type]));
  if (types.size > 1) throw new Error('A shapefile holds one kind of shape: points, lines or polygons');
  return [...types][0] ?? SHAPE_TYPES.Polygon;
}

function writeMainHeader(target: Buffer, byteLength: number, shapeType: number, box: Box): void {
  target.writeInt32BE(9994, 0);
  target.writeInt32BE(byteLength / 2, 24);
  target.writeInt32LE(1000, 28);
  target.writeInt32LE(shapeType, 32);
  [box.minX, box.minY, box.maxX, box.maxY].forEach((value, i) => target.writeDoubleLE(value, 36 + 8 * i));
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boundsOf(positions: readonly Position[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x = 0, y = 0] of positions) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  return positions.length ? box : { minX: 0, minY: 0, maxX: 0, maxY: 0 };
}

function positionsOf(geometry: ShapefileFeature['geometry']): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'LineString':
      return geometry.coordinates;
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}

function encodeShape(geometry: ShapefileFeature['geometry']): Buffer {
  if (geometry.type === 'Point') {
    const record = Buffer.alloc(20);
    record.writeInt32LE(SHAPE_TYPES.Point, 0);
    record.writeDoubleLE(geometry.coordinates[0] ?? 0, 4);
    record.writeDoubleLE(geometry.coordinates[1] ?? 0, 12);
    return record;
  }
  const parts =
    geometry.type === 'LineString'
      ? [geometry.coordinates]
      : geometry.type === 'Polygon'
        ? windRings(geometry.coordinates, 'clockwise')
        : geometry.coordinates.flatMap((polygon) => windRings(polygon, 'clockwise'));
  const pointCount = parts.reduce((sum, part) => sum + part.length, 0);
  const record = Buffer.alloc(44 + 4 * parts.length + 16 * pointCount);
  const box = boundsOf(parts.flat());
  record.writeInt32LE(SHAPE_TYPES[geometry.type], 0);
  [box.minX, box.minY, box.maxX, box.maxY].forEach((value, i) => record.writeDoubleLE(value, 4 + 8 * i));
  record.writeInt32LE(parts.length, 36);
  record.writeInt32LE(pointCount, 40);
  let offset = 44;
  let start = 0;
  for (const part of parts) {
    record.writeInt32LE(start, offset);
    offset += 4;
    start += part.length;
  }
  for (const [x = 0, y = 0] of parts.flat()) {
    record.writeDoubleLE(x, offset);
    record.writeDoubleLE(y, offset + 8);
    offset += 16;
  }
  return record;
}

interface DbfField {
  name: string;
  type: 'C' | 'N';
  length: number;
  decimals: number;
  format(value: string | number | null): string | Buffer;
}

/** dBASE III: text fields (C) sized to the longest value, numbers (N) with the decimals they need. */
function encodeDbf(
  rows: readonly ShapefileFeature['properties'][],
  encoding: 'utf8' | 'latin1',
  numeric: NonNullable<ShapefileOptions['numericFields']>,
): Buffer {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const fields = names.map((name) => {
    const set = numeric[name];
    if (set) {
      return {
        name,
        type: 'N' as const,
        length: set.length,
        decimals: set.decimals,
        format: (value: string | number | null) =>
          value === null ? '' : Number(value).toFixed(set.decimals).padStart(set.length).slice(-set.length),
      };
    }
    return dbfField(
      name,
      rows.map((row) => row[name] ?? null),
      encoding,
    );
  });
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  const dbf = Buffer.alloc(headerLength + recordLength * rows.length + 1, 0x20);

  dbf.fill(0, 0, headerLength);
  const today = new Date();
  dbf.writeUInt8(0x03, 0);
  dbf.writeUInt8(today.getUTCFullYear() - 1900, 1);
  dbf.writeUInt8(today.getUTCMonth() + 1, 2);
  dbf.writeUInt8(today.getUTCDate(), 3);
  dbf.writeUInt32LE(rows.length, 4);
  dbf.writeUInt16LE(headerLength, 8);
  dbf.writeUInt16LE(recordLength, 10);
  fields.forEach((field, i) => {
    const at = 32 + 32 * i;
    dbf.write(field.name, at, 'latin1');
    dbf.write(field.type, at + 11, 'latin1');
    dbf.writeUInt8(field.length, at + 16);
    dbf.writeUInt8(field.decimals, at + 17);
  });
  dbf.writeUInt8(0x0d, headerLength - 1);

  rows.forEach((row, r) => {
    let at = headerLength + r * recordLength + 1;
    fields.forEach((field, f) => {
      const text = field.format(row[names[f] ?? ''] ?? null);
      const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
      bytes.copy(dbf, at);
      at += field.length;
    });
  });
  dbf.writeUInt8(0x1a, dbf.length - 1);
  return dbf;
}

function dbfField(name: string, values: ReadonlyArray<string | number | null>, encoding: 'utf8' | 'latin1'): DbfField {
  if (Buffer.byteLength(name, 'latin1') > 10) throw new Error(`dBASE field names have at most 10 characters: ${name}`);
  const present = values.filter((value): value is string | number => value !== null);
  if (present.length > 0 && present.every((value) => typeof value === 'number')) {
    const decimals = Math.min(15, Math.max(0, ...present.map((value) => (String(value).split('.')[1] ?? '').length)));
    const length = Math.max(1, ...present.map((value) => value.toFixed(decimals).length));
    return {
      name,
      type: 'N',
      length,
      decimals,
      format: (value) => (value === null ? '' : Number(value).toFixed(decimals).padStart(length)),
    };
  }
  const encoded = (value: string | number) => Buffer.from(String(value), encoding);
  const length = Math.max(1, ...present.map((value) => encoded(value).length));
  if (length > 254) throw new Error(`dBASE text is at most 254 bytes: ${name}`);
  return { name, type: 'C', length, decimals: 0, format: (value) => (value === null ? '' : encoded(value)) };
}
