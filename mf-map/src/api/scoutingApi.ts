import { createAreaApiClient, normaliseError, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  scoutingApi,
  scoutingNoteResponseSchema,
  scoutingNotesResponseSchema,
  scoutingPeopleResponseSchema,
  scoutingPhotoResponseSchema,
  type CreateScoutingNote,
  type CreateScoutingPhoto,
  type ScoutingNote,
  type ScoutingNotesQuery,
  type ScoutingPerson,
  type ScoutingPhoto,
} from '@paddock/shared/contracts';

/** What scouting asks of the API (issue 31). Every write is keyed by the device, so any may be retried. */
export interface ScoutingApi {
  notes(farmId: string, query?: ScoutingNotesQuery): Promise<ScoutingNote[]>;
  createNote(farmId: string, body: CreateScoutingNote): Promise<ScoutingNote>;
  reviseNote(noteId: string, body: CreateScoutingNote): Promise<ScoutingNote>;
  followUps(): Promise<ScoutingNote[]>;
  people(farmId: string): Promise<ScoutingPerson[]>;
  startPhoto(noteId: string, body: CreateScoutingPhoto): Promise<ScoutingPhoto>;
  photoStatus(photoId: string): Promise<ScoutingPhoto>;
  /** Sends bytes at `offset`; answers where the upload now stands. */
  sendChunk(photoId: string, offset: number, bytes: Blob): Promise<ScoutingPhoto>;
  photo(photoId: string): Promise<Blob>;
  report(farmId: string, format: 'csv' | 'kml', range: { from?: string; to?: string }): Promise<Blob>;
}

const CHUNK_TYPE = 'application/offset+octet-stream';

export function createScoutingApi({ config, getToken, fetch: fetchImpl }: AreaApiOptions): ScoutingApi {
  const api = createAreaApiClient({ config, getToken, fetch: fetchImpl });
  const blob = async (path: string, searchParams?: Record<string, string>) => {
    try {
      return await api.http.get(path, { searchParams }).blob();
    } catch (error) {
      throw await normaliseError(error);
    }
  };
  return {
    notes: async (farmId, query = {}) => {
      const params: Record<string, string> = {};
      if (query.field_id) params.field_id = query.field_id;
      if (query.from) params.from = query.from;
      if (query.to) params.to = query.to;
      const categories = Array.isArray(query.category) ? query.category.join(',') : query.category;
      if (categories) params.category = categories;
      return (await api.get(scoutingApi.notes(farmId), scoutingNotesResponseSchema, params)).data;
    },
    createNote: async (farmId, body) =>
      (await api.send('post', scoutingApi.notes(farmId), scoutingNoteResponseSchema, body)).data,
    reviseNote: async (noteId, body) =>
      (await api.send('put', scoutingApi.note(noteId), scoutingNoteResponseSchema, body)).data,
    followUps: async () => (await api.get(scoutingApi.followUps(), scoutingNotesResponseSchema)).data,
    people: async (farmId) => (await api.get(scoutingApi.people(farmId), scoutingPeopleResponseSchema)).data,
    startPhoto: async (noteId, body) =>
      (await api.send('post', scoutingApi.photos(noteId), scoutingPhotoResponseSchema, body)).data,
    photoStatus: async (photoId) => (await api.get(scoutingApi.photo(photoId), scoutingPhotoResponseSchema)).data,
    sendChunk: async (photoId, offset, bytes) => {
      try {
        const response = await api.http.patch(scoutingApi.photo(photoId), {
          body: bytes,
          headers: { 'content-type': CHUNK_TYPE, 'upload-offset': String(offset) },
          retry: 0,
        });
        return scoutingPhotoResponseSchema.parse(await response.json()).data;
      } catch (error) {
        throw await normaliseError(error);
      }
    },
    photo: (photoId) => blob(scoutingApi.photoContent(photoId)),
    report: (farmId, format, { from, to }) =>
      blob(scoutingApi.report(farmId, format), { ...(from ? { from } : {}), ...(to ? { to } : {}) }),
  };
}
