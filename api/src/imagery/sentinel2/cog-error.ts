/**
 * A COG that could not be read. `reason` says why in the product's words, for the person looking at
 * the map; `format` is true when the file itself is unreadable (not a passing network failure), so
 * a capture made of it is left out of the catalog. (A module of its own: the api's main thread needs
 * the class, not geotiff, which only the imagery workers load.)
 */
export class CogReadError extends Error {
  constructor(
    message: string,
    readonly reason = 'The satellite image could not be read. Please try again later.',
    readonly format = false,
  ) {
    super(message);
    this.name = 'CogReadError';
  }
}
