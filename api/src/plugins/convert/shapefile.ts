import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import type { Geometry } from 'geojson';
import * as shapefile from 'shapefile';
import { DbfReader, dbfEncoding } from './dbf';
import { unprocessable } from './failure';
import type { Projector } from './geometry';
import { isLonLatBox, projectorFromPrj } from './projection';
import { tooManyFeatures, type FeatureSink } from './sink';

export type ShapefilePart = 'shp' | 'shx' | 'dbf' | 'prj' | 'cpg';
export const SHAPEFILE_PARTS: readonly ShapefilePart[] = ['shp', 'shx', 'dbf', 'prj', 'cpg'];
export type ShapefileFiles = Record<'shp' | 'shx' | 'dbf', string> & Partial<Record<'prj' | 'cpg', string>>;

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
 * Converts a shapefile from its parts on disk: geometry streamed record by record by `shapefile`,
 * attributes from the .dbf (decoded per its .cpg), coordinates projected from the .prj's system.
 * The .shx index is checked against the .shp first and `shapefile` is only given the records they
 * agree on, so a truncated or damaged .shp cannot send it scanning through junk: the features the
 * .shp lost are listed as invalid (by index, with their .dbf name) and the readable ones convert.
 */
export async function convertShapefile(files: ShapefileFiles, sink: FeatureSink): Promise<void> {
  const header = readShpHeader(files.shp);
  const index = readShxIndex(files.shx, sink.maxFeatures);
  const readable = readableRecords(files.shp, header.shapeType, index);
  const project = projectorFor(files.prj, header.box);
  const dbf = new DbfReader(files.dbf, dbfEncoding(files.cpg && readSidecar(files.cpg)));
  let source: shapefile.Source<Geometry> | undefined;
  try {
    const shp = createReadStream(files.shp, { start: 0, end: readable.endByte - 1, highWaterMark: 1 << 20 });
    source = (await shapefile.openShp(shp)) as shapefile.Source<Geometry>;
    let read = 0;
    for (; read < readable.count; read++) {
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
    for (let lost = read; lost < index.count; lost++) sink.reject(dbf.next() ?? {}, readable.lostReason);
  } finally {
    dbf.close();
    await source?.cancel();
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

/**
 * How many records, from the first, follow one another in the .shp where the .shx says they are,
 * with a matching length and shape type, and where the readable part of the .shp ends. The records
 * after are lost: cut off when the file ends before them, damaged otherwise.
 */
function readableRecords(
  shpPath: string,
  shapeType: number,
  index: { path: string; count: number },
): { count: number; endByte: number; lostReason: string } {
  const shp = openSync(shpPath, 'r');
  const shx = openSync(index.path, 'r');
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
      if (offset !== endByte || length < 4) return { count: record, endByte, lostReason: damagedReason };
      if (offset + 8 + length > shpSize) return { count: record, endByte, lostReason: cutOffReason };
      readSync(shp, recordHeader, 0, 12, offset);
      const type = recordHeader.readInt32LE(8);
      if (recordHeader.readInt32BE(4) * 2 !== length || (type !== 0 && type !== shapeType))
        return { count: record, endByte, lostReason: damagedReason };
      endByte = offset + 8 + length;
    }
    return { count: index.count, endByte, lostReason: cutOffReason };
  } finally {
    closeSync(shp);
    closeSync(shx);
  }
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
