/**
 * Photos of a verification task (docs/verification.md §Photos): the verifier uploads them one by
 * one, sees where each was taken and how far from the task, and sends them with the step; a
 * retried upload stores nothing twice; nobody outside the task's part adds or sees them.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, TaskPhoto, VerificationTaskDetail } from '@eco/contracts/verification';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { expectRefused } from '../../test/refused';
import { dataOf, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

/** A real row of the bundled FIRMS sample, in 渭南市 (34.58599 N, 109.70001 E), and one in 商洛市. */
const CSV = [
  'latitude,longitude,brightness,scan,track,acq_date,acq_time,satellite,confidence,version,bright_t31,frp,daynight',
  '34.58599,109.70001,317.68,1.08,1.04,2022-02-26,0603,A,74,6.1NRT,299.43,12.14,D',
  '34.09179,109.99364,304.99,1.09,1.04,2022-02-26,0601,A,38,6.1NRT,292.43,4.41,D',
].join('\n');

/** A JPEG as a phone writes it: 34°35′24″ N, 109°42′0″ E (about 450 m from the 渭南 hotspot), taken 2026-11-20 10:30 local time. */
function phonePhoto(colour = '#2a6'): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: '2026:11:20 10:30:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 35/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '109/1 42/1 0/1' },
    })
    .toBuffer();
}

function multipart(bytes: Buffer, type = 'image/jpeg') {
  const boundary = '----ecophoto';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_0042.JPG"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('photos of a verification task', () => {
  const ctx = useTestApp({ loaded: true, now: () => new Date('2026-11-20T03:00:00Z') });
  const db = () => ctx.database.db;
  let province: Browser;
  let weinan: Browser;
  let shangluo: Browser;
  let weinanTask: number;
  let shangluoTask: number;

  const upload = (browser: Browser, id: number, bytes: Buffer, type?: string) => {
    const { body, headers } = multipart(bytes, type);
    return browser.post<TaskPhoto>(`/api/verification/tasks/${id}/photos`, body, { headers });
  };

  const refused = (send: () => Promise<{ status: number }>, status: number, code: string) => expectRefused(db(), send, status, code);

  beforeAll(async () => {
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    weinan = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6105') })).browser;
    shangluo = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6110') })).browser;
    const imported = dataOf(await province.post<ImportResult>('/api/verification/hotspots', CSV, { headers: { 'content-type': 'text/csv' } }));
    [weinanTask, shangluoTask] = imported.items.map((item) => item.taskId!) as [number, number];
  });

  it('takes no photo before the task is dispatched, nor from anyone but the verifiers', async () => {
    await refused(async () => upload(weinan, weinanTask, await phonePhoto()), 409, 'TASK_STATE_CONFLICT');
    dataOf(await province.post(`/api/verification/tasks/${weinanTask}/dispatch`, {}));
    dataOf(await province.post(`/api/verification/tasks/${shangluoTask}/dispatch`, {}));
    await refused(async () => upload(province, weinanTask, await phonePhoto()), 403, 'FORBIDDEN');
    await refused(async () => upload(shangluo, weinanTask, await phonePhoto()), 404, 'VERIFICATION_TASK_NOT_FOUND');
    await refused(() => upload(weinan, weinanTask, Buffer.from('%PDF-1.4 not a photo'), 'application/pdf'), 415, 'UPLOAD_TYPE_NOT_ALLOWED');
  });

  it('reads where and when the photo was taken and how far from the task; a retried upload is the same photo', async () => {
    const bytes = await phonePhoto();
    const first = await upload(weinan, weinanTask, bytes);
    expect(first.status).toBe(201);
    const photo = dataOf(first);
    expect(photo).toMatchObject({ stepId: null, takenAt: '2026-11-20T10:30:00+08:00', uploadedBy: expect.any(String) });
    expect(photo.latitude).toBeCloseTo(34.59, 5);
    expect(photo.longitude).toBeCloseTo(109.7, 5);
    // 34.59 − 34.58599 = 0.00401° of latitude ≈ 446 m; the longitudes differ by 0.00001° (≈ 1 m)
    expect(photo.distanceMetres).toBeGreaterThan(440);
    expect(photo.distanceMetres).toBeLessThan(452);
    const before = await countRows(db());
    expect(dataOf(await upload(weinan, weinanTask, bytes)).id).toBe(photo.id);
    expect(await countRows(db())).toEqual(before);
  });

  it('gives the photos to the step they are sent with, once; a photo without EXIF has no position', async () => {
    const plain = dataOf(
      await upload(
        weinan,
        weinanTask,
        await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    );
    expect([plain.longitude, plain.latitude, plain.distanceMetres, plain.takenAt]).toEqual([null, null, null, null]);
    const [gps] = dataOf(await weinan.get<VerificationTaskDetail>(`/api/verification/tasks/${weinanTask}`)).photos;
    const other = dataOf(await upload(shangluo, shangluoTask, await phonePhoto('#a62')));
    await refused(
      () => weinan.post(`/api/verification/tasks/${weinanTask}/feedback`, { verdict: 'false_alarm', photoIds: [gps!.id, other.id] }),
      400,
      'TASK_PHOTO_UNKNOWN',
    );

    const fed = dataOf(
      await weinan.post<VerificationTaskDetail>(`/api/verification/tasks/${weinanTask}/feedback`, {
        verdict: 'agricultural_burning',
        photoIds: [gps!.id, plain.id],
      }),
    );
    const feedback = fed.steps.find((step) => step.action === 'feedback')!;
    expect(fed.photos.map((p) => [p.id, p.stepId])).toEqual([
      [gps!.id, feedback.id],
      [plain.id, feedback.id],
    ]);
    // the reviewer returns it, citing the same photo: it belongs to the feedback already
    await refused(() => province.post(`/api/verification/tasks/${weinanTask}/return`, { note: '照片不清晰', photoIds: [gps!.id] }), 400, 'TASK_PHOTO_UNKNOWN');
  });

  it('shows the photos to those who may see the task: an upright WebP thumbnail or the original', async () => {
    const [photo] = dataOf(await province.get<VerificationTaskDetail>(`/api/verification/tasks/${weinanTask}`)).photos;
    const thumb = await province.get(`/api/verification/photos/${photo!.id}`);
    expect([thumb.status, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    const full = await weinan.get(`/api/verification/photos/${photo!.id}?size=full`);
    expect([full.status, full.headers['content-type']]).toEqual([200, 'image/jpeg']);
    await refused(() => shangluo.get(`/api/verification/photos/${photo!.id}`), 404, 'TASK_PHOTO_NOT_FOUND');
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/verification/photos/${photo!.id}` });
    expect(visitor.statusCode).toBe(401);
  });
});
