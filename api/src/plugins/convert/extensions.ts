import path from 'node:path';

// What the upload accepts, in a module of its own: the route reads uploads with it on the event loop,
// while the converters (and the packages they load: shapefile, KML, zip readers) stay in the worker.

export type ShapefilePart = 'shp' | 'shx' | 'dbf' | 'prj' | 'cpg';
export const SHAPEFILE_PARTS: readonly ShapefilePart[] = ['shp', 'shx', 'dbf', 'prj', 'cpg'];

/** Extensions the upload accepts; others are ignored, like the wizard does. */
export const ACCEPTED_EXTENSIONS = new Set<string>([...SHAPEFILE_PARTS, 'kml', 'kmz', 'zip']);

export const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** A file of the upload, saved in the work folder; `name` is what the user's file was called. */
export interface UploadedFile {
  name: string;
  path: string;
}
