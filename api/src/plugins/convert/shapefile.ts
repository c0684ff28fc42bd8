import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Geometry } from 'geojson';
import * as shapefile from 'shapefile';
import { DbfReader, dbfEncoding } from './dbf';
import { unprocessable } from './failure';
import type { Projector } from './geometry';
import { isLonLatBox, projectorFromPrj } from './projection';
import { tooManyFeatures, type FeatureSink } from './sink';

export { SHAPEFILE_PARTS, type ShapefilePart } from './extensions';
/** The parts on disk; without a .shx its index is rebuilt from the .shp, as GDAL does. */
export type ShapefileFiles = Record<'shp' | 'dbf', string> & Partial<Record<'shx' | 'prj' | 'cpg', string>>;

const FILE_CODE = 9994;
const HEADER_BYTES = 100;
/** What a .prj or .cpg holds is a line of text; more than this is not one. */
const MAX_SIDECAR_BYTES = 64 * 1024;

export const cutOffReason = 'This feature is missing from the .shp file, which ends early';
export const damagedReason = 'This feature could not be read: the .shp file is damaged here';
const noPrj =
  'This shapefile has no .prj file and its coordinates are not longitudes and latitudes, so we cannot tell where it is. Add the .prj file and upload again.';
const damagedShx = () =>
  unprocessable('The .shx file of this shapefile is damaged. Export the shapefile again and upload all its files.');
const damagedShp = () =>
  unprocessable('The .shp file is damaged or is not a shapefile. Export the shapefile again and upload all its files.');

/** Shape types `shapefile` reads: null, points, lines, polygons and multipoints, plain, Z and M. */
const READABLE_SHAPE_TYPES = new Set([0, 1, 3, 5, 8, 11, 13, 15, 18, 21, 23, 25, 28]);

/**
 * Converts a shapefile from its parts on disk: geometry parsed record by record by `shapefile`,
 * attributes from the .dbf (decoded per its .cpg), coordinates projected from the .prj's system.
 * The records are located first, from the .shx (or, when there is none, by walking the .shp's record
 * headers) and checked against the .shp; `shapefile` is then given only those records, one after
 * another with sound headers, so a truncated or damaged .shp cannot send it scanning through junk and
 * zero padding between records (a .shx length longer than the record's own) reads as GDAL reads it.
 * The features the .shp lost are listed as invalid (by index, with their .dbf name).
 */
export async function convertShapefile(files: ShapefileFiles, sink: FeatureSink): Promise<void> {
  const header = readShpHeader(files.shp);
  const records = files.shx
    ? indexedRecords(files.shp, header.shapeType, readShxIndex(files.shx, sink.maxFeatures))
    : walkedRecords(files.shp, header.shapeType, sink.maxFeatures);
  const project = projectorFor(files.prj, header.box);
  const dbf = new DbfReader(files.dbf, dbfEncoding(files.cpg && readSidecar(files.cpg)));
  let source: shapefile.Source<Geometry> | undefined;
  try {
    source = (await shapefile.openShp(
      Readable.from(recordStream(files.shp, records), { objectMode: false }),
    )) as shapefile.Source<Geometry>;
    let read = 0;
    for (; read < records.offsets.length; read++) {
      const properties = dbf.next() ?? {};
      let record: { done: boolean; value: Geometry | null };
      try {
        record = await source.read();
      } catch {
        // The record's header was sound but not its content; `shapefile` has moved past it.
        sink.reject(properties, damagedReason);
        continue;
      }
      if (record.done) break;
      sink.add(record.value, properties, project);
    }
    if (records.total !== null) {
      for (let lost = read; lost < records.total; lost++) sink.reject(dbf.next() ?? {}, records.lostReason);
    } else {
      // No .shx: the .dbf says how many features there were.
      for (let properties = dbf.next(); properties !== null; properties = dbf.next())
        sink.reject(properties, records.lostReason);
    }
  } finally {
    dbf.close();
    await source?.cancel();
  }
}

/** Where the readable records of a .shp are, and how many features the shapefile holds. */
interface RecordIndex {
  /** Byte offsets of the records' headers in the .shp. */
  offsets: number[];
  /** Content length of each record, in bytes. */
  lengths: number[];
  /** Features in the shapefile (from the .shx); null without one (the .dbf then tells). */
  total: number | null;
  /** Why the records after the readable ones are lost: cut off, or damaged. */
  lostReason: string;
}

/**
 * The records the .shx lists, from the first, that lie where it says in the .shp in order (gaps
 * allowed), with a record header of a sound length (not longer than the .shx entry: shorter is zero
 * padding) and the file's shape type.
 */
function indexedRecords(shpPath: string, shapeType: number, index: { path: string; count: number }): RecordIndex {
  const shp = openSync(shpPath, 'r');
  const shx = openSync(index.path, 'r');
  const found: RecordIndex = { offsets: [], lengths: [], total: index.count, lostReason: cutOffReason };
  try {
    const shpSize = fstatSync(shp).size;
    const entries = Buffer.alloc(64 * 1024);
    const recordHeader = Buffer.alloc(12);
    let endByte = HEADER_BYTES;
    for (let record = 0; record < index.count; record++) {
      const at = (record * 8) % entries.length;
      if (at === 0) readSync(shx, entries, 0, entries.length, HEADER_BYTES + record * 8);
      const offset = entries.readInt32BE(at) * 2;
      const length = entries.readInt32BE(at + 4) * 2;
      if (offset < endByte || length < 4) return { ...found, lostReason: damagedReason };
      if (offset + 8 + length > shpSize) return found;
      readSync(shp, recordHeader, 0, 12, offset);
      const own = recordHeader.readInt32BE(4) * 2;
      const type = recordHeader.readInt32LE(8);
      if (own < 4 || own > length || (type !== 0 && type !== shapeType)) return { ...found, lostReason: damagedReason };
      found.offsets.push(offset);
      found.lengths.push(own);
      endByte = offset + 8 + length;
    }
    return found;
  } finally {
    closeSync(shp);
    closeSync(shx);
  }
}

/** The records of a .shp without its .shx: each record header says how long it is, so they are walked in turn. */
function walkedRecords(shpPath: string, shapeType: number, maxFeatures: number): RecordIndex {
  const shp = openSync(shpPath, 'r');
  const found: RecordIndex = { offsets: [], lengths: [], total: null, lostReason: cutOffReason };
  try {
    const shpSize = fstatSync(shp).size;
    const recordHeader = Buffer.alloc(12);
    let offset = HEADER_BYTES;
    while (offset + 12 <= shpSize) {
      readSync(shp, recordHeader, 0, 12, offset);
      const length = recordHeader.readInt32BE(4) * 2;
      const type = recordHeader.readInt32LE(8);
      if (length < 4 || (type !== 0 && type !== shapeType)) {
        // Zero padding to the end of the file is no damage.
        if (recordHeader.every((byte) => byte === 0)) return found;
        return { ...found, lostReason: damagedReason };
      }
      if (offset + 8 + length > shpSize) return found;
      if (found.offsets.length >= maxFeatures) throw tooManyFeatures(maxFeatures);
      found.offsets.push(offset);
      found.lengths.push(length);
      offset += 8 + length;
    }
    return found;
  } finally {
    closeSync(shp);
  }
}

/**
 * The .shp as `shapefile` should see it: its header, then the located records one after another,
 * numbered in order and with their own length, read from the file in large pieces.
 */
async function* recordStream(shpPath: string, records: RecordIndex): AsyncGenerator<Buffer> {
  const file = await open(shpPath, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    await file.read(header, 0, HEADER_BYTES, 0);
    yield header;
    let window = Buffer.alloc(0);
    let windowStart = 0;
    let out: Buffer[] = [];
    let outLength = 0;
    for (let i = 0; i < records.offsets.length; i++) {
      const offset = records.offsets[i] as number;
      const length = records.lengths[i] as number;
      const end = offset + 8 + length;
      if (offset < windowStart || end > windowStart + window.length) {
        window = Buffer.alloc(Math.max(1 << 20, end - offset));
        const { bytesRead } = await file.read(window, 0, window.length, offset);
        window = window.subarray(0, bytesRead);
        windowStart = offset;
      }
      const recordHeader = Buffer.alloc(8);
      recordHeader.writeInt32BE(i + 1, 0);
      recordHeader.writeInt32BE(length / 2, 4);
      out.push(recordHeader, window.subarray(offset - windowStart + 8, end - windowStart));
      outLength += 8 + length;
      if (outLength >= 1 << 20) {
        yield Buffer.concat(out);
        out = [];
        outLength = 0;
      }
    }
    if (out.length) yield Buffer.concat(out);
  } finally {
    await file.close();
  }
}

/** The .shx, checked and opened: it holds an 8-byte entry (offset, length) per record after its header. */
function readShxIndex(path: string, maxFeatures: number): { path: string; count: number } {
  const { start: header, size } = readStart(path, HEADER_BYTES);
  if (header.length < HEADER_BYTES || header.readInt32BE(0) !== FILE_CODE) throw damagedShx();
  const count = Math.floor((Math.min(size, header.readInt32BE(24) * 2) - HEADER_BYTES) / 8);
  if (count > maxFeatures) throw tooManyFeatures(maxFeatures);
  return { path, count };
}

/** The .shp header: shape type and bounding box, after checking the file is a shapefile at all. */
function readShpHeader(path: string): { shapeType: number; box: [number, number, number, number] } {
  const { start: header } = readStart(path, HEADER_BYTES);
  if (header.length < HEADER_BYTES || header.readInt32BE(0) !== FILE_CODE) throw damagedShp();
  const shapeType = header.readInt32LE(32);
  if (!READABLE_SHAPE_TYPES.has(shapeType))
    throw unprocessable('This shapefile holds a kind of shape Paddock cannot read. Fields need polygons.');
  return {
    shapeType,
    box: [header.readDoubleLE(36), header.readDoubleLE(44), header.readDoubleLE(52), header.readDoubleLE(60)],
  };
}

/** The first `length` bytes of a file (fewer if it is shorter), and its size. */
function readStart(path: string, length: number): { start: Buffer; size: number } {
  const fd = openSync(path, 'r');
  try {
    const start = Buffer.alloc(length);
    const read = readSync(fd, start, 0, length, 0);
    return { start: start.subarray(0, read), size: fstatSync(fd).size };
  } finally {
    closeSync(fd);
  }
}

function projectorFor(prjPath: string | undefined, box: [number, number, number, number]): Projector | undefined {
  if (prjPath) return projectorFromPrj(readSidecar(prjPath));
  if (!isLonLatBox(box)) throw unprocessable(noPrj);
  return undefined;
}

function readSidecar(path: string): string {
  return readStart(path, MAX_SIDECAR_BYTES).start.toString('utf8');
}
