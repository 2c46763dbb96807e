import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { FileStore } from './file-store';
import { SAMPLES } from '../test/sample-files';

let dir: string;
let store: FileStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eco-files-'));
  store = new FileStore(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** every file under the store, temporary ones included */
const filesOnDisk = () => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(dir, p)).isFile());
const chunks = (bytes: Buffer, size = 1000) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));
const errorCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'saved',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe('FileStore.save', () => {
  it.each([
    ['pdf', SAMPLES.pdf, 'application/pdf'],
    ['docx', SAMPLES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', SAMPLES.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['doc (OLE)', SAMPLES.doc, 'application/x-cfb'],
    ['png', SAMPLES.png, 'image/png'],
    ['jpeg', SAMPLES.jpeg, 'image/jpeg'],
    ['zip', SAMPLES.zip, 'application/zip'],
  ])('stores a %s under its SHA-256, recognised from its content', async (_name, bytes, mime) => {
    const saved = await store.save(chunks(bytes()), { maxBytes: 1 << 20, allowed: ['pdf', 'office', 'image', 'zip'] });
    const sha256 = crypto.createHash('sha256').update(bytes()).digest('hex');
    expect(saved).toEqual({ sha256, size: bytes().length, mime, created: true });
    expect(fs.readFileSync(store.pathOf(sha256))).toEqual(bytes());
    expect(filesOnDisk()).toEqual([path.join(sha256.slice(0, 2), sha256)]);
  });

  it('refuses an executable renamed to .pdf (the name plays no part), leaving nothing behind', async () => {
    expect(await errorCode(store.save(chunks(SAMPLES.exe()), { maxBytes: 1 << 20, allowed: ['pdf'] }))).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a kind that is recognised but not allowed here', async () => {
    expect(await errorCode(store.save(chunks(SAMPLES.zip()), { maxBytes: 1 << 20, allowed: ['image'] }))).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    expect(await errorCode(store.save(chunks(Buffer.from('just some text\n')), { maxBytes: 1 << 20, allowed: ['pdf'] }))).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a file one byte over the limit, and accepts one at the limit', async () => {
    const pdf = SAMPLES.pdf();
    expect(await errorCode(store.save(chunks(pdf, 7), { maxBytes: pdf.length - 1, allowed: ['pdf'] }))).toBe('UPLOAD_TOO_LARGE');
    expect(filesOnDisk()).toEqual([]);
    expect((await store.save(chunks(pdf, 7), { maxBytes: pdf.length, allowed: ['pdf'] })).size).toBe(pdf.length);
  });

  it('refuses an empty file', async () => {
    expect(await errorCode(store.save(Readable.from([]), { maxBytes: 100, allowed: ['pdf'] }))).toBe('UPLOAD_EMPTY');
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a source its parser cut short at its own limit', async () => {
    const source = Object.assign(chunks(SAMPLES.pdf()), { truncated: true });
    expect(await errorCode(store.save(source, { maxBytes: 1 << 20, allowed: ['pdf'] }))).toBe('UPLOAD_TOO_LARGE');
    expect(filesOnDisk()).toEqual([]);
  });

  it('keeps one copy of the same content, and discard removes only what a save created', async () => {
    const first = await store.save(chunks(SAMPLES.png()), { maxBytes: 1 << 20, allowed: ['image'] });
    const second = await store.save(chunks(SAMPLES.png()), { maxBytes: 1 << 20, allowed: ['image'] });
    expect(second).toEqual({ ...first, created: false });
    store.discard(second);
    expect(fs.existsSync(store.pathOf(first.sha256))).toBe(true);
    store.discard(first);
    expect(filesOnDisk()).toEqual([]);
  });
});
