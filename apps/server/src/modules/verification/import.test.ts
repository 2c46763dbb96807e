/**
 * Importing NASA FIRMS CSVs as hotspot tasks (docs/verification.md §FIRMS import), as an operator
 * does it: the bundled global file (19 416 detections, 19 in Shaanxi: data/README.md), again
 * (all duplicates), a file with malformed rows beside good ones, and files that are refused whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@eco/contracts/verification';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows, DATA_DIR } from '../../test/test-database';

const SAMPLE = fs.readFileSync(path.join(DATA_DIR, 'firms-modis-c61-global-24h-2022-02-27.csv'), 'utf8');
const HEADER = 'latitude,longitude,brightness,scan,track,acq_date,acq_time,satellite,confidence,version,bright_t31,frp,daynight';
/** A real row of the sample, in 渭南市 */
const WEINAN = '34.58599,109.70001,317.68,1.08,1.04,2022-02-26,0603,A,74,6.1NRT,299.43,12.14,D';
/** A real row of the sample, in the sea off Brazil */
const FAR_AWAY = '-4.99722,-37.427,310.16,3.43,1.74,2022-02-26,0020,T,70,6.1NRT,272.01,64.94,N';
/** The cities of the sample's 19 Shaanxi detections (data/README.md), by 6-digit code */
const SAMPLE_CITIES = { '610800': 7, '610500': 5, '611000': 2, '610900': 1, '610700': 1, '610100': 1, '610300': 1, '610600': 1 };

const csv = { 'content-type': 'text/csv' };

function citiesOf(result: ImportResult): Record<string, number> {
  const cities: Record<string, number> = {};
  for (const item of result.items) if (item.divisionCode) cities[item.divisionCode] = (cities[item.divisionCode] ?? 0) + 1;
  return cities;
}

describe('FIRMS hotspot import', () => {
  const ctx = useTestApp({ loaded: true });
  let admin: Browser;
  let county: Browser;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, ctx.database.db, 'admin')).browser;
    const organisationId = await organisationIdOf(ctx.database.db, '610124');
    county = (await signedInAs(ctx.app, ctx.database.db, 'editor', { role: 'editor', organisationId })).browser;
  });

  it('turns the 19 Shaanxi detections of the global sample into tasks of their cities, and the same file again into 19 duplicates', async () => {
    const first = dataOf(await admin.post<ImportResult>('/api/verification/hotspots', SAMPLE, { headers: csv }));
    expect({ created: first.created, duplicate: first.duplicate, outside: first.outside, rejected: first.rejected }).toEqual({
      created: 19,
      duplicate: 0,
      outside: 19_416 - 19,
      rejected: 0,
    });
    expect(citiesOf(first)).toEqual(SAMPLE_CITIES);
    const lines = SAMPLE.split('\n');
    for (const item of first.items) {
      expect(item.status).toBe('created');
      expect(item.taskId).toBeGreaterThan(0);
      // the line is the detection's own line of the file
      const [lat, lon] = lines[item.line - 1]!.split(',').map(Number);
      expect(lat! > 31 && lat! < 40 && lon! > 105 && lon! < 112).toBe(true);
    }

    const again = dataOf(await admin.post<ImportResult>('/api/verification/hotspots/sample'));
    expect({ created: again.created, duplicate: again.duplicate, outside: again.outside }).toEqual({ created: 0, duplicate: 19, outside: 19_397 });
    expect(again.items.map((i) => [i.line, i.taskId, i.divisionCode])).toEqual(first.items.map((i) => [i.line, i.taskId, i.divisionCode]));
    expect((await countRows(ctx.database.db)).verification_tasks).toBe(19);
  });

  it('imports the good rows of a file and rejects each malformed one with its line and reason', async () => {
    const file = [
      HEADER,
      WEINAN.replace('0603', '0604'), // line 2: a new detection in 渭南市
      FAR_AWAY, // line 3: outside, only counted
      '91.5,109.7,317.68,1.08,1.04,2022-02-26,0603,A,74,6.1NRT,299.43,12.14,D', // line 4: no such latitude
      '34.5,109.7,317.68', // line 5: too few fields
      WEINAN.replace('0603', '0604'), // line 6: the same detection as line 2
      '34.5,109.7,317.68,1.08,1.04,2022-02-29,0603,A,74,6.1NRT,299.43,12.14,D', // line 7: 2022 has no 29 February
      '',
    ].join('\r\n');
    const result = dataOf(await admin.post<ImportResult>('/api/verification/hotspots', file, { headers: csv }));
    expect({ created: result.created, duplicate: result.duplicate, outside: result.outside, rejected: result.rejected }).toEqual({
      created: 1,
      duplicate: 1,
      outside: 1,
      rejected: 3,
    });
    expect(result.items.map(({ line, status, divisionCode }) => [line, status, divisionCode])).toEqual([
      [2, 'created', '610500'],
      [4, 'rejected', null],
      [5, 'rejected', null],
      [6, 'duplicate', '610500'],
      [7, 'rejected', null],
    ]);
    expect(result.items[3]!.taskId).toBe(result.items[0]!.taskId);
    expect(result.items[1]!.reason).toMatch(/latitude/);
    expect(result.items[2]!.reason).toMatch(/3 fields/);
  });

  it('reads a VIIRS file (bright_ti4, letter confidence) and an acq_time without leading zeros', async () => {
    const file = [
      'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight',
      '34.58599,109.70001,331.2,0.39,0.36,2022-02-26,603,N,VIIRS,n,2.0NRT,290.1,3.2,D',
    ].join('\n');
    const result = dataOf(await admin.post<ImportResult>('/api/verification/hotspots', file, { headers: csv }));
    expect(result.items).toMatchObject([{ line: 2, status: 'created', divisionCode: '610500' }]);
    const task = dataOf(
      await admin.get<{ task: { source: string; sourceId: string; detectedAt: string } }>(`/api/verification/tasks/${result.items[0]!.taskId}`),
    );
    expect(task.task).toMatchObject({ source: 'FIRMS VIIRS', detectedAt: '2022-02-26T14:03:00+08:00' });
  });

  it('refuses, changing nothing, a file without the FIRMS columns, a body that is not UTF-8 or not CSV, and a county user', async () => {
    const before = await countRows(ctx.database.db);
    const noColumns = await admin.post('/api/verification/hotspots', 'lat,lon\n34.5,109.7\n', { headers: csv });
    expect(noColumns.status).toBe(400);
    expect(errorOf(noColumns)).toMatchObject({ errorCode: 'FIRMS_CSV_INVALID' });
    expect(errorOf(noColumns).errorMessage).toMatch(/latitude, longitude, acq_date, acq_time, satellite/);

    const gbk = Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from([0xc9, 0xc2, 0xce, 0xf7]), Buffer.from(`\n`)]);
    expect(errorOf(await admin.post('/api/verification/hotspots', gbk, { headers: csv })).errorCode).toBe('INVALID_ENCODING');
    const json = await admin.post('/api/verification/hotspots', { file: SAMPLE });
    expect([json.status, errorOf(json).errorCode]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const csvToJsonEndpoint = await admin.post('/api/verification/tasks/dispatch', '1,2', { headers: csv });
    expect([csvToJsonEndpoint.status, errorOf(csvToJsonEndpoint).errorCode]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);

    const byCounty = await county.post('/api/verification/hotspots', SAMPLE, { headers: csv });
    expect([byCounty.status, errorOf(byCounty).errorCode]).toEqual([403, 'FORBIDDEN']);
    expect(await countRows(ctx.database.db)).toEqual(before);
  });
});
