import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  bookingsResponseSchema,
  farmListResponseSchema,
  farmTotalsResponseSchema,
  orderCountResponseSchema,
  UPCOMING_ORDER_STATUSES,
  zoningOrdersResponseSchema,
  type FarmFeature,
  type FarmTotals,
} from '@paddock/shared/contracts';

/** What the dashboard reads of other areas' data: farms (plugins/farms), orders and bookings (spec 3 §2.5, §7). */
export interface OverviewApi {
  /** Up to `limit` favourite farms, and how many there are in all. */
  favourites(limit: number): Promise<{ farms: FarmFeature[]; total: number }>;
  /** The farms the caller may add fields to (owner or editor), by name: the import's farm choice. */
  editableFarms(): Promise<FarmFeature[]>;
  /** The caller's farms, fields and hectares over every farm they can see, in one call (`GET v2/farms/totals`). */
  totals(): Promise<FarmTotals>;
  /** The farm the map tutorial opens on: the caller's most recently changed farm, or null with none. */
  tourFarm(): Promise<FarmFeature | null>;
  /** Orders in progress (statuses processing and submitted), read from pages.total_count. */
  upcomingOrders(): Promise<number>;
  /** Bookings whose machine is still to come or on site (not expired, ending today or later). */
  upcomingBookings(today: string): Promise<number>;
  /** The zoning orders listed under Orders (the caller's purchases and their farms' zone layers). */
  zoningOrders(): Promise<number>;
}

export type { FarmTotals };

const PAGE = 100;
/** A guard against a server that never ends its pages. */
const MAX_PAGES = 50;

export function createOverviewApi({ config, getToken, fetch }: AreaApiOptions): OverviewApi {
  const api = createAreaApiClient({ config, getToken, fetch });
  return {
    async favourites(limit) {
      const page = await api.get('farms', farmListResponseSchema, {
        skip: 0,
        limit,
        is_favorite: 'true',
        sort_by: 'farm_name',
        sort_dir: 'asc',
      });
      return { farms: page.features, total: page.pages.total_count };
    },

    async editableFarms() {
      const page = await api.get('farms', farmListResponseSchema, {
        skip: 0,
        limit: PAGE,
        sort_by: 'farm_name',
        sort_dir: 'asc',
      });
      return page.features.filter((farm) => farm.properties.permission !== 'viewer');
    },

    async tourFarm() {
      const page = await api.get('farms', farmListResponseSchema, {
        skip: 0,
        limit: 1,
        sort_by: 'updated_on',
        sort_dir: 'desc',
      });
      return page.features[0] ?? null;
    },

    totals: async () => (await api.get('farms/totals', farmTotalsResponseSchema)).data,

    upcomingOrders: async () =>
      (await api.get('orders', orderCountResponseSchema, { statuses: [...UPCOMING_ORDER_STATUSES], skip: 0, limit: 1 }))
        .pages.total_count,

    zoningOrders: async () => (await api.get('zoning/orders', zoningOrdersResponseSchema)).data.length,

    async upcomingBookings(today) {
      let count = 0;
      for (let index = 0; index < MAX_PAGES; index += 1) {
        const page = await api.get('sensors/em/bookings', bookingsResponseSchema, { skip: index * PAGE, limit: PAGE });
        count += page.data.filter((booking) => booking.status !== 'expired' && booking.end_date >= today).length;
        if (page.data.length < PAGE || (index + 1) * PAGE >= page.pages.total_count) break;
      }
      return count;
    },
  };
}
