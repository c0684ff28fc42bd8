import { createHash } from 'node:crypto';
import {
  algorithmUnits,
  compareParamsSchema,
  compareQuerySchema,
  compareStatisticsResponseSchema,
  compareTileParamsSchema,
  compareTileQuerySchema,
  COMPARE_DOWN_BY,
  type CompareStatisticsResponse,
  type Distribution,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, UnprocessableError } from '../../errors';
import { etagMatches } from '../../http/etag';
import { round4 } from '../../http/figures';
import { todayUtc } from '../../imagery/dates';
import type { DistributionStatistics } from '../../imagery/difference';
import { DIFFERENCE_PALETTE, DIFFERENCE_SPAN } from '../../imagery/palettes';
import type { ImageryField, ImageryService } from '../../imagery/service';
import type { Capture } from '../../imagery/source';
import { resolveAccount } from '../accounts/current-account';
import {
  loadImageryFields,
  recentTileAccess,
  requireAlgorithm,
  requireSelection,
  tileAccessKey,
} from '../imagery/access';
import { errorResponses } from '../responses';

const tags = ['compare'];
const TILE_CACHE_CONTROL = 'private, max-age=300';
const RENDERER_VERSION = 1;

const distributionOf = (stats: DistributionStatistics | undefined): Distribution | null =>
  stats
    ? (Object.fromEntries(
        Object.entries(stats).map(([key, value]) => [key, key === 'count' ? value : round4(value)]),
      ) as Distribution)
    : null;

/** The standard capture on `date` over the fields; 404 when there is none. */
export async function captureOn(
  imagery: ImageryService,
  fields: readonly ImageryField[],
  date: string,
): Promise<Capture> {
  const capture = date > todayUtc() ? null : await imagery.capture(fields, 'standard', date);
  if (!capture) throw notFound(`No imagery for these fields on ${date}`);
  return capture;
}

/**
 * Compare two captures (issue 30): the statistics of both and of their difference, and the
 * difference layer's tiles in a diverging palette (red: lower later, green: higher later). Pixels
 * cloudy in either capture are left out of both.
 */
export const comparePlugin: FastifyPluginAsyncZod = async (app) => {
  const { imagery } = app;
  const tileAccess = recentTileAccess();
  const stopWatchingWrites = app.writes.onWrite(() => tileAccess.clear());
  app.addHook('onClose', async () => stopWatchingWrites());

  app.get(
    '/compare/:algorithm/statistics.json',
    {
      schema: {
        tags,
        summary:
          'Statistics of a calculation on two capture days over the fields, and of their difference (later minus earlier), over the pixels clear in both',
        params: compareParamsSchema,
        querystring: compareQuerySchema,
        response: { 200: compareStatisticsResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request): Promise<CompareStatisticsResponse> => {
      const { algorithm } = request.params;
      const { field_ids, earlier_date, later_date } = request.query;
      const fields = await loadImageryFields(request.server.db, request.account, field_ids, 'standard');
      requireAlgorithm(request.account, algorithm);
      requireSelection(request.account, field_ids);
      const [earlier, later] = await Promise.all([
        captureOn(imagery, fields, earlier_date),
        captureOn(imagery, fields, later_date),
      ]);
      const [stats, earlierCapture, laterCapture] = await Promise.all([
        imagery.differenceStatistics(fields, earlier, later, algorithm),
        imagery.fieldStatistics(fields, earlier, algorithm),
        imagery.fieldStatistics(fields, later, algorithm),
      ]);
      const span = DIFFERENCE_SPAN[algorithm];
      return {
        algorithm,
        earlier_date,
        later_date,
        unit: algorithmUnits[algorithm],
        earlier: distributionOf(stats?.earlier),
        later: distributionOf(stats?.later),
        difference: distributionOf(stats?.difference),
        percent_down: stats ? Math.round(stats.percentDown * 10) / 10 : null,
        down_by: COMPARE_DOWN_BY,
        earlier_cloud_percent: earlierCapture.cloudPercent,
        later_cloud_percent: laterCapture.cloudPercent,
        color_rendering: { color_range: [...DIFFERENCE_PALETTE], value_range: [-span, span] },
      };
    },
  );

  app.get(
    '/compare/tiles/:algorithm/:earlier_date/:later_date/:z/:x/:y.png',
    {
      config: { account: false },
      schema: {
        tags,
        summary:
          'A 256×256 PNG tile of the difference layer (later minus earlier) clipped to the fields, transparent where either capture is cloudy. Strong ETag; If-None-Match answers 304.',
        params: compareTileParamsSchema,
        querystring: compareTileQuerySchema,
        response: {
          200: z.unknown().describe('image/png, 256×256'),
          304: z.null().describe('Not modified'),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { algorithm, earlier_date, later_date, z: zoom, x, y } = request.params;
      const { field_ids } = request.query;
      if (x >= 2 ** zoom || y >= 2 ** zoom) {
        throw new UnprocessableError([
          {
            loc: ['path', x >= 2 ** zoom ? 'x' : 'y'],
            msg: `Tile ${zoom}/${x}/${y} is outside the map`,
            type: 'value_error',
          },
        ]);
      }
      const { account, fields } = await tileAccess.get(
        tileAccessKey(request.user.sub, 'standard', field_ids),
        async () => {
          const caller = await resolveAccount(request);
          return { account: caller, fields: await loadImageryFields(request.server.db, caller, field_ids, 'standard') };
        },
      );
      requireAlgorithm(account, algorithm);
      requireSelection(account, field_ids);
      const [earlier, later] = await Promise.all([
        captureOn(imagery, fields, earlier_date),
        captureOn(imagery, fields, later_date),
      ]);
      const span = DIFFERENCE_SPAN[algorithm];
      const etag = `"${createHash('sha1')
        .update(
          JSON.stringify([
            'difference',
            RENDERER_VERSION,
            imagery.sourceKind,
            earlier.id,
            later.id,
            algorithm,
            field_ids,
            fields.map((field) => field.version),
            zoom,
            x,
            y,
            span,
          ]),
        )
        .digest('base64url')}"`;
      void reply.header('ETag', etag).header('Cache-Control', TILE_CACHE_CONTROL);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      const png = await imagery.differenceTile(etag, { fields, earlier, later, algorithm, span, z: zoom, x, y });
      return reply.type('image/png').send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );
};
