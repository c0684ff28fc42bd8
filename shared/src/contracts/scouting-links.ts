import { paths } from './routes';

/**
 * The farm map's link to a scouting note, without zod: a follow-up notification in the shell opens
 * it, and a module with top-level zod schemas cannot be left out of a bundle. scouting.ts re-exports
 * this.
 */

/** The search parameter of the farm map that opens the scouting panel on one note. */
export const SCOUTING_NOTE_PARAM = 'note';

/** The farm map opened on a note (a follow-up notification's link). */
export const scoutingNoteLink = (farmId: string, noteId: string): string =>
  `${paths.farmMap(farmId)}?${new URLSearchParams({ [SCOUTING_NOTE_PARAM]: noteId }).toString()}`;
