/**
 * The camera-trap review queue (docs/camera-trap.md) as editors meet it: the camera-trap files of
 * data/camera-trap-images/ uploaded one by one into the queue (blank frames, a person, a vehicle,
 * a truncated file marked damaged rather than failing the batch, a CMYK file and one lying on its
 * side turned into upright sRGB thumbnails); reviewing (confirm, correct from the national list,
 * blank, person, vehicle, unidentifiable) with the verification task of a level I/II species
 * created once, in the same transaction; the species search; the species per site; the
 * organisation scope; bad input refused with nothing changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CameraTrapItem, ProtectedSpecies, SiteSpecies, UploadResult } from '@eco/contracts/camera-trap';
import type { Page } from '@eco/contracts/envelope';
import type { ThingDetail } from '@eco/contracts/sensing';
import type { VerificationTaskDetail } from '@eco/contracts/verification';
import { auditLog, detections, verificationTasks } from '../../db/schema';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { SAMPLES } from '../../test/sample-files';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows, DATA_DIR } from '../../test/test-database';
import { multipartBody } from '../documents/multipart-body';

const NOW = new Date('2024-05-02T09:00:00+08:00');
const IMAGES = path.join(DATA_DIR, 'camera-trap-images');
/** A point in 周至县 (西安市), in the Qinling. */
const ZHOUZHI = { longitude: 108.2223, latitude: 34.1633 };

/** What the AI said about each file (none for the blank frames, the person and the vehicle: they get the label `unknown`). */
const LABELS: Record<string, { scientificName: string; confidence: string }> = {
  'american_black_bear.jpg': { scientificName: 'Ursus americanus', confidence: '0.91' },
  'domestic_dog.jpg': { scientificName: 'Canis familiaris', confidence: '0.88' },
  'african_elephants_cmyk.jpg': { scientificName: 'Loxodonta africana', confidence: '0.95' },
  'african_elephants_truncated_file.jpg': { scientificName: 'Loxodonta africana', confidence: '0.7' },
  'african_elephants_with_exif_orientation.jpg': { scientificName: 'Loxodonta africana', confidence: '0.93' },
};

/** A multipart body with one file part and text parts, as the web app's FormData sends it. */
function form(fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(fileName, bytes, { contentType: 'image/jpeg' });
  const boundary = headers['content-type']!.split('boundary=')[1]!;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  return { payload: Buffer.concat([...parts, payload]), headers };
}

describe('the camera-trap review queue', () => {
  const ctx = useTestApp({ loaded: true, now: () => NOW });
  const db = () => ctx.database.db;
  /** an editor of 周至县, whose organisation owns the camera trap */
  let editor: Browser;
  /** an editor of 宝鸡市: another city */
  let stranger: Browser;
  let staff: Browser;
  let admin: Browser;
  let trap: number;
  let mast: number;
  /** the detection of each uploaded file, by file name */
  const byFile = new Map<string, UploadResult>();

  function upload(browser: Browser, thingId: number, fileName: string, bytes: Buffer, fields: Record<string, string> = {}) {
    const { payload, headers } = form(fileName, bytes, fields);
    return browser.post<UploadResult>(`/api/camera-trap/things/${thingId}/photos`, payload, { headers });
  }
  const review = (browser: Browser, id: number, body: unknown) => browser.post<CameraTrapItem>(`/api/camera-trap/detections/${id}/review`, body);
  const item = (file: string) => byFile.get(file)!.detection;

  beforeAll(async () => {
    const zhouzhiOrg = await organisationIdOf(db(), '610124');
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    editor = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: zhouzhiOrg })).browser;
    stranger = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '6103') })).browser;
    staff = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: zhouzhiOrg })).browser;
    const thing = (code: string, kind: string) =>
      admin.post<ThingDetail>('/api/things', { code, kind, name: `周至 ${code}`, organisationId: zhouzhiOrg, status: 'active', ...ZHOUZHI });
    trap = dataOf(await thing('IR-ZZ-01', 'infrared_camera')).thing.id;
    mast = dataOf(await thing('MAST-ZZ-01', 'sensor_mast')).thing.id;
  });

  it('takes the camera-trap files into the queue one by one, marking the truncated one damaged rather than failing the batch', async () => {
    const names = fs
      .readdirSync(IMAGES)
      .filter((name) => name.endsWith('.jpg'))
      .sort();
    expect(names).toHaveLength(9);
    for (const name of names) {
      const response = await upload(editor, trap, name, fs.readFileSync(path.join(IMAGES, name)), {
        ...(LABELS[name] ?? {}),
        takenAt: '2024-05-01T21:30:00+08:00',
      });
      expect([name, response.status]).toEqual([name, 201]);
      byFile.set(name, dataOf(response));
    }
    const damaged = names.filter((name) => byFile.get(name)!.damaged);
    expect(damaged).toEqual(['african_elephants_truncated_file.jpg']);
    const truncated = item('african_elephants_truncated_file.jpg');
    expect(truncated).toMatchObject({ damaged: true, thumbnailUrl: null, label: { scientificName: 'Loxodonta africana' }, review: { status: 'new' } });
    // the file is kept: signed-in users still get the original
    expect(truncated.imageUrl).not.toBeNull();
    const original = await ctx.app.inject({
      method: 'GET',
      url: truncated.imageUrl!,
      headers: { cookie: [...editor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect([original.statusCode, original.rawPayload.length]).toEqual([200, 600_000]);
    // and its thumbnail is not made from the half that arrived
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sensing/detections/${truncated.id}/image?size=thumb` })).statusCode).toBe(404);

    expect(item('human.jpg')).toMatchObject({ label: { scientificName: 'unknown', nameZh: null, level: null }, confidence: null, count: 0, source: 'upload' });
    expect(item('american_black_bear.jpg')).toMatchObject({
      label: { scientificName: 'Ursus americanus', nameZh: null, level: null },
      confidence: 0.91,
      count: 1,
    });

    const queue = dataOf(await editor.get<Page<CameraTrapItem>>(`/api/camera-trap/detections?status=new&thingId=${trap}&pageSize=50`));
    expect(queue.total).toBe(9);
    expect(queue.items.map((i) => i.id).sort()).toEqual([...byFile.values()].map((r) => r.detection.id).sort());
    expect(queue.items.every((i) => i.site.code === 'IR-ZZ-01' && i.site.cityName === '西安市' && i.phenomenonTime === '2024-05-01T21:30:00+08:00')).toBe(true);
  });

  it('makes upright sRGB thumbnails without metadata: the file lying on its side as the camera held it, the CMYK file in sRGB', async () => {
    // unreviewed uploads are not public: the reviewer's session fetches them
    const asEditor = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { cookie: [...editor.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const [name, result] of byFile) {
      if (result.damaged) continue;
      const response = await asEditor(result.detection.thumbnailUrl!);
      expect([name, response.statusCode, response.headers['content-type']]).toEqual([name, 200, 'image/webp']);
      const thumb = await sharp(response.rawPayload).metadata();
      const source = await sharp(path.join(IMAGES, name)).metadata();
      // the original as displayed: its EXIF orientation applied
      const shown = source.autoOrient;
      expect([name, thumb.width > thumb.height]).toEqual([name, shown.width > shown.height]);
      expect(Math.max(thumb.width, thumb.height)).toBe(320);
      expect([name, thumb.space, thumb.exif, thumb.icc, thumb.orientation]).toEqual([name, 'srgb', undefined, undefined, undefined]);
    }
    const turned = await sharp(path.join(IMAGES, 'african_elephants_with_exif_orientation.jpg')).metadata();
    // stored portrait (1536 × 2048) with orientation 6: shown landscape, and so is its thumbnail
    expect([turned.width, turned.height, turned.orientation]).toEqual([1536, 2048, 6]);
    const thumb = await asEditor(item('african_elephants_with_exif_orientation.jpg').thumbnailUrl!);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320, height: 240 });
    expect((await sharp(path.join(IMAGES, 'african_elephants_cmyk.jpg')).metadata()).space).toBe('cmyk');
  });

  it('answers the same file uploaded again with the detection it made, storing nothing twice', async () => {
    const before = await countRows(db());
    const again = dataOf(await upload(editor, trap, 'human.jpg', fs.readFileSync(path.join(IMAGES, 'human.jpg'))));
    expect(again).toMatchObject({ duplicate: true, damaged: false, detection: { id: item('human.jpg').id } });
    const damaged = dataOf(await upload(editor, trap, 'x.jpg', fs.readFileSync(path.join(IMAGES, 'african_elephants_truncated_file.jpg'))));
    expect(damaged).toMatchObject({ duplicate: true, damaged: true });
    expect(await countRows(db())).toEqual(before);
  });

  it('refuses bad uploads with a clear error, changing nothing', async () => {
    const bear = fs.readFileSync(path.join(IMAGES, 'american_black_bear.jpg'));
    const blank = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#222' } })
      .jpeg()
      .toBuffer();
    const before = await countRows(db());
    const cases: [string, Promise<{ status: number; body: unknown }>, number, string][] = [
      ['unknown part', upload(editor, trap, 'a.jpg', blank, { species: 'Ursus thibetanus' }), 400, 'VALIDATION_FAILED'],
      ['confidence out of range', upload(editor, trap, 'a.jpg', blank, { confidence: '1.5' }), 400, 'VALIDATION_FAILED'],
      ['label not a scientific name', upload(editor, trap, 'a.jpg', blank, { scientificName: '<script>熊</script>' }), 400, 'VALIDATION_FAILED'],
      ['taken in the future', upload(editor, trap, 'a.jpg', blank, { takenAt: '2024-05-03T09:00:00+08:00' }), 400, 'VALIDATION_FAILED'],
      ['taken at no time', upload(editor, trap, 'a.jpg', blank, { takenAt: '2024-02-30T25:00:00+08:00' }), 400, 'VALIDATION_FAILED'],
      ['not an image', upload(editor, trap, 'a.pdf', SAMPLES.pdf()), 415, 'UPLOAD_TYPE_NOT_ALLOWED'],
      ['an empty file', upload(editor, trap, 'a.jpg', Buffer.alloc(0)), 400, 'UPLOAD_EMPTY'],
      ['not a camera trap', upload(editor, mast, 'a.jpg', bear), 400, 'THING_NOT_CAMERA_TRAP'],
      ['no such Thing', upload(editor, 999_999, 'a.jpg', bear), 404, 'THING_NOT_FOUND'],
      ["another city's editor", upload(stranger, trap, 'a.jpg', blank), 403, 'FORBIDDEN'],
      ['staff', upload(staff, trap, 'a.jpg', blank), 403, 'FORBIDDEN'],
    ];
    for (const [what, sent, status, code] of cases) {
      const response = await sent;
      expect([what, response.status, errorOf(response as never).errorCode]).toEqual([what, status, code]);
    }
    expect(await countRows(db())).toEqual(before);
  });

  it('refuses a review that does not fit, changing nothing', async () => {
    const before = await countRows(db());
    const human = item('human.jpg').id;
    const bear = item('american_black_bear.jpg').id;
    const cases: [string, Promise<{ status: number; body: unknown }>, number, string][] = [
      ['confirm an unknown label', review(editor, human, { status: 'confirmed' }), 400, 'CAMERA_TRAP_NOTHING_TO_CONFIRM'],
      [
        'correct to a species off the list',
        review(editor, bear, { status: 'corrected', scientificName: 'Ursus americanus' }),
        400,
        'CAMERA_TRAP_SPECIES_UNKNOWN',
      ],
      ['correct to a genus rule', review(editor, bear, { status: 'corrected', scientificName: 'Cuora' }), 400, 'CAMERA_TRAP_SPECIES_UNKNOWN'],
      ['correct without a species', review(editor, bear, { status: 'corrected' }), 400, 'VALIDATION_FAILED'],
      ['a species with blank', review(editor, bear, { status: 'blank', scientificName: 'Ursus thibetanus' }), 400, 'VALIDATION_FAILED'],
      ['a blank frame with animals', review(editor, bear, { status: 'blank', count: 2 }), 400, 'VALIDATION_FAILED'],
      ['a negative count', review(editor, bear, { status: 'confirmed', count: -1 }), 400, 'VALIDATION_FAILED'],
      ['a fractional count', review(editor, bear, { status: 'confirmed', count: 1.5 }), 400, 'VALIDATION_FAILED'],
      ['an unknown status', review(editor, bear, { status: 'maybe' }), 400, 'VALIDATION_FAILED'],
      ['an unknown property', review(editor, bear, { status: 'human', note: 'x' }), 400, 'VALIDATION_FAILED'],
      ['no such detection', review(editor, 999_999_999, { status: 'human' }), 404, 'CAMERA_TRAP_DETECTION_NOT_FOUND'],
      ["another city's editor", review(stranger, bear, { status: 'human' }), 404, 'CAMERA_TRAP_DETECTION_NOT_FOUND'],
      ['staff', review(staff, bear, { status: 'human' }), 403, 'FORBIDDEN'],
    ];
    for (const [what, sent, status, code] of cases) {
      const response = await sent;
      expect([what, response.status, errorOf(response as never).errorCode]).toEqual([what, status, code]);
    }
    const english = await editor.post(
      '/api/camera-trap/detections/1/review',
      { status: 'corrected', scientificName: 'Ursus americanus' },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(errorOf(english).errorMessage).toMatch(/^No such camera-trap detection|^The species is not on the national list/);
    expect(await countRows(db())).toEqual(before);
  });

  it('records blank frames, people, vehicles and the unidentifiable with who and when, audited', async () => {
    for (const [file, status] of [
      ['blank.jpg', 'blank'],
      ['blank2.jpg', 'blank'],
      ['human.jpg', 'human'],
      ['vehicle.jpg', 'vehicle'],
      ['african_elephants_truncated_file.jpg', 'unidentifiable'],
    ] as const) {
      const reviewed = dataOf(await review(editor, item(file).id, status === 'human' ? { status, count: 1 } : { status }));
      expect(reviewed.review).toMatchObject({ status, species: null, count: status === 'human' ? 1 : 0, reviewedAt: '2024-05-02T09:00:00+08:00' });
      expect(reviewed.review.reviewedBy).toMatch(/^测试editor/);
      expect(reviewed.verificationTaskId).toBeNull();
    }
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'detection.review'), eq(auditLog.entityId, String(item('human.jpg').id))));
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        { status: 'new', species: null, count: null },
        { status: 'human', species: null, count: 1, at: '2024-05-02T09:00:00+08:00' },
      ],
    ]);
    const left = dataOf(await editor.get<Page<CameraTrapItem>>(`/api/camera-trap/detections?status=new&thingId=${trap}`));
    expect(left.total).toBe(4);
  });

  it('keeps frames of people and vehicles, and photos nobody has reviewed, off the public pages', async () => {
    const list = await ctx.app.inject({ url: '/api/sensing/detections?limit=100' });
    const shown = (list.json() as { data: { id: number }[] }).data.map((d) => d.id);
    // people, vehicles and empty frames as reviewed; the bear not reviewed yet
    for (const file of ['human.jpg', 'vehicle.jpg', 'blank.jpg', 'american_black_bear.jpg']) expect(shown).not.toContain(item(file).id);
    for (const file of ['human.jpg', 'american_black_bear.jpg']) {
      const visitor = await ctx.app.inject({ url: `/api/sensing/detections/${item(file).id}/image?size=thumb` });
      expect(visitor.statusCode).toBe(404);
      const signedIn = await editor.get(`/api/sensing/detections/${item(file).id}/image?size=thumb`);
      expect(signedIn.status).toBe(200);
    }
  });

  it('creates the camera_trap verification task of a level I or II species once, in the review, where the camera stands', async () => {
    const dog = item('domestic_dog.jpg').id;
    // 黑熊 Ursus thibetanus, 国家二级
    const first = dataOf(await review(editor, dog, { status: 'corrected', scientificName: 'Ursus thibetanus', count: 2 }));
    expect(first).toMatchObject({
      review: { status: 'corrected', species: { scientificName: 'Ursus thibetanus', nameZh: '黑熊', level: 'II' }, count: 2 },
      verificationTaskId: expect.any(Number),
    });
    const { task, steps } = dataOf(await admin.get<VerificationTaskDetail>(`/api/verification/tasks/${first.verificationTaskId}`));
    expect(steps.map((s) => [s.action, s.note])).toEqual([['import', `detection ${dog}`]]);
    expect(task).toMatchObject({
      kind: 'camera_trap',
      sourceId: `detection:${dog}`,
      status: 'pending',
      longitude: ZHOUZHI.longitude,
      latitude: ZHOUZHI.latitude,
      cityCode: '610100',
      detectedAt: '2024-05-01T21:30:00+08:00',
      properties: { scientificName: 'Ursus thibetanus', nameZh: '黑熊', level: 'II', count: 2, thingCode: 'IR-ZZ-01' },
    });
    // reviewed again (a recount, then 大熊猫): the same task, not a second
    const again = dataOf(await review(editor, dog, { status: 'corrected', scientificName: 'Ailuropoda melanoleuca', count: 1 }));
    expect(again.verificationTaskId).toBe(first.verificationTaskId);
    expect(
      await db()
        .select({ id: verificationTasks.id })
        .from(verificationTasks)
        .where(eq(verificationTasks.sourceId, `detection:${dog}`)),
    ).toHaveLength(1);
    // an unlisted species confirmed: no task
    const bear = dataOf(await review(editor, item('american_black_bear.jpg').id, { status: 'confirmed' }));
    expect(bear).toMatchObject({
      review: { status: 'confirmed', species: { scientificName: 'Ursus americanus', level: null }, count: 1 },
      verificationTaskId: null,
    });
    const [row] = await db().select().from(detections).where(eq(detections.id, dog));
    expect(row).toMatchObject({ reviewStatus: 'corrected', reviewedName: 'Ailuropoda melanoleuca', reviewedCount: 1 });
  });

  it('lists the species confirmed at each site with counts and level, and only in scope', async () => {
    await review(editor, item('african_elephants_cmyk.jpg').id, { status: 'corrected', scientificName: 'Ailuropoda melanoleuca', count: 3 });
    const sites = dataOf(await editor.get<SiteSpecies[]>('/api/camera-trap/sites'));
    expect(sites).toEqual([
      {
        site: { id: trap, code: 'IR-ZZ-01', name: '周至 IR-ZZ-01', cityName: '西安市' },
        species: [
          { scientificName: 'Ailuropoda melanoleuca', nameZh: '大熊猫', level: 'I', detections: 2, individuals: 4, lastSeenAt: '2024-05-01T21:30:00+08:00' },
          { scientificName: 'Ursus americanus', nameZh: null, level: null, detections: 1, individuals: 1, lastSeenAt: '2024-05-01T21:30:00+08:00' },
        ],
      },
    ]);
    expect(dataOf(await stranger.get<SiteSpecies[]>('/api/camera-trap/sites'))).toEqual([]);
    expect(dataOf(await admin.get<SiteSpecies[]>(`/api/camera-trap/sites?thingId=${trap}`))).toEqual(sites);
    // the queue, too, shows the stranger nothing of 周至县
    expect(dataOf(await stranger.get<Page<CameraTrapItem>>('/api/camera-trap/detections')).total).toBe(0);
    expect((await staff.get('/api/camera-trap/detections')).status).toBe(403);
  });

  it('finds species of the national list by Chinese or scientific name, exact matches first', async () => {
    const search = async (q: string) => dataOf(await editor.get<ProtectedSpecies[]>(`/api/camera-trap/species?q=${encodeURIComponent(q)}&limit=100`));
    expect((await search('大熊猫'))[0]).toEqual({ scientificName: 'Ailuropoda melanoleuca', nameZh: '大熊猫', level: 'I', taxon: '' });
    expect((await search('ailuropoda'))[0]!.nameZh).toBe('大熊猫');
    const bears = (await search('熊')).map((s) => s.nameZh);
    expect(bears).toEqual(expect.arrayContaining(['大熊猫', '黑熊', '棕熊']));
    // 100% and _ are themselves, not wildcards
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    // no genus rules among the choices
    expect((await search('Cuora')).every((s) => s.taxon === '')).toBe(true);
    expect((await editor.get('/api/camera-trap/species?limit=0')).status).toBe(400);
  });

  it('exports the queue as CSV with a byte-order mark and as GeoJSON at the camera, with the filters of the list and only in scope', async () => {
    const csv = await editor.get(`/api/camera-trap/detections.csv?thingId=${trap}&status=human`);
    expect([csv.status, csv.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    const lines = csv.raw.trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('\uFEFF记录编号,相机位点,所在市,拍摄时间,AI 识别,')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${item('human.jpg').id},`)).toBe(true);
    expect(lines[1]).toContain(',人,');

    const geo = await editor.get(`/api/camera-trap/detections.geojson?thingId=${trap}`);
    const collection = JSON.parse(geo.raw) as { features: { geometry: { type: string } | null; properties: { id: number } }[] };
    expect(collection.features).toHaveLength(9);
    expect(collection.features.every((f) => f.geometry?.type === 'Point')).toBe(true);
    // another city's editor exports nothing of this camera trap
    const theirs = JSON.parse((await stranger.get(`/api/camera-trap/detections.geojson?thingId=${trap}`)).raw) as { features: unknown[] };
    expect(theirs.features).toEqual([]);
  });
});
