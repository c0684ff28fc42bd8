import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDays, todayUtc } from '../../imagery/dates';
import type { ImageryService } from '../../imagery/service';
import { errorResponses } from '../responses';
import { loadImageryFields } from './access';

/** A thumbnail looks this far back for the field's latest clear capture. */
export const THUMBNAIL_SEARCH_DAYS = 60;
export const THUMBNAIL_WIDTH = 64;
/** Under this cloud % inside the field a capture is clear (spec 2 §2). */
const CLEAR_BELOW = 10;

/**
 * `GET v2/fields/{id}/thumbnail.png`: the field's latest NDVI as a small picture for the field list
 * (issue 10 item 5, as OneSoil shows it): its latest clear capture (by the cloud % inside the field;
 * the least cloudy when none is clear) on the absolute scale (NDVI 0–1), 64 px across, with the
 * boundary. 204 when the field has no capture in the last 60 days. Any member of the farm may see it.
 */
export function registerThumbnailRoute(app: Parameters<FastifyPluginAsyncZod>[0], imagery: ImageryService): void {
  app.get(
    '/fields/:id/thumbnail.png',
    {
      schema: {
        tags: ['imagery'],
        summary: "A 64 px PNG of the field's NDVI on its latest clear capture (absolute scale), for the field list",
        params: z.object({ id: z.string() }),
        response: {
          200: z.unknown().describe('image/png'),
          204: z.null().describe('No capture of the field in the last 60 days'),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const fields = await loadImageryFields(app.db, request.account, [request.params.id], 'standard');
      const to = todayUtc();
      const found = await imagery.catalog(fields, 'standard', addDays(to, 1 - THUMBNAIL_SEARCH_DAYS), to);
      const pick =
        found.find((entry) => entry.cloudPercent < CLEAR_BELOW) ??
        [...found].sort((a, b) => a.cloudPercent - b.cloudPercent)[0];
      if (!pick) return reply.code(204).send(null);
      const png = await imagery.exportImage(
        {
          fields,
          capture: pick.capture,
          algorithm: 'NDVI',
          valueRange: [0, 1],
          width: THUMBNAIL_WIDTH,
        },
        'background',
      );
      return reply
        .type('image/png')
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Capture-Date', pick.capture.date)
        .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );
}
