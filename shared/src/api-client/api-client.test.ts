/** @jest-environment node */
import { z } from 'zod';
import {
  ApiError,
  createApiClient,
  errorMessage,
  failureMessage,
  GENERIC_ERROR_MESSAGE,
  isClientError,
  isNotFound,
  NETWORK_ERROR_MESSAGE,
} from './index';

type Handler = (request: Request) => Response | Promise<Response>;

function clientWith(handler: Handler, token = 'tok-1') {
  const seen: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(request);
    return handler(request);
  }) as typeof fetch;
  const client = createApiClient({
    baseUrl: 'http://api.test/v2',
    getToken: async () => token,
    fetch: fetchImpl,
    timeoutMs: 2000,
  });
  return { client, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('sends the bearer token and parses the answer with the contract', async () => {
    const { client, seen } = clientWith(() => json(200, { data: { n: 2 } }), 'abc');
    const out = await client.get('accounts/profile', z.object({ data: z.object({ n: z.number() }) }));
    expect(out).toEqual({ data: { n: 2 } });
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(seen[0]?.url).toBe('http://api.test/v2/accounts/profile');
  });

  it('normalises a string detail into status and message', async () => {
    const { client } = clientWith(() => json(401, { detail: 'Token has expired' }));
    await expect(client.get('x', z.unknown())).rejects.toMatchObject({ status: 401, message: 'Token has expired' });
  });

  it('normalises a 422 list into the first msg and keeps the list', async () => {
    const detail = [
      { loc: ['body', 'data', 'email'], msg: 'Invalid email address', type: 'value_error' },
      { loc: ['body', 'data', 'first_name'], msg: 'Too long', type: 'value_error' },
    ];
    const { client } = clientWith(() => json(422, { detail }));
    const error = await client.send('patch', 'accounts/profile', z.unknown(), { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Invalid email address', detail });
  });

  it('falls back to the status text for a body that is not JSON', async () => {
    const { client } = clientWith(
      () => new Response('<html>bad gateway</html>', { status: 500, statusText: 'Internal Server Error' }),
    );
    await expect(client.send('post', 'x', z.unknown())).rejects.toMatchObject({
      status: 500,
      message: 'Internal Server Error',
    });
  });

  it('reports an unreachable server in the product words, with status 0', async () => {
    const { client } = clientWith(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.send('post', 'x', z.unknown())).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('rejects an answer that breaks the contract instead of passing it on', async () => {
    const { client } = clientWith(() => json(200, { data: 'nope' }));
    await expect(client.get('x', z.object({ data: z.number() }))).rejects.toMatchObject({ status: 0 });
  });

  it('retries an idempotent GET after a 503 but never a POST', async () => {
    let calls = 0;
    const flaky: Handler = () => (++calls === 1 ? json(503, { detail: 'busy' }) : json(200, { ok: true }));
    const { client } = clientWith(flaky);
    await expect(client.get('x', z.object({ ok: z.boolean() }))).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);

    calls = 0;
    const { client: client2 } = clientWith(flaky);
    await expect(client2.send('post', 'x', z.unknown())).rejects.toMatchObject({ status: 503, message: 'busy' });
    expect(calls).toBe(1);
  });
  it("fetches a file by the API's path from its root, with the token; a missing one is a 404 ApiError", async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const { client, seen } = clientWith((request) =>
      request.url.endsWith('/documents/doc-1')
        ? new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } })
        : json(404, { detail: 'Document not found' }),
    );
    const blob = await client.file('/v2/documents/doc-1');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    expect(seen[0]?.url).toBe('http://api.test/v2/documents/doc-1');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok-1');
    const missing = await client.file('/v2/documents/doc-2').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, message: 'Document not found' });
  });

  it('uploads files as one multipart form with repeated entries, the bearer token and no retry', async () => {
    const received: Array<{ type: string | null; names: string[]; texts: string[] }> = [];
    const { client, seen } = clientWith(async (request) => {
      const form = await request.formData();
      const files = form.getAll('files') as File[];
      received.push({
        type: request.headers.get('content-type'),
        names: files.map((f) => f.name),
        texts: await Promise.all(files.map((f) => f.text())),
      });
      return json(200, { converted: files.length });
    }, 'up-1');
    const form = new FormData();
    form.append('files', new File(['shape'], 'paddocks.shp'));
    form.append('files', new File(['table'], 'paddocks.dbf'));

    await expect(client.upload('convert', z.object({ converted: z.number() }), form)).resolves.toEqual({
      converted: 2,
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('http://api.test/v2/convert');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer up-1');
    expect(received).toEqual([
      {
        type: expect.stringMatching(/^multipart\/form-data; boundary=/),
        names: ['paddocks.shp', 'paddocks.dbf'],
        texts: ['shape', 'table'],
      },
    ]);
  });

  it("normalises a refused upload into the server's detail, and never repeats an upload after a 503", async () => {
    let calls = 0;
    const { client } = clientWith(() => {
      calls += 1;
      return calls === 1 ? json(413, { detail: 'The upload is larger than 200 MB.' }) : json(503, { detail: 'busy' });
    });
    const form = new FormData();
    form.append('files', new File(['x'], 'big.zip'));
    await expect(client.upload('convert', z.unknown(), form)).rejects.toMatchObject({
      status: 413,
      message: 'The upload is larger than 200 MB.',
    });
    await expect(client.upload('convert', z.unknown(), form)).rejects.toMatchObject({ status: 503, message: 'busy' });
    expect(calls).toBe(2);
  });
});

describe('error to message', () => {
  it('shows a 401 string detail as the server wrote it', async () => {
    const { client } = clientWith(() => json(401, { detail: 'You may not share this farm' }));
    const error = await client.get('x', z.unknown()).catch((e: unknown) => e);
    expect(errorMessage(error, 'Fallback')).toBe('You may not share this farm');
  });

  it('shows the first msg of a 422 list', async () => {
    const body = {
      detail: [
        { loc: ['body', 'email'], msg: 'Email Address is invalid', type: 'value_error' },
        { loc: ['body', 'x'], msg: 'second', type: 'value_error' },
      ],
    };
    const { client } = clientWith(() => json(422, body));
    const error = await client.send('post', 'x', z.unknown(), {}).catch((e: unknown) => e);
    expect(errorMessage(error, 'Fallback')).toBe('Email Address is invalid');
  });

  it('falls back to the product words for anything that is not an API error', () => {
    expect(errorMessage(new Error('boom'), 'Could not load farms')).toBe('Could not load farms');
    expect(errorMessage(undefined)).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('tells a not-found and a client error apart from a server fault', () => {
    expect(isNotFound(new ApiError(404, 'Not Found'))).toBe(true);
    expect(isNotFound(new ApiError(403, 'Forbidden'))).toBe(false);
    expect(isClientError(new ApiError(422, 'bad'))).toBe(true);
    expect(isClientError(new ApiError(503, 'down'))).toBe(false);
    expect(isClientError(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(false);
  });

  it("adds the server's 4xx reason to the spec's failure message, but not a server fault's", () => {
    expect(failureMessage("Can't update field!", new ApiError(403, 'Only editors may change fields'))).toBe(
      "Can't update field! Only editors may change fields",
    );
    expect(failureMessage("Can't update field!", new ApiError(500, 'Internal Server Error'))).toBe(
      "Can't update field!",
    );
    expect(failureMessage("Can't update field!", new Error('offline'))).toBe("Can't update field!");
  });
});
