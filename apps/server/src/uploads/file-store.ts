/**
 * Uploaded files on disk under the data folder, content-addressed by SHA-256
 * (`<dir>/<first two hex digits>/<sha256>`), so a file is stored once however often it is uploaded.
 *
 * `save` streams the upload to a temporary file while hashing and counting it, refuses it when it
 * is empty, larger than the limit, or of a kind not allowed (recognised from its content), and
 * leaves nothing behind when it refuses. The caller writes its rows in a transaction and calls
 * `discard` if that fails, so a failed upload leaves no file and no row.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { readableSize } from '../lib/sizes';
import { AppError } from '../http/app-error';
import { type FileKind, kindOf } from '@eco/contracts/file-kinds';

export interface StoredFile {
  sha256: string;
  /** bytes */
  size: number;
  /** the MIME type recognised from the content */
  mime: string;
  /** true when this save created the file (so `discard` may remove it) */
  created: boolean;
}

export interface SaveOptions {
  /** the largest accepted size in bytes */
  maxBytes: number;
  allowed: readonly FileKind[];
}

class TooLarge extends Error {}

export class FileStore {
  constructor(readonly dir: string) {}

  /** Where a stored file lives. */
  pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  /**
   * Stores `source`. Errors (`AppError`): `UPLOAD_EMPTY`, `UPLOAD_TOO_LARGE` (413),
   * `UPLOAD_TYPE_NOT_ALLOWED` (415, naming the detected type). Nothing is left on disk then.
   */
  async save(source: Readable, { maxBytes, allowed }: SaveOptions): Promise<StoredFile> {
    const tmpDir = path.join(this.dir, 'tmp');
    fs.mkdirSync(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, crypto.randomUUID());
    const hash = crypto.createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new TooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // opened before the pipeline starts, so a refusal mid-stream cannot race the file's creation
    // and leave it behind after the clean-up below
    const file = await fs.promises.open(tmp, 'wx');
    try {
      await pipeline(source, meter, file.createWriteStream());
      // a source that ends because its own limit cut it (e.g. @fastify/multipart's `truncated`) is too large too
      if ((source as Readable & { truncated?: boolean }).truncated) throw new TooLarge();
      if (size === 0) throw new AppError('UPLOAD_EMPTY');
      const type = await fileTypeFromFile(tmp);
      const kind = type ? kindOf(type.mime) : null;
      if (!type || !kind || !allowed.includes(kind)) {
        throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', type ? `${type.mime} (.${type.ext})` : 'unrecognised content');
      }
      const sha256 = hash.digest('hex');
      const target = this.pathOf(sha256);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const created = !fs.existsSync(target);
      if (created) fs.renameSync(tmp, target);
      else fs.rmSync(tmp);
      return { sha256, size, mime: type.mime, created };
    } catch (error) {
      fs.rmSync(tmp, { force: true });
      if (error instanceof TooLarge) throw new AppError('UPLOAD_TOO_LARGE', readableSize(maxBytes));
      throw error;
    }
  }

  /** Undoes a `save` whose rows could not be written: removes the file if that save created it. */
  discard(file: StoredFile): void {
    if (file.created) fs.rmSync(this.pathOf(file.sha256), { force: true });
  }
}
