import {
  zoningDownloadQuerySchema,
  zoningOrderResponseSchema,
  zoningOrdersQuerySchema,
  zoningOrdersResponseSchema,
  zoningPriceResponseSchema,
  zoningUpdatePayloadSchema,
  zoningUpdateResponseSchema,
  zoningZonesQuerySchema,
  zoningZonesResponseSchema,
  type ZoningZonesResponse,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import { exportInput, getZoningOrder, listZoningOrders, orderForDownload, updateZoningOrder } from './orders';
import { exportFor, registerZoningExports, requestExport } from './exports';
import { zonesFor } from './zones';

const tags = ['zoning'];

/**
 * Variable-rate zoning (spec 2 §3, §7; ARCHITECTURE §6): zones computed from imagery in the imagery
 * worker pool, the farm's zoning orders (created by the cart: `POST /v2/cart/add?item_type=zoning`,
 * paid at checkout), their rates, the price per hectare and the prescription-file downloads.
 */
export const zoningPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, imagery } = app;
  registerZoningExports(app);

  app.get(
    '/zoning/zones',
    {
      schema: {
        tags,
        summary:
          'Management zones of the fields from a capture: natural-breaks classes of the calculation, small patches merged, polygons clipped to the fields, with per-zone statistics and the variance reduction (owner or editor)',
        querystring: zoningZonesQuerySchema,
        response: { 200: zoningZonesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { json, timings } = await zonesFor(db, request.account, imagery, request.query, app.config.zoning);
      // Where the time went when the zones were computed (a cached answer repeats the first figures).
      void reply.header(
        'Server-Timing',
        `imagery;dur=${timings.readMs.toFixed(1)};desc="index raster", zoning;dur=${timings.zoningMs.toFixed(1)}`,
      );
      // Already JSON (the features were serialized in the worker): a string is sent as is, not re-serialized.
      return reply.type('application/json; charset=utf-8').send(json as unknown as ZoningZonesResponse);
    },
  );

  app.get(
    '/zoning/price',
    {
      schema: {
        tags,
        summary: 'Zoning price per hectare in cents (GST included)',
        response: { 200: zoningPriceResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ hectare_cost: app.config.hectareCostCents }),
  );

  app.get(
    '/zoning/orders',
    {
      schema: {
        tags,
        summary: 'Zoning orders of a farm (farm_id, fields) or of a payment (payment_id), optionally by status',
        querystring: zoningOrdersQuerySchema,
        response: { 200: zoningOrdersResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const account = request.account;
      const { farm_id, payment_id, status, fields } = request.query;
      return {
        data: await listZoningOrders(db, account.id, { farmId: farm_id, paymentId: payment_id, status, fields }),
      };
    },
  );

  app.get(
    '/zoning/order/:order_id',
    {
      schema: {
        tags,
        summary: 'One zoning order (any member of its farm; 404 for anyone else and unknown ids)',
        params: z.object({ order_id: z.string() }),
        response: { 200: zoningOrderResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const account = request.account;
      return { data: await getZoningOrder(db, account.id, request.params.order_id) };
    },
  );

  app.post(
    '/zoning/update',
    {
      schema: {
        tags,
        summary:
          'New rates, product and unit (and repainted zones, cut to the paid fields) for a paid order; answers its download key and fields (owner or editor; a viewer may download the files but not change them: 403)',
        body: zoningUpdatePayloadSchema,
        response: { 200: zoningUpdateResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { updated, downloadable } = await updateZoningOrder(db, request.account, request.body);
      // Both zips of the new rates are made now, by jobs, so 'Export Files' links are ready sooner.
      for (const unified of [false, true]) {
        await requestExport(app, downloadable.order.id, exportInput(downloadable, unified));
      }
      return { data: updated };
    },
  );

  app.get(
    '/zoning/download/:download_key',
    {
      schema: {
        tags,
        summary:
          'A zip of the zones: shapefiles (zone, area_ha, rate, product, unit) per field or for the farm (unified=true), ISOXML TASKDATA/TASKDATA.XML and TERMINAL/ shapefiles with 8.3 names and an integer RATE (any member of the farm, viewers included; paid orders)',
        params: z.object({ download_key: z.string() }),
        querystring: zoningDownloadQuerySchema,
        response: { 200: z.unknown().describe('application/zip'), ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const account = request.account;
      const downloadable = await orderForDownload(db, account, request.params.download_key);
      // Made once by the `zoning.export` job and kept in storage; this waits for it the first time.
      const { fileName, file } = await exportFor(
        app,
        downloadable.order.id,
        exportInput(downloadable, request.query.unified),
      );
      return reply
        .type('application/zip')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.body);
    },
  );
};
