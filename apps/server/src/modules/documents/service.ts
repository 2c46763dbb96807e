/**
 * Documents attached to notices and regulations: one multipart upload per request, stored by the
 * content-addressed `FileStore` (type sniffed from the content, size limited), and its rows
 * (`files` plus the caller's attachment row and audit row) written in one transaction. When the
 * upload is refused or the transaction fails, the file this request created is removed again, so
 * a failed upload leaves no file and no row; a file another row already used is never removed.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Document } from '@eco/contracts/documents';
import { inTransaction, type Db } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { DOCUMENT_KINDS } from '@eco/contracts/file-kinds';
import type { FileStore, StoredFile } from '../../uploads/file-store';

/** Where uploads go and how large they may be (`UPLOADS_DIR`, `UPLOAD_MAX_BYTES`). */
export interface Uploads {
  store: FileStore;
  /** bytes */
  maxBytes: number;
}

/** The longest file name kept, characters (what common file systems allow). */
const FILE_NAME_MAX = 255;

/**
 * The name to keep for a download: the last path segment of what the browser sent, without
 * control characters, at most 255 characters (the extension kept); `未命名文件` when nothing is left.
 */
export function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed from a file name
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f\ufeff]/g, '').trim();
  if (base === '' || base === '.' || base === '..') return '未命名文件';
  if (base.length <= FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : '';
  return base.slice(0, FILE_NAME_MAX - ext.length) + ext;
}

/** Registers multipart parsing (one file, no other parts) in the calling plugin's scope. */
export async function registerUploads(app: FastifyInstance, uploads: Uploads): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fileSize: uploads.maxBytes, fields: 0, parts: 1, fieldSize: 0 }, throwFileSizeLimit: false });
}

export interface SavedUpload extends StoredFile {
  fileName: string;
}

/**
 * Reads the one file of a multipart request, stores it, and runs `write(tx, file)` in a
 * transaction that has already recorded the file in `files`. Answers what `write` answers.
 * Errors: `UPLOAD_MISSING` (400, not multipart or no file part), `UPLOAD_EMPTY` (400),
 * `UPLOAD_TOO_LARGE` (413), `UPLOAD_TYPE_NOT_ALLOWED` (415), and whatever `write` throws; in
 * every case nothing of this upload stays.
 */
export async function storeUpload<T>(db: Db, uploads: Uploads, request: FastifyRequest, write: (tx: Db, file: SavedUpload) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING', 'multipart/form-data');
  const part = await request.file();
  if (!part) throw new AppError('UPLOAD_MISSING');
  const stored = await uploads.store.save(part.file, { maxBytes: uploads.maxBytes, allowed: DOCUMENT_KINDS });
  const saved: SavedUpload = { ...stored, fileName: cleanFileName(part.filename) };
  try {
    return await inTransaction(db, async (tx) => {
      await tx.insert(files).values({ sha256: saved.sha256, size: saved.size, mime: saved.mime }).onConflictDoNothing();
      return write(tx, saved);
    });
  } catch (error) {
    uploads.store.discard(stored);
    throw error;
  }
}

/** A stored document as the API answers it, downloadable at `url`. */
export function documentOf(row: { id: number; fileName: string; fileSha256: string; size: number; mime: string }, url: string): Document {
  return { id: row.id, fileName: row.fileName, size: row.size, mime: row.mime, sha256: row.fileSha256, url };
}
