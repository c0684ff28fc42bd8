import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { RequestValidationError, type RequestPart } from './errors';

const PARTS: Record<string, RequestPart> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * Validates request parts with their zod schemas. Unlike the type provider's own compiler it keeps
 * zod's issue paths intact, so a 422 can name `["body", "data", "email"]` exactly.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = PARTS[httpPart ?? 'body'] ?? 'body';
  return (data: unknown) => {
    const result = z.safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(part, result.error.issues) };
  };
};
