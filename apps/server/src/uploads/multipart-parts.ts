/**
 * Reading a `multipart/form-data` upload of one file part and text parts, in any order (RFC 7578),
 * as the endpoints with `upload.fields` take it (@eco/contracts/api/endpoint.ts `Upload`).
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/**
 * Reads every part of `request` (a multipart request: check `request.isMultipart()` first): the
 * first file part is handed to `save` while it streams, further file parts are drained unread,
 * text parts are collected by name (the last of a name wins). Answers what `save` returned (null
 * without a file part) and the text parts. When reading fails after the file was saved (a part
 * over the size limit, a broken body), `discard` undoes the save before the error is rethrown.
 */
export async function readUploadParts<F>(
  request: FastifyRequest,
  save: (file: MultipartFile) => Promise<F>,
  discard: (saved: F) => void,
): Promise<{ saved: F | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let saved: F | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') fields[part.fieldname] = String(part.value ?? '');
      else if (saved !== null) (part as MultipartFile).file.resume();
      else saved = await save(part as MultipartFile);
    }
  } catch (error) {
    if (saved !== null) discard(saved);
    throw error;
  }
  return { saved, fields };
}
