// Only re-exports. Dates need luxon (21 KB gzip) and numbers do not: kept in separate modules, a
// chunk that imports only number formats from here never fetches luxon, since the package is free
// of side effects and webpack leaves out the module none of whose exports is used. The cart the
// shell mounts on every page formats prices and hectares, and with one module it brought luxon
// into the start of every page.
export { formatArea, formatAud, formatFileSize, formatHectares, HECTARES_UNIT } from './numbers';
export { dateFormats, formatDate, type DateFormatName } from './dates';
