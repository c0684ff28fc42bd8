import {
  fieldSeasonSchema,
  fieldSeasonsResponseSchema,
  weatherResponseSchema,
  type FieldSeason,
  type FieldSeasonCreate,
  type FieldSeasonUpdate,
  type WeatherResponse,
} from '../contracts';
import { normaliseError, type ApiClient } from './index';

/** A field's seasons and a farm's weather (issue 29): one client for every remote that shows them. */
export interface SeasonsApi {
  seasons(fieldId: string): Promise<FieldSeason[]>;
  addSeason(fieldId: string, season: FieldSeasonCreate): Promise<FieldSeason>;
  updateSeason(fieldId: string, seasonId: string, changes: FieldSeasonUpdate): Promise<FieldSeason>;
  deleteSeason(fieldId: string, seasonId: string): Promise<void>;
  fieldWeather(fieldId: string, range: { from: string; to: string }): Promise<WeatherResponse>;
  farmWeather(farmId: string, range?: { from: string; to: string }): Promise<WeatherResponse>;
  /** The field's season as a CSV file (daily weather beside the index). */
  seasonCsv(fieldId: string, algorithm: 'NDVI' | 'NDRE'): Promise<Blob>;
}

const field = (fieldId: string) => `fields/${encodeURIComponent(fieldId)}`;

export function createSeasonsApi(api: ApiClient): SeasonsApi {
  return {
    seasons: async (fieldId) => (await api.get(`${field(fieldId)}/seasons`, fieldSeasonsResponseSchema)).seasons,
    addSeason: (fieldId, season) => api.send('post', `${field(fieldId)}/seasons`, fieldSeasonSchema, season),
    updateSeason: (fieldId, seasonId, changes) =>
      api.send('patch', `${field(fieldId)}/seasons/${encodeURIComponent(seasonId)}`, fieldSeasonSchema, changes),
    deleteSeason: (fieldId, seasonId) =>
      api.sendNoContent('delete', `${field(fieldId)}/seasons/${encodeURIComponent(seasonId)}`),
    fieldWeather: (fieldId, range) => api.get(`${field(fieldId)}/weather`, weatherResponseSchema, range),
    farmWeather: (farmId, range) =>
      api.get(`farms/${encodeURIComponent(farmId)}/weather`, weatherResponseSchema, range ?? {}),
    seasonCsv: async (fieldId, algorithm) => {
      try {
        return await api.http.get(`${field(fieldId)}/season.csv`, { searchParams: { algorithm } }).blob();
      } catch (error) {
        throw await normaliseError(error);
      }
    },
  };
}
