import { z } from 'zod';
import { pagesSchema } from './farms';

/**
 * The dashboard's counts (spec 3 §2.5, §7): `GET v2/orders?statuses=processing&statuses=submitted&limit=1`
 * read for `pages.total_count` only (the orders contract describes the rest of the answer).
 */
export const orderCountResponseSchema = z.object({ pages: pagesSchema.pick({ total_count: true }) });
export type OrderCountResponse = z.infer<typeof orderCountResponseSchema>;

/** The order statuses the dashboard counts as upcoming. */
export const UPCOMING_ORDER_STATUSES = ['processing', 'submitted'] as const;
