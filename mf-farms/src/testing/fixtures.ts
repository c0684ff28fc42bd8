import type {
  Collaborator,
  ConvertedFeature,
  ConvertResponse,
  FarmFeature,
  FarmListResponse,
  FarmProperties,
  FieldFeature,
  FieldProperties,
} from '@paddock/shared/contracts';
import type { FakeReply } from '@paddock/shared/testing';

/** A farm as the API sends it; override what a test cares about. */
export function makeFarm(properties: Partial<FarmProperties> & { farm_id: string }): FarmFeature {
  return {
    type: 'Feature',
    id: properties.farm_id,
    geometry: null,
    bbox: null,
    properties: {
      farm_name: `Farm ${properties.farm_id}`,
      is_favorite: false,
      collaborators: [],
      number_of_fields: 0,
      farm_area: 0,
      location: null,
      owner_email: 'jane.farmer@example.com',
      permission: 'owner',
      created_on: '2024-01-01T00:00:00.000Z',
      updated_on: '2024-03-05T10:00:00.000Z',
      ...properties,
    },
  };
}

export function makeCollaborator(email: string, rest: Partial<Collaborator> = {}): Collaborator {
  return { email, permission: 'editor', name: null, status: 'active', ...rest };
}

/** A small square field near Wagga Wagga. */
export function makeField(properties: Partial<FieldProperties> & { id: string }): FieldFeature {
  return {
    type: 'Feature',
    id: properties.id,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [147.0, -35.0],
          [147.01, -35.0],
          [147.01, -35.01],
          [147.0, -35.01],
          [147.0, -35.0],
        ],
      ],
    },
    bbox: [147.0, -35.01, 147.01, -35.0],
    properties: {
      farm_id: 'f1',
      field_name: `Field ${properties.id}`,
      field_crop_type: null,
      area: 12.5,
      permission: 'owner',
      created_on: '2024-01-01T00:00:00.000Z',
      updated_on: '2024-02-01T00:00:00.000Z',
      ...properties,
    },
  };
}

/** A 200 with one page of the list. */
export function listReply(farms: FarmFeature[], pages: Partial<FarmListResponse['pages']> = {}): FakeReply {
  const body: FarmListResponse = {
    type: 'FeatureCollection',
    features: farms,
    pages: { total_pages: 1, total_count: farms.length, skip: 0, limit: 10, ...pages },
  };
  return { status: 200, body };
}

export const fieldsReply = (fields: FieldFeature[]): FakeReply => ({
  status: 200,
  body: { type: 'FeatureCollection', features: fields, bbox: null },
});

export const detailReply = (detail: string, status: number): FakeReply => ({ status, body: { detail } });

/** A converted feature (POST v2/convert): a square of `side` degrees with its south-west corner at (lon, lat). */
export function squareFeature(
  properties: ConvertedFeature['properties'],
  lon = 147,
  lat = -35,
  side = 0.01,
): ConvertedFeature {
  return {
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [lon, lat],
          [lon + side, lat],
          [lon + side, lat + side],
          [lon, lat + side],
          [lon, lat],
        ],
      ],
    },
    properties,
  };
}

/** POST v2/convert's answer: 200 with every feature, or 206 when some are `invalid`. */
export function convertReply(features: ConvertedFeature[], invalid: ConvertResponse['invalid'] = []): FakeReply {
  const body: ConvertResponse = {
    type: 'FeatureCollection',
    features,
    bbox: [147, -35, 148.01, -34.99],
    invalid,
    ...(invalid.length > 0 ? { converted: features.length } : {}),
  };
  return { status: invalid.length > 0 ? 206 : 200, body };
}
