/**
 * Whether an `If-None-Match` header names the ETag (weak comparison, as RFC 9110 asks for this
 * header; `*` matches any). Used by every tile route that answers 304.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
