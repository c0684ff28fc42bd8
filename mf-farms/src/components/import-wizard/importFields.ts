import { fieldAreaHectares, totalHectares } from '@paddock/shared/geo';
import type { ConvertedFeature, CreateFieldsRequest } from '@paddock/shared/contracts';

export type NewField = CreateFieldsRequest['features'][number];

/** The crop type of an imported field whose file says nothing usable (spec 1 §3, §9). */
export const DEFAULT_CROP_TYPE = 'Other';
/** The file attribute matched against the crop types (spec 1 §3), whatever its case (DBF often shouts). */
const CROP_ATTRIBUTE = 'crop_name';
/** The API's limits per POST v2/farms/{id}/fields: 5000 features, and a 32 MiB body (kept well under). */
export const FIELD_BATCH = { maxCount: 5000, maxBytes: 24 * 1024 * 1024 } as const;
/** fieldNameSchema's limit. */
const MAX_NAME_LENGTH = 100;

/** Every attribute any feature has, in the order the file first shows them. */
export function attributeNames(features: readonly ConvertedFeature[]): string[] {
  const names = new Set<string>();
  for (const feature of features) for (const name of Object.keys(feature.properties)) names.add(name);
  return [...names];
}

/** A value as text: trimmed, '' for null or blank. */
const textOf = (value: ConvertedFeature['properties'][string] | undefined): string =>
  value === null || value === undefined ? '' : String(value).trim();

/** Spec 1 §4.2: the chosen attribute's value, else 'field {n}' with n counting from 1. */
export function fieldNameFor(feature: ConvertedFeature, index: number, attribute: string | null): string {
  const name = attribute ? textOf(feature.properties[attribute]) : '';
  return name ? name.slice(0, MAX_NAME_LENGTH) : `field ${index + 1}`;
}

/** Attribute names that usually hold the crop, best first (farm software, DBF upper case, plain words). */
const CROP_ATTRIBUTE_GUESSES = [
  CROP_ATTRIBUTE,
  'crop_type',
  'croptype',
  'crop',
  'cropname',
  'crop_desc',
  'commodity',
  'variety',
];

/** The attribute that most likely holds the crop (crop_name first, any case), or null. */
export function guessCropAttribute(attributes: readonly string[]): string | null {
  for (const guess of CROP_ATTRIBUTE_GUESSES) {
    const found = attributes.find((name) => name.toLowerCase() === guess);
    if (found) return found;
  }
  return null;
}

/**
 * A crop named in a file, in the crop type list's spelling: the same words whatever the case
 * ('WHEAT'), or a listed crop followed by more ('Canola TT', 'Wheat - Scepter'); else null.
 */
export function matchCropType(value: string, cropTypes: ReadonlyMap<string, string>): string | null {
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) return null;
  const exact = cropTypes.get(text);
  if (exact) return exact;
  let best: string | null = null;
  for (const [key, crop] of cropTypes) {
    if (text.startsWith(key) && /^[^a-z]/.test(text.slice(key.length)) && (!best || key.length > best.length))
      best = crop;
  }
  return best;
}

/**
 * The crop type of a feature from the chosen attribute (`undefined`: the crop_name attribute, any
 * case; null: none), in the list's spelling; else 'Other'.
 */
export function cropTypeFor(
  feature: ConvertedFeature,
  cropTypes: ReadonlyMap<string, string>,
  attribute?: string | null,
): string {
  const key =
    attribute === undefined
      ? Object.keys(feature.properties).find((name) => name.toLowerCase() === CROP_ATTRIBUTE)
      : attribute;
  const value = key ? textOf(feature.properties[key]) : '';
  return matchCropType(value, cropTypes) ?? DEFAULT_CROP_TYPE;
}

/** Crop types keyed by lower case, for matching. */
export const cropTypeIndex = (cropTypes: readonly string[]): ReadonlyMap<string, string> =>
  new Map(cropTypes.map((crop) => [crop.toLowerCase(), crop]));

/** The fields to save, named and typed as the user matched them. */
export function toNewFields(
  features: readonly ConvertedFeature[],
  attribute: string | null,
  cropTypes: ReadonlyMap<string, string>,
  cropAttribute?: string | null,
): NewField[] {
  return features.map((feature, index) => ({
    type: 'Feature',
    geometry: feature.geometry,
    properties: {
      field_name: fieldNameFor(feature, index, attribute),
      field_crop_type: cropTypeFor(feature, cropTypes, cropAttribute),
    },
  }));
}

/** Consecutive groups the API accepts in one request: at most `maxCount` fields and about `maxBytes` of JSON. */
export function batchFields<T>(
  fields: readonly T[],
  { maxCount, maxBytes }: { maxCount: number; maxBytes: number } = FIELD_BATCH,
): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const field of fields) {
    const size = JSON.stringify(field).length;
    if (current.length > 0 && (current.length >= maxCount || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(field);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export interface ImportSummary {
  count: number;
  /** Total geodesic area. */
  hectares: number;
}

/** How many fields and their total area in hectares (on the WGS84 ellipsoid, as the server computes it). */
export function summarise(features: readonly ConvertedFeature[]): ImportSummary {
  return {
    count: features.length,
    hectares: totalHectares(features.map((feature) => fieldAreaHectares(feature.geometry))),
  };
}
