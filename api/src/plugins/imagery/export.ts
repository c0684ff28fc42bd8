import {
  exportQuerySchema,
  parseAlgorithmCode,
  statisticsParamsSchema,
  type ColorStretch,
  type ImageryAlgorithm,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../errors';
import { todayUtc } from '../../imagery/dates';
import type { ImageryField, ImageryService } from '../../imagery/service';
import type { Capture } from '../../imagery/source';
import type { ValueSummary } from '../../imagery/statistics';
import { errorResponses } from '../responses';
import { loadImageryFields, regionFieldsFor, requireAlgorithm, requireSelection } from './access';

/**
 * `GET v2/algorithm/{layer}_{algorithm}/export.png`: the map image of the PDF export (spec 2 §4,
 * §6: Advanced only). The fields' extent is rendered by the tile renderer in the worker threads,
 * at most 2048 px on a side, with the field boundaries drawn in, in the colour scale the map shows
 * (`color_stretch`, spanned as the tiles' is by `valueRangeOf`).
 */
export function registerExportRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  imagery: ImageryService,
  valueRangeOf: (
    fields: readonly ImageryField[],
    capture: Capture,
    algorithm: ImageryAlgorithm,
    stretch: ColorStretch,
    known: { fieldSummary?: ValueSummary | null; regionFields?: readonly ImageryField[] },
  ) => Promise<[number, number]>,
): void {
  const { db } = app;
  app.get(
    '/algorithm/:algorithm/export.png',
    {
      schema: {
        tags: ['imagery'],
        summary:
          "A PNG of a calculation over the fields' extent on a capture day, with their boundaries, for the PDF export (Advanced only)",
        params: statisticsParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: z.unknown().describe('image/png'), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { layer, algorithm } = parseAlgorithmCode(request.params.algorithm);
      const { field_ids, latest_capture_date: date, width, color_stretch } = request.query;
      // Membership first (404 for a non-member), then the tier gates.
      const fields = await loadImageryFields(db, request.account, field_ids, layer);
      const { account } = request;
      if (account.tier !== 'premium')
        throw forbidden('Export Map is an Advanced feature. Upgrade to Advanced to export maps as PDF.');
      requireAlgorithm(account, algorithm);
      requireSelection(account, field_ids);
      const capture = date > todayUtc() ? null : await imagery.capture(fields, layer, date);
      if (!capture) throw notFound(`No imagery for these fields on ${date}`);
      const statistics = await imagery.fieldStatistics(fields, capture, algorithm);
      const regionFields = await regionFieldsFor(db, algorithm, fields);
      const valueRange = await valueRangeOf(fields, capture, algorithm, color_stretch, {
        fieldSummary: statistics.summary,
        ...(regionFields ? { regionFields } : {}),
      });
      const png = await imagery.exportImage({
        fields,
        regionFields,
        capture,
        algorithm,
        valueRange,
        width,
      });
      return reply
        .type('image/png')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
  );
}
