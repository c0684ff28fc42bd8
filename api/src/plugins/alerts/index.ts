import { alertSettingsSchema, alertSettingsUpdateSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import { getAlertSettings, registerAlertJobs, scheduleScan, updateAlertSettings } from './service';

const tags = ['alerts'];

/** Change alerts per farm (issue 30): the settings, and the jobs that scan captures and record drops. */
export const alertsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps = { db, jobs: app.jobs, imagery: app.imagery, scanIntervalMs: app.config.alerts.scanIntervalMs };
  registerAlertJobs(deps);
  // The chain of periodic scans starts with the first process; each scan enqueues the next.
  app.addHook('onReady', async () => {
    await scheduleScan(deps);
  });

  app.get(
    '/farms/:farmId/alert-settings',
    {
      schema: {
        tags,
        summary: "The farm's change alerts: on or off, the thresholds, who is told",
        params: z.object({ farmId: z.string() }),
        response: { 200: alertSettingsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getAlertSettings(db, request.account, { farmId: request.params.farmId }),
  );

  app.patch(
    '/farms/:farmId/alert-settings',
    {
      schema: {
        tags,
        summary: "Changes the farm's change alerts (owner only)",
        params: z.object({ farmId: z.string() }),
        body: alertSettingsUpdateSchema,
        response: { 200: alertSettingsSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      updateAlertSettings(db, request.account, { farmId: request.params.farmId, update: request.body }),
  );
};
