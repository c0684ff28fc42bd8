import { z } from 'zod';
import { compareAlgorithms } from './compare-links';
import { fieldIdsQuerySchema, isoDateSchema, rgbSchema } from './imagery';
import { scoutingCategorySchema } from './scouting';

/**
 * Comparing two captures of a field (issue 30): the difference layer (later minus earlier, masked
 * where either capture is cloudy), its statistics, and change alerts with their notifications.
 */

// The zod-free part (the calculations, the comparison in the map's URL, the link that opens it) is
// in compare-links.ts, which the shell's menus import without bundling zod; re-exported so that
// importers of this module and of the contracts entry point find it here as before.
export * from './compare-links';

export const compareAlgorithmSchema = z.enum(compareAlgorithms);

/** A pixel is "down" when it fell by this much or more (NDVI units) between the two captures. */
export const COMPARE_DOWN_BY = 0.15;

const laterThanEarlier = <T extends { earlier_date: string; later_date: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.later_date <= value.earlier_date)
    ctx.addIssue({ code: 'custom', path: ['later_date'], message: 'Choose a later date after the earlier one' });
};

// --- GET v2/compare/{algorithm}/statistics.json --------------------------------------------------

export const compareParamsSchema = z.object({ algorithm: compareAlgorithmSchema });

export const compareQuerySchema = z
  .object({
    field_ids: fieldIdsQuerySchema,
    earlier_date: isoDateSchema,
    later_date: isoDateSchema,
  })
  .superRefine(laterThanEarlier);
export type CompareQuery = z.input<typeof compareQuerySchema>;

export const distributionSchema = z.object({
  count: z.number().int().nonnegative(),
  mean: z.number(),
  sd: z.number(),
  min: z.number(),
  max: z.number(),
  p10: z.number(),
  p25: z.number(),
  p50: z.number(),
  p75: z.number(),
  p90: z.number(),
});
export type Distribution = z.infer<typeof distributionSchema>;

export const compareStatisticsResponseSchema = z.object({
  algorithm: compareAlgorithmSchema,
  earlier_date: isoDateSchema,
  later_date: isoDateSchema,
  unit: z.string(),
  /** Over the pixels clear in both captures; null when none are. */
  earlier: distributionSchema.nullable(),
  later: distributionSchema.nullable(),
  difference: distributionSchema.nullable(),
  /** Share (0–100) of the compared pixels that fell by `down_by` or more; null when none were compared. */
  percent_down: z.number().nullable(),
  down_by: z.number(),
  /** Share (0–100) of the fields' pixels cloudy in either capture (not compared). */
  earlier_cloud_percent: z.number(),
  later_cloud_percent: z.number(),
  color_rendering: z.object({
    /** Diverging palette, loss to gain, spread evenly over `value_range`. */
    color_range: z.array(rgbSchema).min(2),
    value_range: z.tuple([z.number(), z.number()]),
  }),
});
export type CompareStatisticsResponse = z.infer<typeof compareStatisticsResponseSchema>;

// --- GET v2/compare/tiles/{algorithm}/{earlier_date}/{later_date}/{z}/{x}/{y}.png ----------------

export const compareTileParamsSchema = z
  .object({
    algorithm: compareAlgorithmSchema,
    earlier_date: isoDateSchema,
    later_date: isoDateSchema,
    z: z.coerce.number().int().min(0).max(24),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .superRefine(laterThanEarlier);

export const compareTileQuerySchema = z.object({ field_ids: fieldIdsQuerySchema });

// --- Change alerts: per farm settings ------------------------------------------------------------

export const alertAudiences = ['owner', 'editor', 'viewer'] as const;
export const alertAudienceSchema = z.enum(alertAudiences);
export type AlertAudience = z.infer<typeof alertAudienceSchema>;

export const alertSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Alert when the field's mean fell by this much or more. */
  mean_drop: z.number().min(0.01).max(1),
  /** …or when more than this share (0–100) of the field fell by `COMPARE_DOWN_BY` or more. */
  percent_down: z.number().min(1).max(100),
  /** Captures with more cloud than this inside the field are not compared. */
  max_cloud_percent: z.number().min(0).max(100),
  /** Who is told. */
  audiences: z.array(alertAudienceSchema).min(1, 'Choose who is told'),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  enabled: true,
  mean_drop: 0.1,
  percent_down: 10,
  max_cloud_percent: 20,
  audiences: ['owner', 'editor'],
};

export const alertSettingsUpdateSchema = alertSettingsSchema.partial();
export type AlertSettingsUpdate = z.infer<typeof alertSettingsUpdateSchema>;

// --- Notifications (per user, with read state) ---------------------------------------------------

/** A change alert: a paddock dropped between two captures. */
export const fieldChangeNotificationSchema = z.object({
  id: z.string(),
  kind: z.literal('field_change'),
  farm_id: z.string(),
  field_id: z.string(),
  field_name: z.string(),
  farm_name: z.string(),
  algorithm: compareAlgorithmSchema,
  earlier_date: isoDateSchema,
  later_date: isoDateSchema,
  /** Change of the field's mean (later minus earlier). */
  mean_change: z.number(),
  percent_down: z.number(),
  created_on: z.string(),
  read: z.boolean(),
});
export type FieldChangeNotification = z.infer<typeof fieldChangeNotificationSchema>;

/** A scouting note's follow-up given to the person (issue 31); opens the farm map on the note. */
export const followUpNotificationSchema = z.object({
  id: z.string(),
  kind: z.literal('scouting_follow_up'),
  farm_id: z.string(),
  farm_name: z.string(),
  note_id: z.string(),
  field_name: z.string().nullable(),
  category: scoutingCategorySchema,
  observed_on: isoDateSchema,
  due_date: isoDateSchema.nullable(),
  /** Who gave the follow-up (the note's author when unknown). */
  assigned_by: z.string().nullable(),
  created_on: z.string(),
  read: z.boolean(),
});
export type FollowUpNotification = z.infer<typeof followUpNotificationSchema>;

export const notificationSchema = z.discriminatedUnion('kind', [
  fieldChangeNotificationSchema,
  followUpNotificationSchema,
]);
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const notificationsResponseSchema = z.object({
  unread_count: z.number().int().nonnegative(),
  notifications: z.array(notificationSchema),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const unreadCountResponseSchema = z.object({ unread_count: z.number().int().nonnegative() });

export const notificationPreferencesSchema = z.object({
  /** A daily e-mail of new change alerts (at most one a day). */
  email_digest: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(2000) });
export const unsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true), message: z.string() });

/** How far apart (days) an alert's two dates are at least when it compared with the same time last season (the previous clear capture is looked for within 60 days). */
const LAST_SEASON_APART_DAYS = 300;

/** Whether a change alert compared with the same time last season rather than the previous clear capture. */
export const comparedWithLastSeason = (earlierDate: string, laterDate: string): boolean =>
  Date.parse(`${laterDate}T00:00:00Z`) - Date.parse(`${earlierDate}T00:00:00Z`) >= LAST_SEASON_APART_DAYS * 86_400_000;
