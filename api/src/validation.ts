import { refusingUnstorableText, type ValidationIssue } from '@paddock/shared/contracts';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { RequestValidationError, type FieldLabels, type RequestPart } from './errors';

const PARTS: Record<string, RequestPart> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/**
 * Validates request parts with their zod schemas, after refusing NUL characters and lone surrogates
 * anywhere in them (`refusingUnstorableText` from the shared contracts). Unlike the type provider's own compiler it keeps
 * zod's issue paths intact, so a 422 can name `["body", "data", "email"]` exactly.
 */
/**
 * Path and query text checked before any part is validated: Fastify validates the body before the
 * query, so without this a route whose body is also wrong would answer about the body and never name
 * the query parameter that holds text a database refuses. Same check, same 422 entries.
 */
export function installUnstorableTextGuard(app: FastifyInstance): void {
  const guarded = [
    ['params', 'path'],
    ['query', 'query'],
  ] as const;
  app.addHook('preValidation', async (request) => {
    for (const [property, part] of guarded) {
      const result = z.safeParse(refusingUnstorableText(z.unknown()), request[property], { reportInput: true });
      if (!result.success) throw new RequestValidationError(part, result.error.issues);
    }
  });
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema: routeSchema, httpPart }) => {
  const part = PARTS[httpPart ?? 'body'] ?? 'body';
  // Every string of every part is checked for text a database refuses, before the route's schema.
  const schema = refusingUnstorableText(routeSchema);
  return (data: unknown) => {
    const result = z.safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(part, result.error.issues) };
  };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Names of the fields of the route's domain for 422 messages (`declareFieldLabels`). */
    fieldLabels?: FieldLabels;
  }
}

/**
 * Declares the human names of a domain's fields (`farm_name` → 'Farm name') for the 422 messages of
 * every route registered after it in this plugin and the plugins it registers. Call it at the top of
 * the domain plugin; labels of an enclosing plugin are kept unless redeclared.
 */
export function declareFieldLabels(instance: FastifyInstance, labels: FieldLabels): void {
  instance.addHook('onRoute', (route) => {
    route.config = { ...route.config, fieldLabels: { ...route.config?.fieldLabels, ...labels } };
  });
}

/** Rewords one 422 entry of a request part, knowing the whole input (e.g. to name a field by its name). */
export type IssueRewriter = (issue: ValidationIssue, input: unknown) => ValidationIssue;

/**
 * `zodValidatorCompiler` for a route whose body issues need words zod cannot know: each entry is
 * passed through `rewrite` with the request body, and repeated entries (same loc and msg) are dropped.
 * Set it as the route's `validatorCompiler`.
 */
export function zodValidatorCompilerWith<RouteSchema = z.ZodType>(
  rewrite: IssueRewriter,
): FastifySchemaCompiler<RouteSchema> {
  return (route) => {
    // Fastify hands the compiler one part's schema at a time (typed as the whole route schema).
    const routeSchema = route.schema as unknown as z.ZodType;
    const part = PARTS[route.httpPart ?? 'body'] ?? 'body';
    if (part !== 'body') return zodValidatorCompiler({ ...route, schema: routeSchema });
    const schema = refusingUnstorableText(routeSchema);
    return (data: unknown) => {
      const result = z.safeParse(schema, data, { reportInput: true });
      if (result.success) return { value: result.data };
      return { error: new RequestValidationError(part, result.error.issues, (entry) => rewrite(entry, data)) };
    };
  };
}
