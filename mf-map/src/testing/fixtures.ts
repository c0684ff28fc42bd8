import type { FarmFeature, FarmRole, FieldFeature, FieldProperties } from '@paddock/shared/contracts';
import type { FakeReply } from '@paddock/shared/testing';

export function makeFarm(farmId = 'f1', permission: FarmRole = 'owner', name = 'Kurrajong Downs'): FarmFeature {
  return {
    type: 'Feature',
    id: farmId,
    geometry: null,
    bbox: [147.0, -35.03, 147.03, -35.0],
    properties: {
      farm_id: farmId,
      farm_name: name,
      is_favorite: false,
      collaborators: [],
      number_of_fields: 0,
      farm_area: 0,
      location: 'near Wagga Wagga, NSW',
      owner_email: 'jane.farmer@example.com',
      permission,
      created_on: '2024-01-01T00:00:00.000Z',
      updated_on: '2024-03-05T10:00:00.000Z',
    },
  };
}

/** A square field of about 1 km² near Wagga Wagga, `column` squares east of the first. */
export function makeField(id: string, properties: Partial<FieldProperties> = {}, column = 0): FieldFeature {
  const west = 147.0 + column * 0.012;
  return {
    type: 'Feature',
    id,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, -35.0],
          [west + 0.011, -35.0],
          [west + 0.011, -35.009],
          [west, -35.009],
          [west, -35.0],
        ],
      ],
    },
    bbox: [west, -35.009, west + 0.011, -35.0],
    properties: {
      id,
      farm_id: 'f1',
      field_name: `Field ${id}`,
      field_crop_type: null,
      area: 100.5,
      permission: 'owner',
      created_on: '2024-01-01T00:00:00.000Z',
      updated_on: '2024-02-01T00:00:00.000Z',
      ...properties,
    },
  };
}

export const makeFields = (count: number): FieldFeature[] =>
  Array.from({ length: count }, (_, i) => makeField(`x${i + 1}`, {}, i));

export const fieldsReply = (fields: FieldFeature[]): FakeReply => ({
  status: 200,
  body: { type: 'FeatureCollection', features: fields, bbox: null },
});
