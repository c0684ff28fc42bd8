import { createHash } from 'node:crypto';
import {
  algorithmUnits,
  catalogQuerySchema,
  catalogResponseSchema,
  DEFAULT_SEARCH_DAYS,
  parseAlgorithmCode,
  POINT_OUTSIDE_FIELD_MESSAGE,
  pointValueQuerySchema,
  pointValueResponseSchema,
  statisticsParamsSchema,
  statisticsQuerySchema,
  statisticsResponseSchema,
  tileParamsSchema,
  tileQuerySchema,
  timeseriesQuerySchema,
  timeseriesResponseSchema,
  type CatalogResponse,
  type ColorStretch,
  type ImageryAlgorithm,
  type TimeseriesPoint,
  type TimeseriesResponse,
} from '@paddock/shared/contracts';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, UnprocessableError } from '../../errors';
import { addDays, IMAGERY_ARCHIVE_START, maxDate, minDate, todayUtc } from '../../imagery/dates';
import { stretchRange } from '../../imagery/palettes';
import { seasonsAround } from '../../imagery/seasons';
import { fieldsKeyOf, type ImageryField } from '../../imagery/service';
import type { Capture, SourceLayer } from '../../imagery/source';
import type { ValueSummary } from '../../imagery/statistics';
import type { SeriesPoint } from '../../imagery/tasks';
import { resolveAccount } from '../accounts/current-account';
import { errorResponses } from '../responses';
import {
  loadImageryFields,
  recentTileAccess,
  regionFieldsFor,
  requireAlgorithm,
  requireSelection,
  tileAccessKey,
} from './access';
import { etagMatches } from '../../http/etag';
import { catalogEntries, round4, statisticsResponse } from './responses';
import { registerExportRoute } from './export';
import { registerThumbnailRoute } from './thumbnail';

const tags = ['imagery'];
/** Bumped when rendering changes, so browsers drop tiles drawn the old way. */
const RENDERER_VERSION = 1;
/** Browsers may reuse a tile this long without asking; after that the ETag makes the check cheap. */
const TILE_CACHE_CONTROL = 'private, max-age=300';

const noImagery = (date: string) => notFound(`No imagery for these fields on ${date}`);

/**
 * Satellite and sensor imagery (spec 2 §7): the catalog of capture dates with cloud cover measured
 * inside the selected fields, the legend's statistics, XYZ PNG tiles clipped to the fields, and a
 * per-field time series. Handlers authorise and look fields up; every pixel is handled in the
 * imagery worker threads.
 */
export const imageryPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const { imagery } = app;
  const tileAccess = recentTileAccess();
  const stopWatchingWrites = app.writes.onWrite(() => tileAccess.clear());
  app.addHook('onClose', async () => {
    stopWatchingWrites();
  });
  registerExportRoute(app, imagery, valueRangeOf);
  registerThumbnailRoute(app, imagery);

  /** The capture of `layer` on `date` over the fields; 404 when there is none (or the day is still to come). */
  async function captureOn(fields: readonly ImageryField[], layer: SourceLayer, date: string): Promise<Capture> {
    const capture = date > todayUtc() ? null : await imagery.capture(fields, layer, date);
    if (!capture) throw noImagery(date);
    return capture;
  }

  /**
   * The values a tile's palette spans; a fixed stretch needs no statistics. A relative stretch spans
   * the fields' pixels, except NDVI-R's, which spans the region it draws (the farm's fields and the
   * land around them), so the land outside the field is not flooded with the palette's ends.
   */
  async function valueRangeOf(
    fields: readonly ImageryField[],
    capture: Capture,
    algorithm: ImageryAlgorithm,
    stretch: ColorStretch,
    known: { fieldSummary?: ValueSummary | null; regionFields?: readonly ImageryField[] } = {},
  ): Promise<[number, number]> {
    const { fieldSummary } = known;
    if (stretch === 'fixed') return stretchRange(algorithm, stretch, null);
    if (algorithm === 'NDVI-R') {
      const region = known.regionFields ?? (await regionFieldsFor(db, algorithm, fields)) ?? [];
      return stretchRange(algorithm, stretch, await imagery.regionSummary(region, capture, algorithm));
    }
    const summary =
      fieldSummary !== undefined ? fieldSummary : (await imagery.fieldStatistics(fields, capture, algorithm)).summary;
    return stretchRange(algorithm, stretch, summary);
  }

  app.get(
    '/catalog',
    {
      schema: {
        tags,
        summary:
          'Capture dates over the fields, newest first, each with its cloud cover inside the fields and an item (tile URL template, statistics URL) per calculation',
        querystring: catalogQuerySchema,
        response: { 200: catalogResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request): Promise<CatalogResponse> => {
      const { field_ids, layer_filter: layer, search_days, latest_date_utc } = request.query;
      // Membership first (404 for a non-member), then the tier gates.
      const fields = await loadImageryFields(db, request.account, field_ids, layer);
      requireSelection(request.account, field_ids);
      const to = minDate(latest_date_utc ?? todayUtc(), todayUtc());
      const days = search_days ?? (layer === 'high_res' ? undefined : DEFAULT_SEARCH_DAYS);
      const from = days === undefined ? IMAGERY_ARCHIVE_START : maxDate(addDays(to, 1 - days), IMAGERY_ARCHIVE_START);
      const found = to < from ? [] : await imagery.catalog(fields, layer, from, to);
      // The next page ends the day before this one began: no capture is listed twice.
      const next = addDays(from, -1);
      const ids = fields.map((field) => field.fieldId);
      return {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: null,
            properties: {
              layer,
              field_ids: ids,
              search_from: from,
              search_to: to,
              dates: catalogEntries(layer, found, ids),
              next_latest_date_utc: next < IMAGERY_ARCHIVE_START ? null : next,
            },
          },
        ],
      };
    },
  );

  app.get(
    '/algorithm/:algorithm/statistics.json',
    {
      schema: {
        tags,
        summary:
          "The legend's statistics of a calculation over the fields' clear pixels on a capture day (cloud and shadow left out)",
        params: statisticsParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: statisticsResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { layer, algorithm } = parseAlgorithmCode(request.params.algorithm);
      const { field_ids, latest_capture_date, color_stretch } = request.query;
      const fields = await loadImageryFields(db, request.account, field_ids, layer);
      requireAlgorithm(request.account, algorithm);
      requireSelection(request.account, field_ids);
      const capture = await captureOn(fields, layer, latest_capture_date);
      const statistics = await imagery.fieldStatistics(fields, capture, algorithm);
      const range = await valueRangeOf(fields, capture, algorithm, color_stretch, { fieldSummary: statistics.summary });
      return statisticsResponse(layer, algorithm, capture.date, statistics, color_stretch, range);
    },
  );

  app.get(
    '/algorithm/:algorithm/point.json',
    {
      schema: {
        tags,
        summary:
          "The value of a calculation at a point inside a field on a capture day: the mean of the clear pixels within a pixel of it (null when cloud, shadow or no data covers it). A scouting note's reading.",
        params: statisticsParamsSchema,
        querystring: pointValueQuerySchema,
        response: { 200: pointValueResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { layer, algorithm } = parseAlgorithmCode(request.params.algorithm);
      const { field_id, latest_capture_date, lon, lat } = request.query;
      const [field] = (await loadImageryFields(db, request.account, [field_id], layer)) as [ImageryField];
      requireAlgorithm(request.account, algorithm);
      if (!booleanPointInPolygon([lon, lat], field.geometry)) {
        throw new UnprocessableError([
          { loc: ['query', 'lon'], msg: POINT_OUTSIDE_FIELD_MESSAGE, type: 'value_error' },
        ]);
      }
      const capture = await captureOn([field], layer, latest_capture_date);
      const value = await imagery.pointValue(field, capture, algorithm, [lon, lat]);
      return {
        algorithm,
        capture_date: capture.date,
        unit: algorithmUnits[algorithm],
        value: value === null ? null : round4(value),
      };
    },
  );

  app.get(
    '/tiles/:algorithm/:capture_date/:z/:x/:y.png',
    {
      config: { account: false },
      schema: {
        tags,
        summary:
          'A 256×256 PNG tile of a calculation on a capture day, clipped to the fields (NDVI-R is not), coloured by the statistics stretch. Strong ETag; If-None-Match answers 304.',
        params: tileParamsSchema,
        querystring: tileQuerySchema,
        response: {
          200: z.unknown().describe('image/png, 256×256'),
          304: z.null().describe('Not modified: the tile is the one named by If-None-Match'),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { layer, algorithm } = parseAlgorithmCode(request.params.algorithm);
      const { capture_date, z, x, y } = request.params;
      const { field_ids, color_stretch } = request.query;
      if (x >= 2 ** z || y >= 2 ** z) {
        throw new UnprocessableError([
          {
            loc: ['path', x >= 2 ** z ? 'x' : 'y'],
            msg: `Tile ${z}/${x}/${y} is outside the map`,
            type: 'value_error',
          },
        ]);
      }
      // The account and fields come from a few seconds' cache (the route opts out of resolving the account).
      const { account, fields } = await tileAccess.get(tileAccessKey(request.user.sub, layer, field_ids), async () => {
        const caller = await resolveAccount(request);
        return { account: caller, fields: await loadImageryFields(db, caller, field_ids, layer) };
      });
      requireAlgorithm(account, algorithm);
      requireSelection(account, field_ids);
      const capture = await captureOn(fields, layer, capture_date);
      const regionFields = await regionFieldsFor(db, algorithm, fields);
      const range = await valueRangeOf(fields, capture, algorithm, color_stretch, regionFields ? { regionFields } : {});

      const etag = `"${createHash('sha1')
        .update(
          JSON.stringify([
            RENDERER_VERSION,
            imagery.sourceKind,
            capture.id,
            request.params.algorithm,
            fieldsKeyOf(fields),
            regionFields ? fieldsKeyOf(regionFields) : null,
            z,
            x,
            y,
            color_stretch,
            range,
          ]),
        )
        .digest('base64url')}"`;
      void reply.header('ETag', etag).header('Cache-Control', TILE_CACHE_CONTROL);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);

      const png = await imagery.tile(etag, { fields, regionFields, capture, algorithm, z, x, y, valueRange: range });
      return reply.type('image/png').send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );

  app.get(
    '/fields/:id/timeseries',
    {
      schema: {
        tags,
        summary:
          "A field's mean with its 10th–90th percentile band per clear-enough capture, for the current season and the previous one (seasons follow the crop type)",
        params: z.object({ id: z.string() }),
        querystring: timeseriesQuerySchema,
        response: { 200: timeseriesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { algorithm, max_cloud_percent } = request.query;
      const [field] = (await loadImageryFields(db, request.account, [request.params.id], 'standard')) as [ImageryField];
      requireAlgorithm(request.account, algorithm);
      const today = todayUtc();
      const { current, previous } = seasonsAround(field.cropType, today);
      const [currentPoints, previousPoints] = await Promise.all([
        imagery.timeseries(field, algorithm, current.start, minDate(current.end, today), max_cloud_percent),
        imagery.timeseries(field, algorithm, previous.start, previous.end, max_cloud_percent),
      ]);
      const toPoint = (point: SeriesPoint): TimeseriesPoint => ({
        date: point.date,
        mean: round4(point.mean),
        p10: round4(point.p10),
        p90: round4(point.p90),
        cloud_percent: point.cloudPercent,
      });
      const answer: TimeseriesResponse = {
        field_id: field.fieldId,
        algorithm,
        unit: algorithmUnits[algorithm],
        max_cloud_percent,
        seasons: [
          { season: 'current', start_date: current.start, end_date: current.end, points: currentPoints.map(toPoint) },
          {
            season: 'previous',
            start_date: previous.start,
            end_date: previous.end,
            points: previousPoints.map(toPoint),
          },
        ],
      };
      return answer;
    },
  );
};
