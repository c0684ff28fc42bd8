import path from 'node:path';
import { convertLimits } from '@paddock/shared/contracts';
import { Archive, baseName } from './zip';
import { ConversionFailure, unprocessable } from './failure';
import { convertKml } from './kml';
import { convertShapefile, SHAPEFILE_PARTS, type ShapefileFiles, type ShapefilePart } from './shapefile';
import { FeatureSink, type ConversionSummary } from './sink';

/** A file of the upload, saved in the work folder; `name` is what the user's file was called. */
export interface UploadedFile {
  name: string;
  path: string;
}

export interface ConvertTask {
  files: UploadedFile[];
  /** A folder of this request's own, removed by the caller afterwards. */
  workDir: string;
}

export type ConvertOutcome = ({ ok: true } & ConversionSummary) | { ok: false; status: 413 | 422; detail: string };

/** Extensions the upload accepts; others are ignored, like the wizard does. */
export const ACCEPTED_EXTENSIONS = new Set<string>([...SHAPEFILE_PARTS, 'kml', 'kmz', 'zip']);

export const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/**
 * Converts an upload (the parts of a shapefile, a zipped shapefile, a KML or a KMZ) into WGS84
 * field boundaries. Runs in a worker thread. What makes the whole upload unusable comes back as
 * `{ ok: false }` with the status and message to answer; anything else unexpected is thrown.
 */
export async function convertUpload({ files, workDir }: ConvertTask): Promise<ConvertOutcome> {
  const sink = new FeatureSink(path.join(workDir, 'features.json'), convertLimits.maxFeatures);
  try {
    await convertInto(
      files.filter((file) => ACCEPTED_EXTENSIONS.has(extensionOf(file.name))),
      workDir,
      sink,
    );
    const summary = sink.finish();
    if (summary.converted === 0) throw nothingUsable(summary);
    return { ok: true, ...summary };
  } catch (error) {
    sink.close();
    if (error instanceof ConversionFailure) return { ok: false, status: error.status, detail: error.detail };
    throw error;
  }
}

async function convertInto(files: UploadedFile[], workDir: string, sink: FeatureSink): Promise<void> {
  const [first] = files;
  if (!first) throw unprocessable('No file to upload');
  const standalone = files.filter((file) => ['kml', 'kmz', 'zip'].includes(extensionOf(file.name)));
  if (standalone.length && files.length > 1)
    throw unprocessable('Upload one KML or KMZ file on its own, or the files of one shapefile.');

  switch (extensionOf(first.name)) {
    case 'kml':
      return convertKml(first.path, sink);
    case 'kmz':
      return convertArchive(first.path, 'KMZ file', workDir, sink);
    case 'zip':
      return convertArchive(first.path, 'zip file', workDir, sink);
    default: {
      const parts = pickShapefileParts(files, (file) => file.name, 'upload');
      return convertShapefile(
        mapParts(parts, (file) => file.path),
        sink,
      );
    }
  }
}

/** A KMZ (its doc.kml, else its first .kml) or a zip (a shapefile inside, else a KML). */
async function convertArchive(zipPath: string, describe: string, workDir: string, sink: FeatureSink): Promise<void> {
  const archive = await Archive.open(zipPath, describe, convertLimits.maxKmzUncompressedBytes);
  try {
    const hasShapefile = archive.entries.some((entry) => extensionOf(entry.name) === 'shp');
    if (describe === 'zip file' && hasShapefile) {
      const parts = pickShapefileParts(archive.entries, (entry) => entry.name, 'zip');
      const files = mapParts(parts, (_entry, part) => path.join(workDir, `unzipped.${part}`));
      await archive.extract(
        SHAPEFILE_PARTS.flatMap((part) => {
          const entry = parts[part];
          const target = files[part];
          return entry && target ? [{ entry, path: target }] : [];
        }),
      );
      archive.close();
      return await convertShapefile(files, sink);
    }
    const kmls = archive.entries.filter((entry) => extensionOf(entry.name) === 'kml');
    const document = kmls.find((entry) => baseName(entry.name).toLowerCase() === 'doc.kml') ?? kmls[0];
    if (!document) {
      throw unprocessable(
        describe === 'zip file'
          ? 'This zip file holds no shapefile and no KML. Zip the .shp, .shx and .dbf files of one shapefile (and its .prj) and upload again.'
          : 'This KMZ file holds no KML document. Export it again from your mapping software and upload it.',
      );
    }
    const kmlPath = path.join(workDir, 'unzipped.kml');
    await archive.extract([{ entry: document, path: kmlPath }]);
    archive.close();
    return await convertKml(kmlPath, sink);
  } finally {
    archive.close();
  }
}

type PartsOf<T> = Record<'shp' | 'shx' | 'dbf', T> & Partial<Record<'prj' | 'cpg', T>>;

function mapParts<T>(parts: PartsOf<T>, to: (item: T, part: ShapefilePart) => string): ShapefileFiles {
  const files: Partial<Record<ShapefilePart, string>> = {};
  for (const part of SHAPEFILE_PARTS) {
    const item = parts[part];
    if (item !== undefined) files[part] = to(item, part);
  }
  return files as ShapefileFiles;
}

/**
 * The parts of one shapefile among uploaded files or archive entries. An upload must be one
 * shapefile whose parts share a base name; an archive may hold other files, which are ignored,
 * but only one shapefile.
 */
export function pickShapefileParts<T>(
  items: readonly T[],
  pathOf: (item: T) => string,
  from: 'upload' | 'zip',
): PartsOf<T> {
  const shps = items.filter((item) => extensionOf(pathOf(item)) === 'shp');
  const [shp] = shps;
  if (!shp) throw missingParts(['shp']);
  if (shps.length > 1) {
    throw unprocessable(
      from === 'zip'
        ? 'This zip file holds more than one shapefile. Zip one shapefile at a time and upload again.'
        : 'Upload the files of one shapefile at a time.',
    );
  }
  const stem = (item: T) => {
    const name = pathOf(item);
    return name.slice(0, name.length - path.extname(name).length).toLowerCase();
  };
  const parts: Partial<Record<ShapefilePart, T>> = {};
  for (const item of items) {
    const part = extensionOf(pathOf(item)) as ShapefilePart;
    if (!SHAPEFILE_PARTS.includes(part)) continue;
    if (stem(item) !== stem(shp)) {
      if (from === 'zip') continue;
      throw unprocessable(
        `All the files of a shapefile must share one name, like ${baseName(pathOf(shp))}, ${baseName(stem(shp))}.shx and ${baseName(stem(shp))}.dbf. Rename them and upload again.`,
      );
    }
    if (parts[part] !== undefined)
      throw unprocessable(`There are two .${part} files. Upload the files of one shapefile at a time.`);
    parts[part] = item;
  }
  const missing = (['shx', 'dbf'] as const).filter((part) => parts[part] === undefined);
  if (missing.length) throw missingParts(missing);
  return parts as PartsOf<T>;
}

function missingParts(parts: readonly string[]): ConversionFailure {
  const listed = parts.map((part) => `.${part}`).join(' and ');
  return unprocessable(
    `This shapefile is missing its ${listed} file${parts.length > 1 ? 's' : ''}. Upload the .shp, .shx and .dbf files together (and the .prj if there is one).`,
  );
}

function nothingUsable({ invalid }: ConversionSummary): ConversionFailure {
  if (invalid.length === 0)
    return unprocessable('This file has no features in it. Check that you exported the layer with your fields.');
  const reasons = [...new Set(invalid.map((feature) => feature.reason))];
  return unprocessable(`There are no field boundaries in this file: ${reasons.join('; ')}.`);
}
