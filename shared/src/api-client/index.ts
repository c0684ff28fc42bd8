import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import type { z } from 'zod';
import type { ApiErrorBody, ValidationIssue } from '../contracts/errors';
import type { MfAuth, MfConfig } from '../contracts/microfrontend';

/** What every caller sees of a failed API call, whatever went wrong underneath. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The raw `detail` of the body, for callers that show per-field messages. */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach Paddock. Check your connection and try again.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

const isIssue = (value: unknown): value is ValidationIssue =>
  typeof value === 'object' && value !== null && typeof (value as ValidationIssue).msg === 'string';

// A hand-written guard rather than the zod contract: the shell loads this client before any
// remote, and zod would be most of its size budget.
const isErrorBody = (body: unknown): body is ApiErrorBody => {
  const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' || (Array.isArray(detail) && detail.every(isIssue));
};

/** Turns a FastAPI-style body into one message: a string detail as is, else the first issue's msg. */
export function messageFromBody(body: unknown): string | undefined {
  if (!isErrorBody(body)) return undefined;
  const { detail } = body;
  return typeof detail === 'string' ? detail : detail[0]?.msg;
}

export async function normaliseError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const status = error.response.status;
    let body: unknown;
    try {
      body = await error.response.clone().json();
    } catch {
      body = undefined;
    }
    const detail = typeof body === 'object' && body !== null && 'detail' in body ? body.detail : undefined;
    return new ApiError(status, messageFromBody(body) ?? error.response.statusText ?? GENERIC_ERROR_MESSAGE, detail);
  }
  if (error instanceof TimeoutError) return new ApiError(0, NETWORK_ERROR_MESSAGE);
  if (error instanceof TypeError) return new ApiError(0, NETWORK_ERROR_MESSAGE);
  return new ApiError(0, GENERIC_ERROR_MESSAGE);
}

/**
 * The message to show for any failure (spec 1 §8): the server's own words when it sent some (a
 * string `detail` as is — e.g. a 401 — or a 422's first `msg`), else `fallback` in the product's words.
 */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A refusal the user can act on (4xx): the server said why, and asking again will not change it. */
export const isClientError = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The spec's failure message ("Can't update field!"), followed by the server's reason when it gave
 * one (a 4xx detail); network and server faults show the spec's message alone.
 */
export function failureMessage(specMessage: string, error: unknown): string {
  return isClientError(error) && error instanceof ApiError && error.message
    ? `${specMessage} ${error.message}`
    : specMessage;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => Promise<string>;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface ApiClient {
  /** The underlying ky instance, for calls that need more than JSON (files, blobs). */
  http: KyInstance;
  get<S extends z.ZodType>(
    path: string,
    schema: S,
    searchParams?: Record<string, string | number | boolean | string[]>,
  ): Promise<z.infer<S>>;
  send<S extends z.ZodType>(
    method: 'post' | 'put' | 'patch' | 'delete',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>>;
  /** For calls whose answer the caller does not read. */
  sendNoContent(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown): Promise<void>;
  /**
   * A file the API names by its path from the API root (a tax document's `url`, `/v2/documents/…`),
   * fetched with the bearer token (a PDF cannot be linked to directly: it needs the token).
   */
  file(apiPath: string): Promise<Blob>;
  /** POSTs a multipart form (files); never retried, with a timeout long enough for big uploads. */
  upload<S extends z.ZodType>(
    path: string,
    schema: S,
    form: FormData,
    options?: { signal?: AbortSignal },
  ): Promise<z.infer<S>>;
}

/** Uploads of up to a few hundred MB, converted on the server before it answers. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

function toSearchParams(
  params: Record<string, string | number | boolean | string[]> | undefined,
): URLSearchParams | undefined {
  if (!params) return undefined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = ky.create({
    prefixUrl: options.baseUrl,
    fetch: options.fetch,
    timeout: options.timeoutMs ?? 30_000,
    // Only idempotent calls are retried; a POST must never be sent twice behind the user's back.
    retry: { limit: 2, methods: ['get', 'put', 'delete', 'head', 'options'], statusCodes: [408, 429, 502, 503, 504] },
    hooks: {
      beforeRequest: [
        async (request) => {
          request.headers.set('Authorization', `Bearer ${await options.getToken()}`);
        },
      ],
    },
  });

  const parse = <S extends z.ZodType>(schema: S, data: unknown): z.infer<S> => {
    const result = schema.safeParse(data);
    if (!result.success)
      throw new ApiError(
        0,
        'Paddock sent an answer this page does not understand. Please reload.',
        result.error.issues,
      );
    return result.data;
  };

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw await normaliseError(error);
    }
  };

  return {
    http,
    get: (path, schema, searchParams) =>
      call(async () => parse(schema, await http.get(path, { searchParams: toSearchParams(searchParams) }).json())),
    send: (method, path, schema, body) =>
      call(async () => parse(schema, await http(path, { method, json: body }).json())),
    sendNoContent: (method, path, body) =>
      call(async () => {
        await http(path, { method, json: body });
      }),
    // The client's base URL ends in the API version (…/v2); the API's paths start with it.
    file: (apiPath) => call(() => http.get(apiPath.replace(/^\/?v2\//, '').replace(/^\//, '')).blob()),
    // The browser sets the multipart boundary itself; ky must not add a JSON content type.
    upload: (path, schema, form, { signal } = {}) =>
      call(async () => parse(schema, await http.post(path, { body: form, signal, timeout: UPLOAD_TIMEOUT_MS }).json())),
  };
}
/** What a remote's API module is made from: the host's config and token, and (in tests) a fetch. */
export interface AreaApiOptions {
  config: Pick<MfConfig, 'apiUrl'>;
  getToken: MfAuth['getToken'];
  /** Injected by tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

/** The client of a remote's API module: the API's address from the host's config, the user's token. */
export function createAreaApiClient({ config, getToken, fetch }: AreaApiOptions): ApiClient {
  return createApiClient({ baseUrl: config.apiUrl, getToken: () => getToken(), fetch });
}

export { createSeasonsApi, type SeasonsApi } from './seasons';
