/**
 * The image of a camera-trap detection as a visitor, a signed-in user and a device meet it: the
 * public thumbnail (small, upright, WebP, without the EXIF GPS position that would locate a
 * protected species), made once and served from its cache; the original only for signed-in users;
 * cache headers and 304; 404 for a detection without an image; an image that cannot be decoded
 * kept and marked damaged, without a thumbnail; one of over 100 megapixels refused.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMB_LONG_SIDE, type Detection, type IngestResult, type NewThingKey } from '@eco/contracts/sensing';
import { detections, files, things } from '../../db/schema';
import { FileStore } from '../../uploads/file-store';
import { Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { SAMPLES } from '../../test/sample-files';
import { buildTestApp, dataOf } from '../../test/test-app';
import { createLoadedDatabase, DATA_DIR, makeTempDir, removeTempDir, type TestDatabase } from '../../test/test-database';
import { thumbnailPath } from './detection-image';

const NOW = new Date('2023-01-22T20:00:00+08:00');

/**
 * A 640 × 480 camera-trap JPEG lying on its side (EXIF orientation 6: shown 480 × 640) with the
 * position of the animal in its GPS block (33°44′12.34″N 107°45′E, the Qinling).
 */
function trapPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 110, b: 60 } } })
    .withExif({
      IFD0: { Make: 'TrailCam', Model: 'IR-9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 44/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '107/1 45/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** CRC-32 of PNG chunks (ISO/IEC 15948 §5.5), as a signed 32-bit value. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc;
}

/** Whether an EXIF block (as sharp's `metadata().exif` gives it: `Exif\0\0` + TIFF) points to a GPS IFD (tag 0x8825 in IFD0). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe('the image of a detection', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tmp: string;
  let store: FileStore;
  let trapKey: string;
  let member: Browser;
  let photo: Buffer;
  let photoSha: string;
  /** a detection with the photo, and one without any image */
  let withImage: number;
  let without: number;

  function upload(id: number, bytes: Buffer, key = trapKey) {
    const boundary = '----ecotest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_0042.JPG"\r\nContent-Type: image/jpeg\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/sensing/detections/${id}/image`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${key}` },
    });
  }

  /** GET as `browser` (its session cookie), or as a visitor without one; the body as bytes. */
  function get(url: string, browser?: Browser, headers: Record<string, string> = {}) {
    const cookie = browser ? [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
    return app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  }

  const thumbUrl = (id: number) => `/api/sensing/detections/${id}/image?size=thumb`;
  const fullUrl = (id: number) => `/api/sensing/detections/${id}/image?size=full`;
  const thumbFolderFiles = () => fs.readdirSync(path.dirname(thumbnailPath(store, photoSha)));

  beforeAll(async () => {
    tmp = makeTempDir('eco-detection-image-');
    database = await createLoadedDatabase();
    app = await buildTestApp(database, () => NOW, { uploadsDir: path.join(tmp, 'uploads') });
    store = new FileStore(path.join(tmp, 'uploads'));
    const admin = (await signedInAs(app, database.db, 'admin')).browser;
    member = (await signedInAs(app, database.db, 'staff')).browser;
    const [trap] = await database.db
      .insert(things)
      .values({ code: 'IR-IMG-001', kind: 'infrared_camera', name: '图片测试红外相机' })
      .returning({ id: things.id });
    trapKey = dataOf(await admin.post<NewThingKey>(`/api/things/${trap!.id}/keys`)).key;
    const pushed = await new Browser(app).request<IngestResult>(
      'POST',
      '/api/sensing/detections',
      {
        detections: [
          { phenomenonTime: '2023-01-22T03:10:00+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.97 },
          { phenomenonTime: '2023-01-22T04:10:00+08:00', scientificName: 'Rhinopithecus roxellana', count: 5, confidence: 0.9 },
        ],
      },
      { headers: { authorization: `Bearer ${trapKey}` } },
    );
    expect(dataOf(pushed).accepted).toBe(2);
    const rows = await database.db.select({ id: detections.id, name: detections.scientificName }).from(detections).where(eq(detections.thingId, trap!.id));
    withImage = rows.find((r) => r.name === 'Ailuropoda melanoleuca')!.id;
    without = rows.find((r) => r.name === 'Rhinopithecus roxellana')!.id;
    photo = await trapPhoto();
    const attached = await upload(withImage, photo);
    expect(attached.statusCode).toBe(200);
    photoSha = (attached.json() as { data: Detection }).data.imageSha256!;
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    if (tmp) removeTempDir(tmp);
  });

  it('says which detections have an image', async () => {
    const recent = dataOf(await new Browser(app).get<Detection[]>('/api/sensing/detections?limit=10'));
    expect(recent.find((d) => d.id === withImage)).toMatchObject({ hasImage: true, imageSha256: photoSha });
    expect(recent.find((d) => d.id === without)).toMatchObject({ hasImage: false, imageSha256: null });
  });

  it('shows visitors an upright WebP thumbnail of at most 320 px without the EXIF GPS position', async () => {
    // the fixture does carry the position, so its absence below means something
    expect(hasGpsIfd((await sharp(photo).metadata()).exif)).toBe(true);
    const response = await get(thumbUrl(withImage));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="detection-\d+-thumb\.webp"$/);
    expect(response.headers.etag).toBe(`"${photoSha}-${THUMB_LONG_SIDE}w"`);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const thumb = response.rawPayload;
    expect(Number(response.headers['content-length'])).toBe(thumb.length);
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe('webp');
    // turned upright by the orientation tag (the camera lay on its side): 480 × 640 → 240 × 320
    expect([meta.width, meta.height]).toEqual([240, 320]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // no metadata chunk of any kind in the RIFF container
    for (const chunk of ['EXIF', 'XMP ', 'ICCP']) expect(thumb.includes(Buffer.from(chunk))).toBe(false);
    // and the default size is the thumbnail
    const plain = await get(`/api/sensing/detections/${withImage}/image`);
    expect(plain.rawPayload.equals(thumb)).toBe(true);
  });

  it('makes the thumbnail once and serves it from its cache, never from a half-written file', async () => {
    const cached = thumbnailPath(store, photoSha);
    // made when the device uploaded the photo
    expect(fs.existsSync(cached)).toBe(true);
    // a marker in the cache file: if the next answer is the marker, it came from the cache
    const original = fs.readFileSync(cached);
    const marker = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    fs.writeFileSync(cached, marker);
    try {
      expect((await get(thumbUrl(withImage))).rawPayload.equals(marker)).toBe(true);
    } finally {
      fs.writeFileSync(cached, original);
    }
    // a cache emptied (e.g. by an operator) is made again on first use, once for requests arriving together
    fs.rmSync(cached);
    const together = await Promise.all([get(thumbUrl(withImage)), get(thumbUrl(withImage)), get(thumbUrl(withImage))]);
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(together.every((r) => r.rawPayload.equals(fs.readFileSync(cached)))).toBe(true);
    // written under a temporary name and renamed: nothing else is left in the folder
    expect(thumbFolderFiles()).toEqual([photoSha]);
  });

  it('answers 304 to a client holding the current version, and lets a versioned URL be cached for a year', async () => {
    const first = await get(thumbUrl(withImage));
    const again = await get(thumbUrl(withImage), undefined, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const versioned = await get(`${thumbUrl(withImage)}&v=${photoSha.slice(0, 16)}`);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // an outdated version (the image was replaced since) must be revalidated
    const outdated = await get(`${thumbUrl(withImage)}&v=${'0'.repeat(16)}`);
    expect(outdated.statusCode).toBe(200);
    expect(outdated.headers['cache-control']).toBe('public, no-cache');
  });

  it('refuses the original to visitors with 401 and the envelope', async () => {
    const response = await get(fullUrl(withImage));
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_SIGNED_IN', errorMessage: '请先登录' });
    expect(response.body).not.toContain(photoSha);
    // a remembered ETag does not get around it
    const cached = await get(fullUrl(withImage), undefined, { 'if-none-match': `"${photoSha}"` });
    expect(cached.statusCode).toBe(401);
  });

  it('sends a signed-in user the original bytes, EXIF and all, private and revalidated on every use', async () => {
    const response = await get(fullUrl(withImage), member);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toBe(`"${photoSha}"`);
    expect(response.rawPayload.equals(photo)).toBe(true);
    expect((await get(fullUrl(withImage), member, { 'if-none-match': `"${photoSha}"` })).statusCode).toBe(304);
  });

  it("gives a county's staff, who may not see where a province-wide camera trap stands, the full picture without its GPS position", async () => {
    const county = (await signedInAs(app, database.db, 'staff', { role: 'staff', organisationId: await organisationIdOf(database.db, '610124') })).browser;
    const response = await get(fullUrl(withImage), county);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toBe(`"${photoSha}-plain"`);
    const meta = await sharp(response.rawPayload).metadata();
    // full size and upright (the original lies on its side), with no EXIF block at all
    expect([meta.width, meta.height]).toEqual([480, 640]);
    expect(meta.exif).toBeUndefined();
    expect(hasGpsIfd(meta.exif)).toBe(false);
    expect(response.rawPayload.equals(photo)).toBe(false);
  });

  it('answers 404 DETECTION_IMAGE_NOT_FOUND for a detection without an image or none at all, and 400 for a bad size', async () => {
    for (const url of [thumbUrl(without), thumbUrl(999_999_999), fullUrl(999_999_999)]) {
      const response = await get(url, member);
      expect([url, response.statusCode, response.json().errorCode]).toEqual([url, 404, 'DETECTION_IMAGE_NOT_FOUND']);
      // an error is never cached as if it were the image
      expect(String(response.headers['cache-control'] ?? '')).not.toMatch(/immutable|max-age=[1-9]/);
      expect(response.headers.etag).toBeUndefined();
    }
    expect((await get(thumbUrl(without), undefined, { 'accept-language': 'en-US' })).json().errorMessage).toMatch(
      /^No such detection, or the detection has no image/,
    );
    for (const url of [`/api/sensing/detections/${withImage}/image?size=huge`, '/api/sensing/detections/abc/image', `${thumbUrl(withImage)}&v=../../etc`]) {
      const response = await get(url);
      expect([url, response.statusCode, response.json().errorCode]).toEqual([url, 400, 'VALIDATION_FAILED']);
    }
  });

  it("keeps an image that cannot be decoded, marked damaged and without a thumbnail, so the camera trap's batch goes on", async () => {
    // the first 600 000 bytes of a real camera-trap JPEG (data/camera-trap-images/): cut off in transfer
    const truncated = fs.readFileSync(path.join(DATA_DIR, 'camera-trap-images', 'african_elephants_truncated_file.jpg'));
    const response = await upload(without, truncated);
    expect(response.statusCode).toBe(200);
    const detection = (response.json() as { data: Detection }).data;
    expect(detection).toMatchObject({ imageDamaged: true, hasImage: false });
    expect(detection.imageSha256).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await database.db
      .select({ image: detections.imageSha256, damaged: detections.imageDamaged })
      .from(detections)
      .where(eq(detections.id, without));
    expect(row).toEqual({ image: detection.imageSha256, damaged: true });
    // the file is kept (signed-in users get it as uploaded), no thumbnail is made of the half that arrived
    const full = await get(fullUrl(without), member);
    expect([full.statusCode, full.rawPayload.equals(truncated)]).toEqual([200, true]);
    const thumb = await get(thumbUrl(without));
    expect([thumb.statusCode, thumb.json().errorCode]).toEqual([404, 'DETECTION_IMAGE_NOT_FOUND']);
    expect(fs.existsSync(thumbnailPath(store, detection.imageSha256!))).toBe(false);
    // bytes with a JPEG's magic numbers and nothing decodable are damaged too
    const fake = await upload(without, SAMPLES.jpeg());
    expect([fake.statusCode, (fake.json() as { data: Detection }).data.imageDamaged]).toEqual([200, true]);
  });

  it('refuses an image of over 100 megapixels, leaving the detection and the disk as they were', async () => {
    // a small PNG whose header claims 12 000 × 9 000 pixels: refused by its header, never decoded
    const huge = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // IHDR follows the 8-byte signature: length, type, width, height, … and its CRC over type + data
    huge.writeUInt32BE(12_000, 16);
    huge.writeUInt32BE(9_000, 20);
    huge.writeInt32BE(crc32(huge.subarray(12, 29)), 29);
    const filesBefore = (await database.db.select().from(files)).length;
    const [before] = await database.db.select({ image: detections.imageSha256 }).from(detections).where(eq(detections.id, withImage));
    const response = await upload(withImage, huge);
    expect([response.statusCode, response.json().errorCode]).toEqual([415, 'UPLOAD_TYPE_NOT_ALLOWED']);
    expect((await database.db.select().from(files)).length).toBe(filesBefore);
    const [after] = await database.db.select({ image: detections.imageSha256 }).from(detections).where(eq(detections.id, withImage));
    expect(after).toEqual(before);
    const hugeSha = crypto.createHash('sha256').update(huge).digest('hex');
    expect(fs.existsSync(store.pathOf(hugeSha))).toBe(false);
  });

  it('shows the new picture after a re-upload', async () => {
    const newer = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const response = await upload(withImage, newer);
    const detection = (response.json() as { data: Detection }).data;
    expect(detection.imageSha256).not.toBe(photoSha);
    const thumb = await get(thumbUrl(withImage));
    expect(thumb.headers.etag).toBe(`"${detection.imageSha256}-${THUMB_LONG_SIDE}w"`);
    // small images are not enlarged
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 200, height: 100 });
    const full = await get(fullUrl(withImage), member);
    expect([full.headers['content-type'], full.rawPayload.equals(newer)]).toEqual(['image/png', true]);
  });
});
