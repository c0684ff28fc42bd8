import { parseInSlices, SLICED_PARSE_ABOVE_CHARS } from './json-slices';
import {
  isStorableText,
  TOO_DEEP_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
  UNSTORABLE_TEXT_PARAM,
  type ValidationIssue,
} from '@paddock/shared/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  errorCodes,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { StringDecoder } from 'node:string_decoder';
import { z } from 'zod';

/** An error with a FastAPI-style `{"detail": "..."}` body; throw it from routes and hooks. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (detail = 'Not Found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const forbidden = (detail = 'You are not allowed to do this') => new HttpError(403, detail);

type Issue = z.core.$ZodIssue;
/** Where a request part lives, in FastAPI's words. */
export type RequestPart = 'body' | 'query' | 'path' | 'header';

/**
 * A 422 whose entries are already worded: checks that run in code (geometry, sharing with yourself)
 * or validators that name things zod cannot know (the field whose boundary is wrong).
 */
export class UnprocessableError extends Error {
  readonly statusCode = 422;
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(issues[0]?.msg ?? 'Unprocessable request');
    this.name = 'UnprocessableError';
  }
}

/**
 * Raised by the schema validator: the zod issues of one request part, turned into a 422 by the error
 * handler with the route's field labels, then passed through `rewrite` when the route words some
 * entries itself (repeated entries, same loc and msg, are dropped).
 */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly part: RequestPart,
    readonly issues: readonly Issue[],
    readonly rewrite?: (entry: ValidationIssue) => ValidationIssue,
  ) {
    super(`Invalid request ${part}`);
    this.name = 'RequestValidationError';
  }

  /** The 422 entries, worded with the route's field labels. */
  entries(labels: FieldLabels = {}): ValidationIssue[] {
    const entries = this.issues.map((issue) => toValidationIssue(issue, this.part, labels));
    if (!this.rewrite) return entries;
    const seen = new Set<string>();
    return entries.map(this.rewrite).filter((entry) => {
      const key = JSON.stringify([entry.loc, entry.msg]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/**
 * Human names of a domain's fields for validation messages (`first_name` → 'First name'), declared by
 * each domain plugin with `declareFieldLabels` (`validation.ts`). A key without a label is shown
 * capitalised with spaces.
 */
export type FieldLabels = Readonly<Record<string, string>>;

// Declared beside the type, not in validation.ts, so that every program compiling this file (the
// gateway's tests reach it without validation.ts) sees the route config the 422 handler reads.
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Names of the fields of the route's domain for 422 messages (`declareFieldLabels`). */
    fieldLabels?: FieldLabels;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

function labelFor(path: readonly PropertyKey[], part: RequestPart, labels: FieldLabels): string {
  const last = path.at(-1);
  if (last === undefined) return part === 'body' ? 'Request body' : `Request ${part}`;
  if (typeof last === 'number') return `Item ${last + 1}`;
  const key = String(last);
  return labels[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');
}

const items = (count: unknown) => `${String(count)} item${Number(count) === 1 ? '' : 's'}`;

const quoteList = (values: readonly unknown[]) =>
  values
    .filter((value) => value !== '')
    .map((value) => String(value))
    .join(', ');

/**
 * The message the schema's author wrote for this issue (e.g. 'Farm Name is required!'), or undefined
 * when zod used its own wording (which is replaced by a product sentence below).
 */
function authoredMessage(issue: Issue): string | undefined {
  let fallback: string | undefined;
  try {
    const localized = z.config().localeError?.(issue as never);
    fallback = typeof localized === 'string' ? localized : localized?.message;
  } catch {
    return undefined;
  }
  return fallback !== undefined && issue.message && issue.message !== fallback ? issue.message : undefined;
}

/**
 * Turns one zod issue into a FastAPI-style entry with a message a person can act on: the schema's
 * own message when it has one, else a sentence naming the field.
 */
export function toValidationIssue(issue: Issue, part: RequestPart, labels: FieldLabels = {}): ValidationIssue {
  if (issue.code === 'custom' && issue.params?.[UNSTORABLE_TEXT_PARAM]) {
    const loc = [part, ...issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)))];
    const label = labelFor(issue.path, part, labels);
    return {
      loc,
      msg: `${isStorableText(label) ? label : 'A field name'} ${UNSTORABLE_TEXT_MESSAGE}`,
      type: 'string_unstorable_text',
    };
  }
  const entry = describeIssue(issue, part, labels);
  const authored = authoredMessage(issue);
  return authored ? { ...entry, msg: authored } : entry;
}

function describeIssue(issue: Issue, part: RequestPart, labels: FieldLabels): ValidationIssue {
  const path = issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
  const loc = [part, ...path];
  const label = labelFor(issue.path, part, labels);
  const missing = !('input' in issue) || issue.input === undefined || (issue.path.length === 0 && issue.input === null);

  switch (issue.code) {
    case 'invalid_type':
      if (missing) return { loc, msg: `${label} is required`, type: 'missing' };
      return {
        loc,
        msg: `${label} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`,
        type: `${issue.expected}_type`,
      };
    case 'invalid_format':
      if (issue.format === 'email') return { loc, msg: 'Invalid Email Address', type: 'value_error' };
      if (issue.format === 'url') return { loc, msg: `${label} must be a valid URL`, type: 'url_parsing' };
      return { loc, msg: `${label} is not in the right format`, type: 'string_pattern_mismatch' };
    case 'invalid_value':
      if (issue.values.length === 1)
        return { loc, msg: `${label} must be ${String(issue.values[0])}`, type: 'literal_error' };
      return { loc, msg: `${label} must be one of: ${quoteList(issue.values)}`, type: 'enum' };
    case 'invalid_union': {
      // e.g. user_type: one of the occupations, or empty. Report the accepted values together.
      const values = issue.errors.flat().flatMap((inner) => (inner.code === 'invalid_value' ? inner.values : []));
      if (values.length > 0) return { loc, msg: `${label} must be one of: ${quoteList(values)}`, type: 'enum' };
      return { loc, msg: `${label} is not valid`, type: 'union' };
    }
    case 'too_big':
      if (issue.origin === 'string') {
        if (issue.exact)
          return { loc, msg: `${label} must be exactly ${issue.maximum} characters`, type: 'string_length' };
        return { loc, msg: `${label} must be at most ${issue.maximum} characters`, type: 'string_too_long' };
      }
      if (issue.origin === 'array')
        return { loc, msg: `${label} must have at most ${items(issue.maximum)}`, type: 'too_long' };
      return { loc, msg: `${label} must be at most ${issue.maximum}`, type: 'less_than_equal' };
    case 'too_small':
      if (issue.origin === 'string') {
        if (issue.exact)
          return { loc, msg: `${label} must be exactly ${issue.minimum} characters`, type: 'string_length' };
        if (Number(issue.minimum) <= 1) return { loc, msg: `${label} is required`, type: 'missing' };
        return { loc, msg: `${label} must be at least ${issue.minimum} characters`, type: 'string_too_short' };
      }
      if (issue.origin === 'array')
        return { loc, msg: `${label} must have at least ${items(issue.minimum)}`, type: 'too_short' };
      return { loc, msg: `${label} must be at least ${issue.minimum}`, type: 'greater_than_equal' };
    case 'unrecognized_keys': {
      const what = issue.path.at(-1) === 'feature_flags' ? 'Unknown feature flag' : 'Unknown field';
      return { loc, msg: `${what}: ${issue.keys.join(', ')}`, type: 'extra_forbidden' };
    }
    default:
      return { loc, msg: issue.message, type: issue.code };
  }
}

export const jsonInvalidIssue: ValidationIssue = {
  loc: ['body'],
  msg: 'The request body is not valid JSON',
  type: 'json_invalid',
};

/** A body the parser's own checks could not walk (nested thousands of levels deep). */
export const jsonTooDeepIssue: ValidationIssue = { loc: ['body'], msg: TOO_DEEP_MESSAGE, type: 'json_invalid' };

/**
 * Fastify's own client errors in product words. Their default messages can echo what the caller
 * sent (the URL, the content type), so none is passed on as is.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it has a malformed %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_TYPE: 'The request has a body but no content type',
};

const statusText = (status: number): string => STATUS_CODES[status] ?? 'Error';

/**
 * Fastify options that give the errors raised before routing (a malformed %-escape, an over-long path
 * parameter) and at the HTTP level (an unparseable request, huge headers) the `{"detail"}` shape,
 * without echoing the request. Pass them to `Fastify(...)`.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error, _request, reply) {
    const status = error.statusCode ?? 400;
    void (reply as FastifyReply).code(status).send({
      detail: FRAMEWORK_MESSAGES[error.code] ?? (status >= 500 ? 'Something went wrong' : statusText(status)),
    });
  },
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers (or the address) are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive']
          : [400, 'The request could not be read'];
    const body = JSON.stringify({ detail });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};

const isFastifyError = (error: unknown): error is FastifyError =>
  typeof error === 'object' && error !== null && 'message' in error;

/**
 * Installs the FastAPI-style error contract on the root instance: `{"detail": "..."}` for every
 * 4xx/5xx, 422 with a `detail` list for bad input (including malformed JSON), 404 "Not Found" for
 * unknown routes, and a logged, generic 500 for anything unexpected (never a stack trace).
 */
/**
 * A request body as text, decoded chunk by chunk as it arrives. Fastify's own reader joins the chunks
 * and decodes the whole body at the end, in one go: for a 15 MB field import that held the event loop
 * for tens of milliseconds. Same limits and errors as Fastify's: 413 past the route's body limit (at
 * once when Content-Length says so), 400 when the body does not match its Content-Length.
 */
export function readBodyText(
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
  { limit, contentLength }: { limit: number; contentLength: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (contentLength > limit) {
      reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const decoder = new StringDecoder('utf8');
    const pieces: string[] = [];
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      pieces.push(decoder.write(bytes));
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      stop();
      if (error) {
        if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
        reject(error);
        return;
      }
      if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || received) !== contentLength) {
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      pieces.push(decoder.end());
      resolve(pieces.join(''));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
}

export function installErrorHandling(app: FastifyInstance): void {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  const parseJsonText = (
    request: FastifyRequest,
    text: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => {
    // Empty JSON bodies (a DELETE sent with a JSON content type) count as "no body" instead of an error.
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // Nesting past any real body's (20,000 levels) can overflow the stack in the parser's own checks;
    // a body that parses is refused past MAX_INPUT_DEPTH by the validation (`refusingUnstorableText`).
    const parsed = (error: Error | null, body?: unknown) =>
      error instanceof RangeError ? done(new UnprocessableError([jsonTooDeepIssue]), undefined) : done(error, body);
    if (text.length <= SLICED_PARSE_ABOVE_CHARS) {
      defaultJsonParser(request, text, parsed);
      return;
    }
    // A large body a slice at a time (the same parser on each piece); whole when it has another
    // shape or a piece is refused, so every error is the one the whole parse reports.
    const parsePiece = (piece: string) =>
      new Promise<unknown>((resolve, reject) =>
        defaultJsonParser(request, piece, (error, value) => (error ? reject(error) : resolve(value))),
      );
    parseInSlices(text, parsePiece).then(
      (sliced) => (sliced ? done(null, sliced.value) : defaultJsonParser(request, text, parsed)),
      () => defaultJsonParser(request, text, parsed),
    );
  };
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readBodyText(payload ?? request.raw, {
      limit: request.routeOptions.bodyLimit,
      contentLength: Number(request.headers['content-length']),
    }).then(
      (text) => parseJsonText(request, text, done),
      (error: Error) => done(error, undefined),
    );
  });

  app.setNotFoundHandler((_request: FastifyRequest, reply: FastifyReply) => {
    void reply.code(404).send({ detail: 'Not Found' });
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof RequestValidationError) {
      return reply.code(422).send({ detail: error.entries(request.routeOptions.config.fieldLabels) });
    }
    if (error instanceof UnprocessableError) return reply.code(422).send({ detail: error.issues });
    if (isFastifyError(error)) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return reply.code(422).send({ detail: [jsonInvalidIssue] });
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (unsupported media type, body too large, ...), in our words.
        return reply.code(status).send({ detail: FRAMEWORK_MESSAGES[error.code] ?? statusText(status) });
      }
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ detail: 'Something went wrong' });
  });
}
