/**
 * Scouting's categories and severities with the words shown for them, without zod: the shell's
 * notifications word a follow-up with them, and a module with top-level zod schemas cannot be left
 * out of a bundle. The schemas built on these lists are in scouting.ts, which re-exports this.
 */

export const SCOUTING_CATEGORIES = [
  'weeds',
  'pests',
  'disease',
  'waterlogging',
  'nutrition',
  'damage',
  'other',
] as const;
export type ScoutingCategory = (typeof SCOUTING_CATEGORIES)[number];

export const SCOUTING_CATEGORY_LABELS: Record<ScoutingCategory, string> = {
  weeds: 'Weeds',
  pests: 'Pests',
  disease: 'Disease',
  waterlogging: 'Waterlogging',
  nutrition: 'Nutrition',
  damage: 'Damage',
  other: 'Other',
};

export const SCOUTING_SEVERITIES = ['low', 'moderate', 'high'] as const;
export type ScoutingSeverity = (typeof SCOUTING_SEVERITIES)[number];

export const SCOUTING_SEVERITY_LABELS: Record<ScoutingSeverity, string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};
