import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsPlugin } from './accounts';
import { alertsPlugin } from './alerts';
import { adminPlugin } from './admin';
import { basemapPlugin } from './basemap';
import { bookingsPlugin } from './bookings';
import { cartPlugin } from './cart';
import { comparePlugin } from './compare';
import { convertPlugin } from './convert';
import { documentsPlugin } from './documents';
import { farmsPlugin } from './farms';
import { fieldsPlugin } from './fields';
import { imageryPlugin } from './imagery';
import { notificationsPlugin } from './notifications';
import { ordersPlugin } from './orders';
import { paymentsPlugin } from './payments';
import { productsPlugin } from './products';
import { subscriptionsPlugin } from './subscriptions';
import { placesPlugin } from './places';
import { seasonsPlugin } from './seasons';
import { weatherPlugin } from './weather';
import { scoutingPlugin } from './scouting';
import { zoningPlugin } from './zoning';

/**
 * The domain plugins behind the bearer-token check, mounted under `/v2` in this order.
 * A new domain (farms, fields, orders, ...) is a folder `plugins/<domain>/index.ts` exporting a
 * `FastifyPluginAsyncZod` that registers its routes relative to `/v2`, plus one line here.
 * Each plugin is encapsulated: hooks it adds (like the admin check) stay inside it.
 */
export const domainPlugins: readonly FastifyPluginAsyncZod[] = [
  accountsPlugin,
  adminPlugin,
  farmsPlugin,
  fieldsPlugin,
  convertPlugin,
  imageryPlugin,
  comparePlugin,
  notificationsPlugin,
  alertsPlugin,
  paymentsPlugin,
  documentsPlugin,
  cartPlugin,
  zoningPlugin,
  bookingsPlugin,
  productsPlugin,
  ordersPlugin,
  subscriptionsPlugin,
  basemapPlugin,
  placesPlugin,
  seasonsPlugin,
  weatherPlugin,
  scoutingPlugin,
];

// ---- The one door into the plugins for what sits above them (issue 28) ----
// app.ts registers the plugins and the benches drive services in-process, the way a route does; both
// import this file only, never a plugin's own files.

/** Routes outside the bearer-token check (app.ts mounts them), and the account every request carries. */
export { installCurrentAccount } from './accounts/current-account';
export { healthPlugin } from './health';
export { notificationsPublicPlugin } from './notifications';
export { paymentsPublicPlugin, WEBHOOK_PATH } from './payments';

/** What the benches call in-process. */
export { ensureAccount } from './accounts/api';
export { listFarms, type FarmListQuery } from './farms/api';
export { bookingToday } from './bookings/api';
