/** What other plugins may use of the seasons domain (read only: only this plugin writes `field_seasons`). */
export { currentSeasons, previousSeason } from './service';
