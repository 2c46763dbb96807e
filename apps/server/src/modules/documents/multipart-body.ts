/**
 * A `multipart/form-data` body with one file part, as a browser's `FormData` sends it (RFC 7578),
 * for tests that upload through `app.inject`. The file name is sent as UTF-8, as browsers do.
 */
import crypto from 'node:crypto';

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

export function multipartBody(fileName: string, bytes: Buffer, { field = 'file', contentType = 'application/octet-stream' } = {}): MultipartBody {
  const boundary = `----eco${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName.replace(/"/g, '%22')}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
