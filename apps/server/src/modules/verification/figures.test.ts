/**
 * What the verification work adds up to (docs/verification.md §Figures, §Exports): statistics per
 * kind and city with the median time to feedback, the day's headline for /home and /stgz, the
 * public map's generalised positions, and the list as CSV and GeoJSON — on the bundled FIRMS
 * sample (19 hotspots: 榆林 7, 渭南 5, 商洛 2, 西安, 宝鸡, 汉中, 延安, 安康 1 each).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, VerificationTask } from '@eco/contracts/verification';
import type { PublicTask, Statistics, VerificationSummary } from '@eco/contracts/verification-figures';
import type { Page } from '@eco/contracts/envelope';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { multipartForm } from '../../test/multipart-form';
import { dataOf, getJson, useTestApp } from '../../test/test-app';

const HOUR_MS = 3_600_000;
/** 2026-11-20 09:00 China Standard Time; tests move it forward. */
let clock = new Date('2026-11-20T01:00:00Z');

describe('verification figures and exports', () => {
  const ctx = useTestApp({ loaded: true, now: () => clock });
  const db = () => ctx.database.db;
  let province: Browser;
  let yulin: Browser;
  let yulinTasks: VerificationTask[];

  beforeAll(async () => {
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    yulin = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6108') })).browser;
    expect(dataOf(await province.post<ImportResult>('/api/verification/hotspots/sample')).created).toBe(19);
    yulinTasks = dataOf(await province.get<Page<VerificationTask>>('/api/verification/tasks?division=610800')).items;
    // 榆林's seven are dispatched at 09:00; two are answered, after 3 h and after 5 h
    dataOf(await province.post('/api/verification/tasks/dispatch', { ids: yulinTasks.map((t) => t.id) }));
    for (const [task, hours] of [
      [yulinTasks[0]!, 3],
      [yulinTasks[1]!, 5],
    ] as const) {
      clock = new Date(Date.parse('2026-11-20T01:00:00Z') + hours * HOUR_MS);
      // hours later, so a fresh session (an idle one ends)
      yulin = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6108') })).browser;
      dataOf(await yulin.post(`/api/verification/tasks/${task.id}/feedback`, { verdict: 'agricultural_burning' }));
    }
  });

  it('counts per kind and city what was found, dispatched, fed back and overdue, with the median hours to feedback', async () => {
    clock = new Date('2026-11-21T03:00:00Z'); // 26 h after dispatch: the five unanswered are overdue
    // the sessions of yesterday have ended: sign in again
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    yulin = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6108') })).browser;
    const { rows } = dataOf(await province.get<Statistics>('/api/verification/statistics?kind=hotspot'));
    const byCity = Object.fromEntries(rows.map((r) => [r.divisionName, [r.found, r.dispatched, r.fedBack, r.closed, r.overdue, r.medianHoursToFeedback]]));
    expect(byCity).toEqual({
      西安市: [1, 0, 0, 0, 0, null],
      宝鸡市: [1, 0, 0, 0, 0, null],
      渭南市: [5, 0, 0, 0, 0, null],
      延安市: [1, 0, 0, 0, 0, null],
      汉中市: [1, 0, 0, 0, 0, null],
      榆林市: [7, 7, 2, 0, 5, 4],
      安康市: [1, 0, 0, 0, 0, null],
      商洛市: [2, 0, 0, 0, 0, null],
      陕西省: [19, 7, 2, 0, 5, 4],
    });
    expect(rows.at(-1)?.divisionCode).toBe('610000');
    // the detections are of 2022-02-26/27 (UTC): a period before them finds nothing
    expect(dataOf(await province.get<Statistics>('/api/verification/statistics?to=2022-02-25')).rows).toEqual([]);
    // a city sees its own figures only
    const own = dataOf(await yulin.get<Statistics>('/api/verification/statistics'));
    expect(own.rows.map((r) => [r.divisionName, r.found])).toEqual([
      ['榆林市', 7],
      ['陕西省', 7],
    ]);
  });

  it("gives everyone the day's headline of each kind, by the day the portal received the tasks", async () => {
    clock = new Date('2026-11-20T12:00:00Z'); // 20:00 the same day
    const today = dataOf(await getJson<VerificationSummary>(ctx.app, '/api/verification/summary'));
    expect(today.date).toBe('2026-11-20');
    expect(today.kinds.find((k) => k.kind === 'hotspot')).toMatchObject({ zh: '卫星热点', today: 19, todayFedBack: 2, todayOverdue: 0, open: 19, overdue: 0 });
    clock = new Date('2026-11-21T03:00:00Z');
    const tomorrow = dataOf(await getJson<VerificationSummary>(ctx.app, '/api/verification/summary'));
    expect(tomorrow.kinds.find((k) => k.kind === 'hotspot')).toMatchObject({ today: 0, todayFedBack: 0, open: 19, overdue: 5 });
  });

  it('shows the public the open tasks with positions rounded to about 1 km', async () => {
    const tasks = dataOf(await getJson<PublicTask[]>(ctx.app, '/api/verification/public-tasks'));
    expect(tasks).toHaveLength(19);
    const [first] = tasks;
    expect(first!.precision).toBe(2);
    expect(tasks.every((t) => Number(t.longitude.toFixed(2)) === t.longitude && Number(t.latitude.toFixed(2)) === t.latitude)).toBe(true);
    expect(Object.keys(first!)).not.toContain('sourceId');
  });

  it('exports the list as CSV with a byte-order mark and as GeoJSON, with the filters of the list, and the statistics as CSV', async () => {
    const csv = await province.get('/api/verification/tasks.csv?division=610800');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.raw.startsWith('\uFEFF任务编号,类型,状态,')).toBe(true);
    const lines = csv.raw.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 7);
    expect(lines.filter((line) => line.includes(',农事用火,'))).toHaveLength(2);
    expect(lines.slice(1).every((line) => line.includes(',卫星热点,') && line.includes('榆林市'))).toBe(true);

    const english = await province.get('/api/verification/tasks.csv?status=fed_back', { headers: { 'accept-language': 'en-US' } });
    expect(english.raw.split('\r\n')[0]).toBe(
      '\uFEFFTask,Kind,Status,Source,Source ID,Longitude,Latitude,Detected,Division code,Division,City,Responsible organisation,Deadline,Overdue,Verdict,Dispatched,Fed back,Closed',
    );

    const stats = await province.get('/api/verification/statistics.csv?kind=hotspot');
    const statLines = stats.raw.trimEnd().split('\r\n');
    expect(statLines[0]).toBe('\uFEFF类型,区划代码,区划,发现,已下发,已反馈,已办结,超期,反馈用时中位数（小时）');
    expect(statLines).toContain('卫星热点,610800,榆林市,7,7,2,0,5,4');
    expect(statLines.at(-1)).toBe('卫星热点,610000,陕西省,19,7,2,0,5,4');

    const geo = await yulin.get('/api/verification/tasks.geojson');
    expect(geo.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    const collection = JSON.parse(geo.raw) as { type: string; features: { geometry: { type: string }; properties: { cityName: string } }[] };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(7);
    expect(collection.features.every((f) => f.geometry.type === 'Point' && f.properties.cityName === '榆林市')).toBe(true);
  });

  it('counts per county where county boundaries are loaded, with level=county', async () => {
    const admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    // 华州区 (610503), drawn for the test around the 渭南 hotspot at 34.58599 N, 109.70001 E
    const county = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { code: '610503' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [109.66, 34.55],
                [109.74, 34.55],
                [109.74, 34.62],
                [109.66, 34.62],
                [109.66, 34.55],
              ],
            ],
          },
        },
      ],
    };
    const form = multipartForm({}, { name: 'huazhou.geojson', bytes: JSON.stringify(county) });
    expect(dataOf(await admin.put<{ relocated: number }>('/api/verification/county-boundaries', form.payload, { headers: form.headers })).relocated).toBe(1);
    const { rows } = dataOf(await admin.get<Statistics>('/api/verification/statistics?kind=hotspot&level=county'));
    expect(rows.filter((r) => r.divisionCode.startsWith('6105')).map((r) => [r.divisionName, r.found])).toEqual([
      ['渭南市', 4],
      ['华州区', 1],
    ]);
    // by city, the county's task counts in its city
    const byCity = dataOf(await admin.get<Statistics>('/api/verification/statistics?kind=hotspot'));
    expect(byCity.rows.find((r) => r.divisionCode === '610500')?.found).toBe(5);
  });
});
