import { seasonCsvQuerySchema, weatherQuerySchema, weatherResponseSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDays, todayUtc } from '../../imagery/dates';
import { seasonsAround } from '../../imagery/seasons';
import type { ImageryField } from '../../imagery/service';
import { createWeatherSource } from '../../weather/source-config';
import { requireFarmRole, requireFieldRole } from '../farms/access';
import { loadImageryFields, requireAlgorithm } from '../imagery/access';
import { errorResponses } from '../responses';
import { currentSeasons } from '../seasons/api';
import { seasonCsv } from './csv';
import { farmWeather, registerWeatherJob, type WeatherDeps } from './service';

const tags = ['weather'];

/**
 * Daily weather per farm location (issue 29), answered from the cache the refresh job fills (never
 * from the source during a request), and a field's season as CSV (weather beside its index series).
 */
export const weatherPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps: WeatherDeps = {
    source: createWeatherSource(app.config.weather.source),
    jobs: app.jobs,
    maxAgeMs: app.config.weather.maxAgeMs,
  };
  registerWeatherJob(deps);

  const summary =
    'Daily min/max temperature (°C), rain and evapotranspiration (mm) at the grid cell of the farm (default: last 30 days and next 7), from the cache: status says whether it is fresh, being refreshed (a job, never this request) or stale (the last refresh failed; as_of and age_seconds say how old)';

  app.get(
    '/farms/:farm_id/weather',
    {
      schema: {
        tags,
        summary,
        params: z.object({ farm_id: z.string() }),
        querystring: weatherQuerySchema,
        response: { 200: weatherResponseSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { farm } = await requireFarmRole(request.server.db, request.account, request.params.farm_id, 'viewer');
      return farmWeather(db, deps, farm, request.query);
    },
  );

  app.get(
    '/fields/:id/weather',
    {
      schema: {
        tags,
        summary: `The weather of the field's farm. ${summary}`,
        params: z.object({ id: z.string() }),
        querystring: weatherQuerySchema,
        response: { 200: weatherResponseSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const { field } = await requireFieldRole(request.server.db, request.account, request.params.id, 'viewer');
      const { farm } = await requireFarmRole(request.server.db, request.account, field.farm_id, 'viewer');
      return farmWeather(db, deps, farm, request.query);
    },
  );

  app.get(
    '/fields/:id/season.csv',
    {
      schema: {
        tags,
        summary:
          "The field's current season as CSV: daily weather, rain and growing degree days since sowing, and the index (NDVI, or NDRE for Advanced) on capture days, with the weather's source and licence",
        params: z.object({ id: z.string() }),
        querystring: seasonCsvQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const [field] = (await loadImageryFields(
        request.server.db,
        request.account,
        [request.params.id],
        'standard',
      )) as [ImageryField];
      const { algorithm } = request.query;
      requireAlgorithm(request.account, algorithm);
      const { farm } = await requireFarmRole(request.server.db, request.account, field.farmId, 'viewer');
      const { field: row } = await requireFieldRole(request.server.db, request.account, field.fieldId, 'viewer');
      const season = (await currentSeasons(db, [field.fieldId])).get(field.fieldId) ?? null;
      const today = todayUtc();
      const calendar = seasonsAround(field.cropType, today).current;
      const from = season?.sowing_date ?? calendar.start;
      const lastDay = season?.harvest_date ?? addDays(today, 7);
      const indexUntil = season?.harvest_date && season.harvest_date < today ? season.harvest_date : today;
      const [weather, index] = await Promise.all([
        farmWeather(db, deps, farm, { from, to: lastDay }),
        indexUntil >= from ? app.imagery.timeseries(field, algorithm, from, indexUntil, 30) : [],
      ]);
      const name = row.name.replace(/[^\w .-]+/g, '_').trim() || 'field';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name} season ${from}.csv"`)
        .send(
          seasonCsv({
            fieldName: row.name,
            crop: season?.crop ?? field.cropType,
            sowingDate: season?.sowing_date ?? null,
            algorithm,
            weather,
            index,
            today,
          }),
        );
    },
  );
};
