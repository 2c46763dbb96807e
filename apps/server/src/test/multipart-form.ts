/**
 * A `multipart/form-data` body with text parts and one file part, as a browser's `FormData` sends
 * it (RFC 7578), for tests that upload through `app.inject`. Text parts come first, in the order
 * given; the file part last (a browser keeps the order of `append`).
 */
import crypto from 'node:crypto';
import type { MultipartBody } from '../modules/documents/multipart-body';

export function multipartForm(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer | string; contentType?: string; field?: string },
): MultipartBody {
  const boundary = `----eco${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name.replace(/"/g, '%22')}"\r\nContent-Type: ${file.contentType ?? 'application/geo+json'}\r\n\r\n`;
    parts.push(Buffer.from(head, 'utf8'), Buffer.isBuffer(file.bytes) ? file.bytes : Buffer.from(file.bytes, 'utf8'), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
