import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { DEFAULT_CONTENT_TYPE, keySegments, type ExportStorage, type StoredFile } from '../storage';

export interface S3StorageConfig {
  /** S3_ENDPOINT: an S3-compatible service (MinIO, R2, …); unset = AWS S3 of `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; unset = the SDK's own chain (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** S3_FORCE_PATH_STYLE: `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO needs it). */
  forcePathStyle: boolean;
}

/** Exports are a few megabytes: a streamed body is gathered so the request has a length (no multipart upload). */
async function bytesOf(body: Buffer | Uint8Array | Readable): Promise<Uint8Array> {
  if (!(body instanceof Readable)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Files as objects in an S3 bucket (STORAGE=s3), through the AWS SDK v3. `S3Storage.create` loads the
 * SDK, so a process on the local folder never does (a bundler would hoist a static import to start-up).
 */
export class S3Storage implements ExportStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  static async create(config: S3StorageConfig): Promise<S3Storage> {
    return new S3Storage(config, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    private readonly config: S3StorageConfig,
    private readonly sdk: Sdk,
  ) {
    this.client = new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Plain signed requests: S3-compatible services do not all take the SDK's default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Buffer | Uint8Array | Readable, options: { contentType?: string } = {}): Promise<void> {
    keySegments(key);
    const bytes = await bytesOf(body);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    keySegments(key);
    try {
      const object = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 answered GetObject ${key} without a body`);
      return {
        body: object.Body,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? DEFAULT_CONTENT_TYPE,
      };
    } catch (error) {
      if (
        error instanceof this.sdk.S3ServiceException &&
        (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    keySegments(key);
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** Ends the client's connections (the app's close). */
  close(): void {
    this.client.destroy();
  }
}
