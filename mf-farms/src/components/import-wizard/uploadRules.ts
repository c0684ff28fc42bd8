import { convertLimits } from '@paddock/shared/contracts';
import { formatFileSize } from '@paddock/shared/format';
import { uploadMessages } from '../../lib/messages';

/** The two choices of the Upload File step (spec 1 §2.6). */
export type ImportFileType = 'shapefile' | 'kml';

/** What the rules need of a file; the browser's File has both. */
export interface NamedFile {
  name: string;
  size: number;
}

const REQUIRED_PARTS = ['shp', 'shx', 'dbf'] as const;
// Spec 1 §5 makes .prj optional; .cpg (the attribute text's code page) is optional too: the API reads it.
const OPTIONAL_PARTS = ['prj', 'cpg'] as const;
const SHAPEFILE_PARTS: readonly string[] = [...REQUIRED_PARTS, ...OPTIONAL_PARTS];
const ZIP = 'zip';
const KML_EXTENSIONS: readonly string[] = ['kml', 'kmz'];

/** What the file picker offers for each type. */
export const pickerAccept: Record<ImportFileType, string> = {
  shapefile: [...SHAPEFILE_PARTS, ZIP].map((ext) => `.${ext}`).join(','),
  kml: KML_EXTENSIONS.map((ext) => `.${ext}`).join(','),
};

/** Lower-case extension without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The name without its last extension, compared case-insensitively (Windows keeps any case). */
function baseNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).toLowerCase();
}

export interface DropOutcome<F extends NamedFile> {
  files: F[];
  /** Why the drop was refused (the list is then unchanged). */
  error: string | null;
  /** Names of dropped files that were left out because they are not shapefile parts. */
  ignored: string[];
}

const refuse = <F extends NamedFile>(current: readonly F[], error: string): DropOutcome<F> => ({
  files: [...current],
  error,
  ignored: [],
});

/** Adds shapefile parts: a part replaces an earlier one with the same extension; a zip stands alone. */
function dropShapefile<F extends NamedFile>(current: readonly F[], dropped: readonly F[]): DropOutcome<F> {
  const first = dropped[0];
  if (!first) return { files: [...current], error: null, ignored: [] };
  if (dropped.length === 1 && extensionOf(first.name) === ZIP) return { files: [first], error: null, ignored: [] };
  // Spec 1 §5: when more than one file is dropped, the first must be a shapefile part.
  if (!SHAPEFILE_PARTS.includes(extensionOf(first.name))) return refuse(current, uploadMessages.unsupported);

  const parts = dropped.filter((file) => SHAPEFILE_PARTS.includes(extensionOf(file.name)));
  const ignored = dropped.filter((file) => !parts.includes(file)).map((file) => file.name);
  const kept = current.filter((file) => extensionOf(file.name) !== ZIP);
  const byExtension = new Map(kept.map((file) => [extensionOf(file.name), file]));
  for (const part of parts) byExtension.set(extensionOf(part.name), part);
  return { files: [...byExtension.values()], error: null, ignored };
}

/** Exactly one KML or KMZ; a new one replaces the old. */
function dropKml<F extends NamedFile>(current: readonly F[], dropped: readonly F[]): DropOutcome<F> {
  const [file, ...more] = dropped;
  if (!file) return { files: [...current], error: null, ignored: [] };
  if (more.length > 0) return refuse(current, uploadMessages.oneKml);
  if (!KML_EXTENSIONS.includes(extensionOf(file.name))) return refuse(current, uploadMessages.unsupported);
  return { files: [file], error: null, ignored: [] };
}

/** The list after the user drops or picks `dropped` (spec 1 §5 upload rules). */
export function addDroppedFiles<F extends NamedFile>(
  current: readonly F[],
  dropped: readonly F[],
  type: ImportFileType,
): DropOutcome<F> {
  return type === 'shapefile' ? dropShapefile(current, dropped) : dropKml(current, dropped);
}

export interface UploadCheck {
  /** Next may upload. */
  ready: boolean;
  /** What stops it, in the product's words; null when ready. */
  problem: string | null;
  /** Required shapefile parts still missing, e.g. ['.dbf']. */
  missing: string[];
}

const notReady = (problem: string, missing: string[] = []): UploadCheck => ({ ready: false, problem, missing });

function checkShapefile(files: readonly NamedFile[]): UploadCheck {
  if (files.length === 1 && extensionOf(files[0]?.name ?? '') === ZIP)
    return { ready: true, problem: null, missing: [] };
  const present = new Set(files.map((file) => extensionOf(file.name)));
  const missing = REQUIRED_PARTS.filter((ext) => !present.has(ext)).map((ext) => `.${ext}`);
  if (missing.length > 0) return notReady(uploadMessages.missingParts, missing);
  if (new Set(files.map((file) => baseNameOf(file.name))).size > 1) return notReady(uploadMessages.oneBaseName);
  return { ready: true, problem: null, missing: [] };
}

/** Whether the chosen files can be uploaded, and if not, why (spec 1 §5 and §8). */
export function checkUpload(
  files: readonly NamedFile[],
  type: ImportFileType,
  maxBytes: number = convertLimits.maxRequestBytes,
): UploadCheck {
  if (files.length === 0) return notReady(uploadMessages.noFile);
  if (files.reduce((sum, file) => sum + file.size, 0) > maxBytes)
    return notReady(uploadMessages.tooLarge(formatFileSize(maxBytes)));
  return type === 'shapefile' ? checkShapefile(files) : { ready: true, problem: null, missing: [] };
}
