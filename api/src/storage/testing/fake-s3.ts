import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for S3 (path-style: `/<bucket>/<key>`) for the S3 storage's tests: PutObject,
 * GetObject, HeadObject and DeleteObject on one bucket, with AWS Signature Version 4 checked as S3
 * checks it (access key, region, signature over the canonical request, payload hash) and S3's XML
 * errors (NoSuchKey, NoSuchBucket, SignatureDoesNotMatch, InvalidAccessKeyId).
 */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects stored, by key (for a test to look behind the client). */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Requests answered, as `METHOD key status`. */
  requests: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Why the request's signature is not valid, or null when it is. */
function signatureProblem(
  req: IncomingMessage,
  body: Buffer,
  expected: { accessKeyId: string; secretAccessKey: string; region: string },
): { code: string; message: string } | null {
  const authorization = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { code: 'AccessDenied', message: 'Missing or malformed AWS Signature Version 4' };
  const [, accessKeyId, day, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== expected.accessKeyId)
    return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist' };
  if (region !== expected.region) return { code: 'AuthorizationHeaderMalformed', message: `Wrong region ${region}` };
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
    return { code: 'XAmzContentSHA256Mismatch', message: 'The payload hash does not match' };
  const url = req.url ?? '/';
  const [path = '/', query = ''] = url.split('?', 2);
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? pair : `${pair}=`))
    .sort()
    .join('&');
  const names = String(signedHeaders).split(';');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${expected.secretAccessKey}`, String(day));
  for (const part of [String(region), 's3', 'aws4_request']) key = hmac(key, part);
  const wanted = createHmac('sha256', key).update(stringToSign).digest('hex');
  return wanted === signature
    ? null
    : { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match' };
}

export async function startFakeS3(options: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const state = {
    bucket: options.bucket ?? 'paddock-exports',
    region: options.region ?? 'ap-southeast-2',
    accessKeyId: 'FAKEACCESSKEY',
    secretAccessKey: 'fake-secret-access-key',
  };
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const [, bucket = '', ...rest] = path.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const answer = (status: number) => requests.push(`${req.method} ${key} ${status}`);
      const problem = signatureProblem(req, body, state);
      if (problem) {
        answer(403);
        xmlError(res, 403, problem.code, problem.message);
        return;
      }
      if (bucket !== state.bucket) {
        answer(404);
        xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
        return;
      }
      const stored = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
          answer(200);
          res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
          return;
        case 'GET':
        case 'HEAD':
          if (!stored) {
            answer(404);
            if (req.method === 'HEAD') res.writeHead(404).end();
            else xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
            return;
          }
          answer(200);
          res.writeHead(200, {
            'content-type': stored.contentType,
            'content-length': stored.body.length,
            etag: `"${createHash('md5').update(stored.body).digest('hex')}"`,
          });
          res.end(req.method === 'GET' ? stored.body : undefined);
          return;
        case 'DELETE':
          objects.delete(key);
          answer(204);
          res.writeHead(204).end();
          return;
        default:
          answer(405);
          xmlError(res, 405, 'MethodNotAllowed', `${req.method} is not handled by the fake`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ...state,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
