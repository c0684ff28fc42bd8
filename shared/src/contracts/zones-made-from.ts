import { z } from 'zod';
import { isoDateSchema } from './imagery';

/** Zoning sources (issue 26): one capture, productivity over seasons, Rapid-EM with imagery. */
export const zoningSources = ['date', 'seasons', 'em_imagery'] as const;
export type ZoningSource = (typeof zoningSources)[number];

/**
 * What zones were made of, in words and figures (issue 26): the source, each capture used with its
 * share of the fields' pixels, and the share filled from neighbouring pixels. The zones answer states
 * it; an order keeps it with its zones and shows it again on every reopen.
 */
export const zonesMadeFromSchema = z.object({
  source: z.enum(zoningSources),
  description: z.string().max(1000),
  captures: z.array(z.object({ date: isoDateSchema, percent: z.number().min(0).max(100) })).max(2000),
  filled_from_neighbours_percent: z.number().min(0).max(100),
});
export type ZonesMadeFrom = z.infer<typeof zonesMadeFromSchema>;
