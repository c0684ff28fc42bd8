import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createExportStorage, type StorageConfig } from './storage-config';
import { InvalidStorageKeyError, type ExportStorage } from './storage';
import { startFakeS3, type FakeS3 } from './testing/fake-s3';

async function read(storage: ExportStorage, key: string): Promise<{ text: string; size: number; type: string } | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return { text: Buffer.concat(chunks).toString('utf8'), size: file.size, type: file.contentType };
}

interface Backend {
  config: StorageConfig;
  /** The keys the backing store holds now (looked at behind the storage's back). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const backends: Record<'local folder' | 'S3 (local fake S3 server)', () => Promise<Backend>> = {
  'local folder': async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paddock-storage-'));
    return {
      config: { kind: 'local', dir },
      keys: async () =>
        (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && !entry.name.endsWith('.content-type'))
          .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
          .sort(),
      close: () => rm(dir, { recursive: true, force: true }),
    };
  },
  'S3 (local fake S3 server)': async () => {
    const s3: FakeS3 = await startFakeS3();
    return {
      config: {
        kind: 's3',
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: s3.region,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
      },
      keys: async () => [...s3.objects.keys()].sort(),
      close: () => s3.close(),
    };
  },
};

describe.each(Object.keys(backends) as (keyof typeof backends)[])('export storage contract: %s', (name) => {
  let backend: Backend;
  let storage: ExportStorage & { close?(): void };

  beforeAll(async () => {
    backend = await backends[name]();
    storage = await createExportStorage(backend.config);
  });
  afterAll(async () => {
    storage.close?.();
    await backend.close();
  });

  it('gives back what was put, with its size and type', async () => {
    await storage.put('exports/job-1/North paddock.zip', Buffer.from('zip bytes'), { contentType: 'application/zip' });
    expect(await read(storage, 'exports/job-1/North paddock.zip')).toEqual({
      text: 'zip bytes',
      size: 9,
      type: 'application/zip',
    });
  });

  it('takes a stream as the body, and defaults the type', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `zone ${i}\n`);
    await storage.put('exports/job-2/zones.csv', Readable.from(lines));
    const file = await read(storage, 'exports/job-2/zones.csv');
    expect(file?.text).toBe(lines.join(''));
    expect(file?.size).toBe(Buffer.byteLength(lines.join('')));
    expect(file?.type).toBe('application/octet-stream');
  });

  it('replaces a file put again under its key (a retried job overwrites its own file)', async () => {
    await storage.put('exports/job-3/report.pdf', Buffer.from('first attempt'), { contentType: 'application/pdf' });
    await storage.put('exports/job-3/report.pdf', Buffer.from('second'), { contentType: 'application/pdf' });
    expect(await read(storage, 'exports/job-3/report.pdf')).toMatchObject({ text: 'second', size: 6 });
    expect((await backend.keys()).filter((key) => key.startsWith('exports/job-3/'))).toEqual([
      'exports/job-3/report.pdf',
    ]);
  });

  it('answers null for a key never put', async () => {
    expect(await storage.get('exports/nothing-here.zip')).toBeNull();
  });

  it('deletes, and deleting what is not there is fine', async () => {
    await storage.put('exports/job-4/a.txt', Buffer.from('a'));
    await storage.delete('exports/job-4/a.txt');
    expect(await storage.get('exports/job-4/a.txt')).toBeNull();
    await expect(storage.delete('exports/job-4/a.txt')).resolves.toBeUndefined();
    expect((await backend.keys()).some((key) => key.startsWith('exports/job-4/'))).toBe(false);
  });

  it('streams a file whole when it is deleted after it was got (a download racing its removal)', async () => {
    const content = 'zone,rate\n'.repeat(20_000);
    await storage.put('exports/job-5/zones.csv', Buffer.from(content));
    const file = await storage.get('exports/job-5/zones.csv');
    await storage.delete('exports/job-5/zones.csv');
    const chunks: Buffer[] = [];
    for await (const chunk of file?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(content);
    expect(await storage.get('exports/job-5/zones.csv')).toBeNull();
  });

  it.each([
    '',
    '/etc/passwd',
    '../outside.txt',
    'exports/../../outside.txt',
    'exports//x',
    'a\\b',
    'exports/./x',
    'x\u0000y',
  ])('refuses the key %j before touching the store', async (key) => {
    const before = await backend.keys();
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await backend.keys()).toEqual(before);
  });
});

describe('S3 storage against the fake S3 server', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());

  const config = (overrides: Partial<Extract<StorageConfig, { kind: 's3' }>> = {}): StorageConfig => ({
    kind: 's3',
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
    ...overrides,
  });

  it('signs its requests: a wrong secret is refused by the server and nothing is stored', async () => {
    const storage = await createExportStorage(
      config({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' } }),
    );
    await expect(storage.put('exports/x.txt', Buffer.from('x'))).rejects.toThrow(/signature/i);
    expect(s3.objects.size).toBe(0);
    storage.close?.();
  });

  it('names a missing bucket', async () => {
    const storage = await createExportStorage(config({ bucket: 'no-such-bucket' }));
    await expect(storage.put('exports/x.txt', Buffer.from('x'))).rejects.toThrow(/bucket does not exist/);
    storage.close?.();
  });
});
