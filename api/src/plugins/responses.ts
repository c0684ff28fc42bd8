import { apiErrorBodySchema } from '@paddock/shared/contracts';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request',
  401: 'Missing or invalid bearer token',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  422: 'Validation error',
  429: 'Too many requests (Retry-After says when to try again)',
  503: 'Temporarily unavailable',
};

/** The FastAPI-style error bodies a route can answer with, for its OpenAPI description. */
export function errorResponses(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, apiErrorBodySchema.describe(DESCRIPTIONS[code] ?? 'Error')]));
}
