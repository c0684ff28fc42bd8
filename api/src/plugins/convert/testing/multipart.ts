import { randomBytes } from 'node:crypto';

export interface UploadPart {
  filename: string;
  content: Buffer | string;
  /** The form field; the api reads `files`. */
  field?: string;
}

/** A multipart/form-data body as a browser sends it for `<input type=file multiple name=files>`. */
export function multipartBody(parts: readonly UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----paddock${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
