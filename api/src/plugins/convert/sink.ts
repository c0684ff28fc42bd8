import { closeSync, openSync, writeSync } from 'node:fs';
import type { InvalidFeature } from '@paddock/shared/contracts';
import { tooLarge } from './failure';
import { toFieldGeometry, type BBox, type Projector } from './geometry';
import type { Geometry } from 'geojson';

export type PropertyValue = string | number | boolean | null;
export type Properties = Record<string, PropertyValue>;

/** What the worker hands back: the features are in `featuresPath`, comma-separated JSON objects. */
export interface ConversionSummary {
  featuresPath: string;
  converted: number;
  invalid: InvalidFeature[];
  /** Of the converted features; null when none converted. */
  bbox: BBox | null;
}

const FLUSH_AT = 1 << 20;

/**
 * Where converted features go, one at a time, so memory stays flat however big the file: each valid
 * feature is appended as JSON to a file (written in 1 MB batches), the invalid ones are listed, and
 * the bbox and counts are kept. Over `maxFeatures` features in all is a 413.
 */
export class FeatureSink {
  private readonly fd: number;
  private closed = false;
  private pending: string[] = [];
  private pendingLength = 0;
  private count = 0;
  /** Features of the current source file so far (its features are numbered from 1). */
  private sourceCount = 0;
  private source: string | null = null;
  private converted = 0;
  private readonly invalid: InvalidFeature[] = [];
  private readonly bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];

  constructor(
    private readonly featuresPath: string,
    readonly maxFeatures: number,
  ) {
    this.fd = openSync(featuresPath, 'w');
  }

  /** The features added from now on come from the file `name` (null: the upload is one file). */
  startSource(name: string | null): void {
    this.source = name;
    this.sourceCount = 0;
  }

  /** Checks (and projects) the geometry of the next feature of the file, then keeps or lists it. */
  add(geometry: Geometry | null | undefined, properties: Properties, project?: Projector): void {
    const index = this.next();
    const result = toFieldGeometry(geometry, project);
    if ('reason' in result) {
      this.invalid.push(this.invalidFeature(index, properties, result.reason));
      return;
    }
    const [west, south, east, north] = result.bbox;
    if (west < this.bbox[0]) this.bbox[0] = west;
    if (south < this.bbox[1]) this.bbox[1] = south;
    if (east > this.bbox[2]) this.bbox[2] = east;
    if (north > this.bbox[3]) this.bbox[3] = north;
    const extra =
      (this.source === null ? '' : `,"source":${JSON.stringify(this.source)}`) +
      (result.simplified ? `,"simplified":${JSON.stringify(result.simplified)}` : '');
    const json = `${this.converted ? ',' : ''}{"type":"Feature","geometry":${JSON.stringify(result.geometry)},"properties":${JSON.stringify(properties)}${extra}}`;
    this.converted += 1;
    this.pending.push(json);
    this.pendingLength += json.length;
    if (this.pendingLength >= FLUSH_AT) this.flush();
  }

  /** Lists the next feature of the file as unusable without looking at its geometry (cut off, unreadable). */
  reject(properties: Properties, reason: string): void {
    this.invalid.push(this.invalidFeature(this.next(), properties, reason));
  }

  private invalidFeature(index: number, properties: Properties, reason: string): InvalidFeature {
    const name = nameOf(properties);
    return this.source === null ? { index, name, reason } : { index, name, reason, source: this.source };
  }

  finish(): ConversionSummary {
    this.flush();
    this.close();
    return {
      featuresPath: this.featuresPath,
      converted: this.converted,
      invalid: this.invalid,
      bbox: this.converted ? this.bbox : null,
    };
  }

  /** Closes the file (conversion stopped early, or finished); the caller removes the work folder. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private next(): number {
    this.count += 1;
    if (this.count > this.maxFeatures) throw tooManyFeatures(this.maxFeatures);
    this.sourceCount += 1;
    return this.sourceCount;
  }

  private flush(): void {
    if (!this.pending.length) return;
    writeSync(this.fd, this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
  }
}

export const tooManyFeatures = (maxFeatures: number) =>
  tooLarge(
    `This file has more than ${maxFeatures.toLocaleString('en-AU')} features, more than Paddock can convert at once. Split it into smaller files and upload them one by one.`,
  );

/** Attributes that usually hold a field's name (a KML <name> arrives as `name`), in order of preference. */
const NAME_ATTRIBUTES = ['name', 'field_name', 'fieldname', 'paddock', 'field', 'label', 'title'];

/** A feature's name for the list of invalid features: a name-like attribute's value, if any. */
export function nameOf(properties: Properties): string | null {
  const keys = Object.keys(properties);
  const key =
    NAME_ATTRIBUTES.map((wanted) => keys.find((k) => k.toLowerCase() === wanted)).find((k) => k !== undefined) ??
    keys.find((k) => k.toLowerCase().includes('name'));
  const value = key === undefined ? null : properties[key];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
