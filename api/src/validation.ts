import { refusingUnstorableText, unstorableTextPaths, type ValidationIssue } from '@paddock/shared/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { z } from 'zod';
import { RequestValidationError, type FieldLabels, type RequestPart } from './errors';
import { loopTurns } from './event-loop';

/** Any value, refused when it holds text a database cannot store. */
const unstorableTextGuard = refusingUnstorableText(z.unknown());

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
  // Every request passes here (/health too): the schema is built once, not per request.
  const guarded = [
    ['params', 'path'],
    ['query', 'query'],
  ] as const;
  // A plain walk first: almost every request holds no such text, and its zod issues are only built
  // for one that does. A callback hook, not an async one: no promise per request for the common case.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [property, part] of guarded) {
      if (unstorableTextPaths(request[property]).length === 0) continue;
      const result = z.safeParse(unstorableTextGuard, request[property], { reportInput: true });
      if (!result.success) {
        done(new RequestValidationError(part, result.error.issues));
        return;
      }
    }
    done();
  });
}

/**
 * `data` parsed by `schema`: first plainly, since asking zod to report the input in its issues makes
 * every parse some times slower (it leaves zod's compiled fast path), and only a refused request needs
 * it; a refused one is parsed again for those issues.
 */
function parsedOrIssues(schema: z.ZodType, data: unknown): { value: unknown } | { issues: Issue[] } {
  const result = z.safeParse(schema, data);
  if (result.success) return { value: result.data };
  const reported = z.safeParse(schema, data, { reportInput: true });
  return { issues: (reported.error ?? result.error).issues };
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema: routeSchema, httpPart }) => {
  const part = PARTS[httpPart ?? 'body'] ?? 'body';
  // Every string of every part is checked for text a database refuses, before the route's schema: the
  // path and query by the guard every request passes first (installUnstorableTextGuard), the rest here.
  const schema = part === 'path' || part === 'query' ? routeSchema : refusingUnstorableText(routeSchema);
  return (data: unknown) => {
    if (part === 'body' && isValidatedInSlices(data)) return { value: data };
    const result = parsedOrIssues(schema, data);
    return 'value' in result ? result : { error: new RequestValidationError(part, result.issues) };
  };
};

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
      if (isValidatedInSlices(data)) return { value: data };
      const result = parsedOrIssues(schema, data);
      if ('value' in result) return result;
      return { error: new RequestValidationError(part, result.issues, (entry) => rewrite(entry, data)) };
    };
  };
}

/**
 * Bodies longer than this (bytes, by Content-Length) are validated in slices by `validatedInSlices`;
 * shorter ones take a few milliseconds in one go.
 */
export const SLICED_VALIDATION_ABOVE_BYTES = 256 * 1024;

/** Bodies already validated (and replaced by their parsed value) by `validatedInSlices`'s hook. */
const validatedBodies = new WeakSet<object>();
const isValidatedInSlices = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && validatedBodies.has(data);

type Issue = z.core.$ZodIssue;
const withPrefix = (issues: readonly Issue[], prefix: readonly PropertyKey[]): Issue[] =>
  issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));

/** The route schema with `arrayKey`'s elements left unchecked (its own checks, e.g. min and max length, kept). */
const envelopes = new WeakMap<z.ZodObject, z.ZodObject>();
function envelopeOf(schema: z.ZodObject, arrayKey: string, array: z.ZodArray): z.ZodObject {
  let envelope = envelopes.get(schema);
  if (!envelope) {
    envelope = schema.extend({
      [arrayKey]: z.array(z.unknown()).check(...((array._zod.def.checks ?? []) as z.core.$ZodCheck<unknown[]>[])),
    });
    envelopes.set(schema, envelope);
  }
  return envelope;
}

/**
 * `data` validated as `refusingUnstorableText(schema)` would validate it (the same issues in the same
 * order, the same value), with the elements of its big array `arrayKey` checked one at a time and a
 * turn of the event loop every few milliseconds: unstorable text anywhere first (the schema then does
 * not run), else the object without the array's elements, the elements, and the array's own checks.
 * Null when the schema or the data has another shape (the caller validates it whole).
 */
export async function validateInSlices(
  schema: z.ZodType,
  arrayKey: string,
  data: unknown,
): Promise<{ value: Record<string, unknown> } | { issues: Issue[] } | null> {
  if (!(schema instanceof z.ZodObject)) return null;
  const array: unknown = schema.shape[arrayKey];
  if (!(array instanceof z.ZodArray)) return null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const body = data as Record<string, unknown>;
  const items = body[arrayKey];
  if (!Array.isArray(items)) return null;

  const turns = loopTurns();
  const letLoopTurn = async () => {
    if (turns.due()) await turns.turn();
  };

  // Unstorable text: the walk of the whole body, in its key order, the array's elements one at a time.
  const keys = Object.keys(body);
  const arrayPlace = keys.indexOf(arrayKey);
  const envelopeText = z.safeParse(unstorableTextGuard, { ...body, [arrayKey]: [] });
  const envelopeTextIssues = envelopeText.success ? [] : envelopeText.error.issues;
  const textIssues = envelopeTextIssues.filter((issue) => keys.indexOf(String(issue.path[0])) < arrayPlace);
  for (const [index, item] of items.entries()) {
    const result = z.safeParse(unstorableTextGuard, item);
    if (!result.success) textIssues.push(...withPrefix(result.error.issues, [arrayKey, index]));
    await letLoopTurn();
  }
  textIssues.push(...envelopeTextIssues.filter((issue) => keys.indexOf(String(issue.path[0])) > arrayPlace));
  if (textIssues.length > 0) return { issues: textIssues };

  // The schema: the object's other members and the array's own checks, then each element.
  const envelope = z.safeParse(envelopeOf(schema, arrayKey, array), body, { reportInput: true });
  const envelopeIssues = envelope.success ? [] : envelope.error.issues;
  // zod refuses an array longer than its maximum without looking at its elements.
  const tooLong = envelopeIssues.some(
    (issue) => issue.code === 'too_big' && issue.path.length === 1 && issue.path[0] === arrayKey,
  );
  const elementIssues: Issue[] = [];
  const elements: unknown[] = [];
  for (const [index, item] of tooLong ? [] : items.entries()) {
    const result = z.safeParse(array.element as z.ZodType, item, { reportInput: true });
    if (result.success) elements.push(result.data);
    else elementIssues.push(...withPrefix(result.error.issues, [arrayKey, index]));
    await letLoopTurn();
  }
  if (envelope.success && elementIssues.length === 0) {
    return { value: { ...(envelope.data as Record<string, unknown>), [arrayKey]: elements } };
  }
  // zod reports an object's members in the schema's order, and an array's elements before its own checks.
  const shapeKeys = Object.keys(schema.shape);
  const arrayRank = shapeKeys.indexOf(arrayKey);
  const before = envelopeIssues.filter(
    (issue) =>
      issue.path.length > 0 && issue.path[0] !== arrayKey && shapeKeys.indexOf(String(issue.path[0])) < arrayRank,
  );
  const after = envelopeIssues.filter((issue) => !before.includes(issue));
  return { issues: [...before, ...elementIssues, ...after] };
}

/**
 * Body validation for a route that takes many items in one array of a large body (a FeatureCollection
 * of detailed boundaries): its route options `validatorCompiler` and `preValidation`. Large bodies are
 * validated by `validateInSlices` in the hook, which lets other requests in between slices, with the
 * same 422 as `zodValidatorCompilerWith(rewrite)` gives small ones, which it validates as before.
 */
export function validatedInSlices(
  arrayKey: string,
  rewrite: IssueRewriter = (issue) => issue,
): {
  validatorCompiler: <RouteSchema>(route: FastifyRouteSchemaDef<RouteSchema>) => FastifyValidationResult;
  preValidation: (request: FastifyRequest) => Promise<void>;
} {
  return {
    validatorCompiler: (route) => zodValidatorCompilerWith<typeof route.schema>(rewrite)(route),
    preValidation: async (request) => {
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length <= SLICED_VALIDATION_ABOVE_BYTES) return;
      const schema = request.routeOptions.schema?.body as z.ZodType | undefined;
      if (!schema) return;
      const data = request.body;
      const result = await validateInSlices(schema, arrayKey, data);
      if (!result) return;
      if ('issues' in result) throw new RequestValidationError('body', result.issues, (entry) => rewrite(entry, data));
      validatedBodies.add(result.value);
      request.body = result.value;
    },
  };
}
