const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are uuids; anything else cannot name a row (and must not reach a uuid cast): a 404, not a 500. */
export const isUuid = (value: string): boolean => UUID.test(value);
