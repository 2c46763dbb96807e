/**
 * Sends a stored file: its own MIME type (recognised at upload), never HTML; `attachment` with the
 * original file name (Chinese names intact through RFC 6266 `filename*`, the `content-disposition`
 * library), or `inline` for a PDF or an image the page previews; `nosniff` and a sandboxing CSP so
 * a browser never runs anything from it.
 *
 * An inline preview may be framed by the portal's own pages (`frame-ancestors 'self'`,
 * `X-Frame-Options: SAMEORIGIN`; everything else stays unframeable). An inline PDF goes without
 * the CSP `sandbox`: Chromium refuses to show a PDF in a sandboxed document.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import { isPreviewable } from '@eco/contracts/file-kinds';
import type { FileStore } from './file-store';

/**
 * content-disposition 1.x (the version for Node 20) is CommonJS, one function; TypeScript finds the
 * types of the hoisted 3.x first (ESM, `create`, Node ≥ 22), which is not the one this package loads.
 */
const contentDisposition = createRequire(import.meta.url)('content-disposition') as (fileName: string, options: { type: 'attachment' | 'inline' }) => string;

export interface FileToSend {
  sha256: string;
  mime: string;
  /** bytes */
  size: number;
  /** the name the uploader gave it, e.g. `森林防火视频监控系统技术规范.pdf` */
  fileName: string;
  /** the bytes to send instead of the stored file (an image re-encoded on the fly); `size` is theirs */
  body?: Buffer;
}

export function sendStoredFile(reply: FastifyReply, store: FileStore, file: FileToSend, { inline = false } = {}): FastifyReply {
  const disposition = inline && isPreviewable(file.mime) ? 'inline' : 'attachment';
  const csp =
    disposition === 'attachment'
      ? "default-src 'none'; style-src 'unsafe-inline'; sandbox"
      : `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'${file.mime === 'application/pdf' ? '' : '; sandbox'}`;
  if (disposition === 'inline') reply.header('x-frame-options', 'SAMEORIGIN');
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.fileName, { type: disposition }))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', csp)
    .header('cache-control', 'private, max-age=3600')
    .send(file.body ?? fs.createReadStream(store.pathOf(file.sha256)));
}
