import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  acceptInvitationResponseSchema,
  type AcceptInvitationResponse,
  convertResponseSchema,
  cropTypesResponseSchema,
  farmFeatureSchema,
  farmListResponseSchema,
  fieldCollectionSchema,
  messageResponseSchema,
  type CollaboratorPermission,
  type ConvertResponse,
  type CreateFieldsRequest,
  type FarmFeature,
  type FarmListResponse,
  type farmPageSizes,
  type farmSortFields,
  type FieldFeature,
} from '@paddock/shared/contracts';

export type FarmSortField = (typeof farmSortFields)[number];
export type FarmPageSize = (typeof farmPageSizes)[number];
export type SortDir = 'asc' | 'desc';

/** The list as the screen thinks of it; the API wants skip/limit and snake_case. */
export interface FarmListParams {
  page: number;
  pageSize: number;
  sortBy: FarmSortField;
  sortDir: SortDir;
  search: string;
  favouritesOnly: boolean;
}

/** Everything this area asks of the API (spec 1 §7). */
export interface FarmsApi {
  listFarms(params: FarmListParams): Promise<FarmListResponse>;
  getFarm(farmId: string): Promise<FarmFeature>;
  createFarm(farmName: string): Promise<FarmFeature>;
  renameFarm(farmId: string, farmName: string): Promise<void>;
  setFavourite(farmId: string, favourite: boolean): Promise<void>;
  deleteFarm(farmId: string): Promise<void>;
  listFields(farmId: string): Promise<FieldFeature[]>;
  deleteField(fieldId: string): Promise<void>;
  /** Adds the fields (at most 5000 per call, all or nothing); returns how many the farm gained. */
  addFields(farmId: string, fields: CreateFieldsRequest): Promise<number>;
  listCropTypes(): Promise<string[]>;
  /** Shapefile parts, a zipped shapefile, a KML or a KMZ → WGS84 features (partial: `invalid` lists the rest). */
  convertFiles(files: readonly File[], signal?: AbortSignal): Promise<ConvertResponse>;
  /** Returns the server's message. */
  shareFarms(farmIds: string[], emails: string[], permission: CollaboratorPermission): Promise<string>;
  /** Returns the server's message, which the user sees as is (spec 1 §8). */
  removeCollaborator(farmId: string, email: string): Promise<string>;
  /** Accepts a farm invitation from its e-mail's link (issue 27). */
  acceptInvitation(token: string): Promise<AcceptInvitationResponse['data']>;
}

const id = encodeURIComponent;

/** The query of GET v2/farms; the search is sent lower-cased and only when there is one. */
export function farmListQuery(params: FarmListParams): Record<string, string | number> {
  const query: Record<string, string | number> = {
    skip: (params.page - 1) * params.pageSize,
    limit: params.pageSize,
    sort_by: params.sortBy,
    sort_dir: params.sortDir,
  };
  const search = params.search.trim().toLowerCase();
  if (search) query.search_query = search;
  if (params.favouritesOnly) query.is_favorite = 'true';
  return query;
}

export function createFarmsApi({ config, getToken, fetch }: AreaApiOptions): FarmsApi {
  const api = createAreaApiClient({ config, getToken, fetch });
  const updateFarm = (farmId: string, data: { farm_name?: string; is_account_farm_favorite?: boolean }) =>
    api.sendNoContent('put', `farms/${id(farmId)}`, { data });

  return {
    listFarms: (params) => api.get('farms', farmListResponseSchema, farmListQuery(params)),
    getFarm: (farmId) => api.get(`farms/${id(farmId)}`, farmFeatureSchema),
    createFarm: (farmName) => api.send('post', 'farms', farmFeatureSchema, { data: { farm_name: farmName } }),
    renameFarm: (farmId, farmName) => updateFarm(farmId, { farm_name: farmName }),
    setFavourite: (farmId, favourite) => updateFarm(farmId, { is_account_farm_favorite: favourite }),
    deleteFarm: (farmId) => api.sendNoContent('delete', `farms/${id(farmId)}`),
    listFields: async (farmId) => (await api.get(`farms/${id(farmId)}/fields`, fieldCollectionSchema)).features,
    deleteField: (fieldId) => api.sendNoContent('delete', `fields/${id(fieldId)}`),
    addFields: async (farmId, fields) =>
      (await api.send('post', `farms/${id(farmId)}/fields`, fieldCollectionSchema, fields)).features.length,
    listCropTypes: async () => (await api.get('farms/crop_types/list', cropTypesResponseSchema)).data.crop_types,
    convertFiles: (files, signal) => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      return api.upload('convert', convertResponseSchema, form, { signal });
    },
    shareFarms: async (farmIds, emails, permission) => {
      const body = { data: { farm_ids: farmIds, account_permission: emails.map((email) => ({ email, permission })) } };
      return (await api.send('post', 'farms/share_farm', messageResponseSchema, body)).data.message;
    },
    removeCollaborator: async (farmId, email) =>
      (await api.send('post', `farms/${id(farmId)}/remove_collaborator/${id(email)}`, messageResponseSchema)).data
        .message,
    acceptInvitation: async (token) =>
      (await api.send('post', 'farms/invitations/accept', acceptInvitationResponseSchema, { data: { token } })).data,
  };
}
