import { bbox } from '@turf/turf';
import { createAreaApiClient, ApiError, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  cropTypesResponseSchema,
  farmFeatureSchema,
  fieldCollectionSchema,
  fieldFeatureSchema,
  type AreaGeometry,
  type BBox,
  type CreateFieldsRequest,
  type FarmFeature,
  type FieldFeature,
  type UpdateFieldRequest,
} from '@paddock/shared/contracts';

/** A field as the Field Details panel saves it. */
export interface FieldDraft {
  name: string;
  cropType: string;
  geometry: AreaGeometry;
}

/** Everything the farm map asks of the API (spec 1 §7). */
export interface MapApi {
  getFarm(farmId: string): Promise<FarmFeature>;
  listFields(farmId: string): Promise<FieldFeature[]>;
  listCropTypes(): Promise<string[]>;
  createField(farmId: string, draft: FieldDraft): Promise<FieldFeature>;
  /** Sends only what changed; the server keeps the rest. */
  updateField(fieldId: string, changes: Partial<FieldDraft>): Promise<FieldFeature>;
  deleteField(fieldId: string): Promise<void>;
  renameFarm(farmId: string, farmName: string): Promise<FarmFeature>;
}

const id = encodeURIComponent;

export function createMapApi({ config, getToken, fetch }: AreaApiOptions): MapApi {
  const api = createAreaApiClient({ config, getToken, fetch });

  return {
    getFarm: (farmId) => api.get(`farms/${id(farmId)}`, farmFeatureSchema),
    listFields: async (farmId) => (await api.get(`farms/${id(farmId)}/fields`, fieldCollectionSchema)).features,
    listCropTypes: async () => (await api.get('farms/crop_types/list', cropTypesResponseSchema)).data.crop_types,
    createField: async (farmId, draft) => {
      const body: CreateFieldsRequest = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: draft.geometry,
            properties: { field_name: draft.name, field_crop_type: draft.cropType },
          },
        ],
        bbox: bbox(draft.geometry) as BBox,
      };
      const created = await api.send('post', `farms/${id(farmId)}/fields`, fieldCollectionSchema, body);
      const field = created.features[0];
      if (!field) throw new ApiError(0, 'Paddock did not return the new field. Please reload.');
      return field;
    },
    updateField: (fieldId, changes) => {
      const body: UpdateFieldRequest = {
        type: 'Feature',
        ...(changes.geometry ? { geometry: changes.geometry } : {}),
        properties: {
          ...(changes.name !== undefined ? { field_name: changes.name } : {}),
          ...(changes.cropType !== undefined ? { field_crop_type: changes.cropType } : {}),
        },
      };
      return api.send('put', `fields/${id(fieldId)}`, fieldFeatureSchema, body);
    },
    deleteField: (fieldId) => api.sendNoContent('delete', `fields/${id(fieldId)}`),
    renameFarm: (farmId, farmName) =>
      api.send('put', `farms/${id(farmId)}`, farmFeatureSchema, { data: { farm_name: farmName } }),
  };
}
