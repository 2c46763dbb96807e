/**
 * Sends a stored file: its own MIME type (recognised at upload), never HTML; `attachment` with the
 * original file name (Chinese names intact through RFC 6266 `filename*`, the `content-disposition`
 * library), or `inline` for a PDF or an image the page previews; `nosniff` and a sandboxing CSP so
 * a browser never runs anything from it.
 */
import fs from 'node:fs';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { isPreviewable } from './file-kinds';
import type { FileStore } from './file-store';

export interface FileToSend {
  sha256: string;
  mime: string;
  /** bytes */
  size: number;
  /** the name the uploader gave it, e.g. `森林防火视频监控系统技术规范.pdf` */
  fileName: string;
}

export function sendStoredFile(reply: FastifyReply, store: FileStore, file: FileToSend, { inline = false } = {}): FastifyReply {
  const disposition = inline && isPreviewable(file.mime) ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.fileName, { type: disposition }))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(fs.createReadStream(store.pathOf(file.sha256)));
}
