/**
 * Reading a GeoJSON upload (docs/verification.md §County boundaries, §Change patches): a
 * `multipart/form-data` request with one file part `file` and a few text parts. The file is read
 * into memory (it is parsed whole, and never stored), at most GEOJSON_MAX_BYTES
 * (@eco/contracts/verification-sources.ts; the multipart limit is registered by sources-routes.ts).
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { GEOJSON_MAX_BYTES } from '@eco/contracts/verification-sources';
import { readableSize } from '../../lib/sizes';
import { AppError } from '../../http/app-error';
import { unknownPropertyIssue, validationError } from '../../http/validation-error';
import { cleanFileName } from '../documents/service';

export interface GeoJsonUpload {
  bytes: Buffer;
  /** the name the browser sent, cleaned (documents/service.ts) */
  fileName: string;
  /** the text parts, by name */
  fields: Record<string, string>;
}

/**
 * The file and the text parts of `request`. Errors: 400 UPLOAD_MISSING (not multipart, or no
 * file part), UPLOAD_EMPTY; 413 UPLOAD_TOO_LARGE; 400 VALIDATION_FAILED naming a text part not
 * among `fieldNames` (as unknown JSON properties are refused, docs/api.md §Input).
 */
export async function readGeoJsonUpload(request: FastifyRequest, fieldNames: readonly string[]): Promise<GeoJsonUpload> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING', 'multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const stream = (part as MultipartFile).file;
      if (file) {
        stream.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      // @fastify/multipart ends the stream at its `fileSize` limit and marks it truncated
      if (stream.truncated) throw new AppError('UPLOAD_TOO_LARGE', readableSize(GEOJSON_MAX_BYTES));
      file = { bytes: Buffer.concat(chunks), fileName: cleanFileName(part.filename) };
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  const unknown = Object.keys(fields).filter((name) => !fieldNames.includes(name));
  if (unknown.length > 0) throw validationError('body', unknown.map(unknownPropertyIssue));
  if (!file) throw new AppError('UPLOAD_MISSING');
  if (file.bytes.length === 0) throw new AppError('UPLOAD_EMPTY');
  return { ...file, fields };
}
