import path from 'node:path';
import { convertLimits, type InvalidFeature } from '@paddock/shared/contracts';
import { Archive, baseName, type ZipEntry } from './zip';
import { ConversionFailure, unprocessable } from './failure';
import { convertKml } from './kml';
import { convertShapefile, type ShapefileFiles } from './shapefile';
import { ACCEPTED_EXTENSIONS, extensionOf, SHAPEFILE_PARTS, type ShapefilePart, type UploadedFile } from './extensions';
import { FeatureSink, type ConversionSummary } from './sink';

export { ACCEPTED_EXTENSIONS, extensionOf, type UploadedFile } from './extensions';

export interface ConvertTask {
  files: UploadedFile[];
  /** A folder of this request's own, removed by the caller afterwards. */
  workDir: string;
}

export type ConvertOutcome = ({ ok: true } & ConversionSummary) | { ok: false; status: 413 | 422; detail: string };

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
      await convertKml(first.path, sink);
      return;
    case 'kmz':
      return convertArchive(first.path, 'KMZ file', workDir, sink);
    case 'zip':
      return convertArchive(first.path, 'zip file', workDir, sink);
    default: {
      const shapefiles = groupShapefiles(files, (file) => file.name, 'upload');
      for (const { name, parts } of shapefiles) {
        sink.startSource(shapefiles.length > 1 ? name : null);
        await convertShapefile(
          mapParts(parts, (file) => file.path),
          sink,
        );
      }
    }
  }
}

/** A KMZ (its doc.kml, else its first .kml) or a zip (a shapefile inside, else a KML). */
async function convertArchive(zipPath: string, describe: string, workDir: string, sink: FeatureSink): Promise<void> {
  const archive = await Archive.open(zipPath, describe, convertLimits.maxKmzUncompressedBytes);
  try {
    const hasShapefile = archive.entries.some((entry) => extensionOf(entry.name) === 'shp');
    if (describe === 'zip file' && hasShapefile) {
      const shapefiles = groupShapefiles(archive.entries, (entry) => entry.name, 'zip');
      const extracted = shapefiles.map(({ name, parts }, i) => ({
        name,
        files: mapParts(parts, (_entry, part) => path.join(workDir, `unzipped-${i + 1}.${part}`)),
        parts,
      }));
      await archive.extract(
        extracted.flatMap(({ parts, files }) =>
          SHAPEFILE_PARTS.flatMap((part) => {
            const entry = parts[part];
            const target = files[part];
            return entry && target ? [{ entry, path: target }] : [];
          }),
        ),
      );
      archive.close();
      for (const { name, files } of extracted) {
        sink.startSource(extracted.length > 1 ? name : null);
        await convertShapefile(files, sink);
      }
      return;
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
    await convertKmzDocument(archive, document, workDir, sink);
  } finally {
    archive.close();
  }
}

/** More linked KML files than this in one KMZ is not a farm's boundaries. */
const MAX_LINKED_DOCUMENTS = 200;

/**
 * Converts a KMZ's main KML, then the KML files inside the KMZ that its NetworkLinks point to (and
 * theirs, each once), naming each linked file as the features' source. Links to the web are not
 * followed: a KMZ brings its own files.
 */
async function convertKmzDocument(archive: Archive, document: ZipEntry, workDir: string, sink: FeatureSink) {
  const byName = new Map(archive.entries.map((entry) => [entry.name, entry]));
  const byLowerName = new Map(archive.entries.map((entry) => [entry.name.toLowerCase(), entry]));
  const visited = new Set<string>([document.name]);
  const queue: Array<{ entry: ZipEntry; source: string | null }> = [{ entry: document, source: null }];
  for (let n = 0; queue.length; n += 1) {
    const { entry, source } = queue.shift() as { entry: ZipEntry; source: string | null };
    const kmlPath = path.join(workDir, `unzipped-${n + 1}.kml`);
    await archive.extract([{ entry, path: kmlPath }]);
    sink.startSource(source);
    const links = await convertKml(kmlPath, sink);
    for (const href of links) {
      const name = linkedEntryName(entry.name, href);
      const linked = name === null ? undefined : (byName.get(name) ?? byLowerName.get(name.toLowerCase()));
      if (!linked || visited.has(linked.name) || extensionOf(linked.name) !== 'kml') continue;
      if (visited.size >= MAX_LINKED_DOCUMENTS) {
        throw unprocessable(
          `This KMZ file links more than ${MAX_LINKED_DOCUMENTS} KML files. Upload the field boundaries on their own.`,
        );
      }
      visited.add(linked.name);
      queue.push({ entry: linked, source: linked.name });
    }
  }
}

/** The archive path an href in the KML `from` points to, or null for a link outside the archive. */
export function linkedEntryName(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  let decoded = href.split(/[?#]/)[0] ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Not percent-encoded after all: use it as written.
  }
  const base = href.startsWith('/') ? [] : from.split('/').slice(0, -1);
  const segments = [...base];
  for (const segment of decoded.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.length ? segments.join('/') : null;
}

type PartsOf<T> = Record<'shp' | 'dbf', T> & Partial<Record<'shx' | 'prj' | 'cpg', T>>;

function mapParts<T>(parts: PartsOf<T>, to: (item: T, part: ShapefilePart) => string): ShapefileFiles {
  const files: Partial<Record<ShapefilePart, string>> = {};
  for (const part of SHAPEFILE_PARTS) {
    const item = parts[part];
    if (item !== undefined) files[part] = to(item, part);
  }
  return files as ShapefileFiles;
}

const withoutExtension = (name: string) => name.slice(0, name.length - path.extname(name).length);

/** One shapefile among the files: its .shp's name (as the user knows it) and its parts. */
export interface ShapefileGroup<T> {
  name: string;
  parts: PartsOf<T>;
}

/**
 * The shapefiles among uploaded files or archive entries, each made of the parts that share its
 * base name (letter case aside), so parts of two shapefiles picked together are never mixed up. A
 * part without a .shp of its name is refused in an upload and ignored in an archive (which may hold
 * other files); a shapefile needs its .dbf, and its .shx is rebuilt from the .shp when missing.
 */
export function groupShapefiles<T>(
  items: readonly T[],
  pathOf: (item: T) => string,
  from: 'upload' | 'zip',
): ShapefileGroup<T>[] {
  const stem = (name: string) => withoutExtension(name).toLowerCase();
  const groups = new Map<string, Partial<Record<ShapefilePart, T>>>();
  for (const item of items) {
    const part = extensionOf(pathOf(item)) as ShapefilePart;
    if (!SHAPEFILE_PARTS.includes(part)) continue;
    const key = stem(pathOf(item));
    const parts = groups.get(key) ?? {};
    if (parts[part] !== undefined) {
      throw unprocessable(
        `There are two .${part} files named ${baseName(pathOf(item))}. Upload each shapefile's files once.`,
      );
    }
    parts[part] = item;
    groups.set(key, parts);
  }
  const orphans = [...groups.values()]
    .filter((parts) => parts.shp === undefined)
    .flatMap((parts) => Object.values(parts).map((item) => baseName(pathOf(item as T))));
  const shapefiles: ShapefileGroup<T>[] = [];
  // In the order of their .shp files among the items.
  const ordered = items.filter((item) => extensionOf(pathOf(item)) === 'shp').map((item) => stem(pathOf(item)));
  for (const key of ordered) {
    const parts = groups.get(key) ?? {};
    const { shp, dbf } = parts;
    if (shp === undefined) continue;
    const name = baseName(pathOf(shp));
    if (orphans.length && from === 'upload') {
      throw unprocessable(
        `${orphans.join(', ')} ${orphans.length > 1 ? 'have' : 'has'} no .shp file of the same name. The files of a shapefile share one name, like ${name}, ${withoutExtension(name)}.shx and ${withoutExtension(name)}.dbf. Rename them or leave them out, and upload again.`,
      );
    }
    if (dbf === undefined) throw missingParts(['dbf'], name);
    shapefiles.push({ name, parts: { ...parts, shp, dbf } });
  }
  if (shapefiles.length === 0) throw missingParts(['shp']);
  return shapefiles;
}

function missingParts(parts: readonly string[], shapefile?: string): ConversionFailure {
  const listed = parts.map((part) => `.${part}`).join(' and ');
  const which = shapefile ? `The shapefile ${shapefile} is` : 'This shapefile is';
  return unprocessable(
    `${which} missing its ${listed} file${parts.length > 1 ? 's' : ''}. Upload the .shp, .shx and .dbf files together (and the .prj if there is one).`,
  );
}

/** How many features a refusal names for each reason; the rest are counted. */
const NAMED_PER_REASON = 3;

/** 'feature 2 ("Fence")', with the file it is in when the upload held several. */
export function describeFeature({ index, name, source }: InvalidFeature): string {
  return `feature ${index}${name ? ` ('${name}')` : ''}${source ? ` in ${source}` : ''}`;
}

function nothingUsable({ invalid }: ConversionSummary): ConversionFailure {
  if (invalid.length === 0)
    return unprocessable('This file has no features in it. Check that you exported the layer with your fields.');
  const byReason = new Map<string, InvalidFeature[]>();
  for (const feature of invalid) byReason.set(feature.reason, [...(byReason.get(feature.reason) ?? []), feature]);
  const parts = [...byReason].map(([reason, features]) => {
    const named = features.slice(0, NAMED_PER_REASON).map(describeFeature);
    const more = features.length - named.length;
    return `${reason}: ${named.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-AU')} more` : ''}`;
  });
  return unprocessable(`There are no field boundaries in this file. ${parts.join('. ')}.`);
}
