import type { ValidationIssue } from '@paddock/shared/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { RequestValidationError, toValidationIssue, UnprocessableError, type RequestPart } from './errors';

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
    const schema = route.schema as unknown as z.ZodType;
    const part = PARTS[route.httpPart ?? 'body'] ?? 'body';
    if (part !== 'body') return zodValidatorCompiler({ ...route, schema });
    return (data: unknown) => {
      const result = z.safeParse(schema, data, { reportInput: true });
      if (result.success) return { value: result.data };
      const seen = new Set<string>();
      const issues = result.error.issues
        .map((issue) => rewrite(toValidationIssue(issue, part), data))
        .filter((issue) => {
          const key = JSON.stringify([issue.loc, issue.msg]);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      return { error: new UnprocessableError(issues) };
    };
  };
}
