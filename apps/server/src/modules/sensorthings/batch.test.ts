/**
 * SensorThings batch requests as a client sends them (OGC 18-088 §11, the JSON batch format of
 * OData JSON 4.01 §19; docs/sensorthings.md §Batch): creating a Thing and then a Datastream under
 * `$1`, reading them back; an atomicity group that is undone whole when one request fails, its
 * events never published; the writer checked once (anonymous: 401; a device: its own Datastreams
 * only); malformed batches refused whole, writing nothing.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewThingKey } from '@eco/contracts/sensing';
import { STA_BATCH_MAX_BODY_BYTES, STA_BATCH_MAX_REQUESTS } from '@eco/contracts/sensorthings';
import { observations, things } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, useTestApp } from '../../test/test-app';
import { SensingBus } from '../sensing/events';

type Entity = Record<string, unknown> & { '@iot.id': number; '@iot.selfLink': string };
interface Answer {
  id: string;
  atomicityGroup?: string;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}
interface Batch {
  responses: Answer[];
}

const UNIT = { name: 'degree Celsius', symbol: 'Cel', definition: 'http://unitsofmeasure.org/ucum.html' };
const MEASUREMENT = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement';

/** A Thing with its Location and one Datastream (deep insert). */
const thing = (name: string) => ({
  name,
  description: 'a mast sent in a batch',
  Locations: [{ name: `${name} site`, description: 'd', encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [108.9, 34.2] } }],
  Datastreams: [
    {
      name: `${name} air temperature`,
      description: 'air temperature at 2 m',
      unitOfMeasurement: UNIT,
      observationType: MEASUREMENT,
      Sensor: { name: `${name} thermometer`, description: 'Pt100', encodingType: 'text/plain', metadata: 'datasheet' },
      ObservedProperty: { name: `${name} air temperature`, definition: 'urn:air-temperature', description: 'air temperature' },
    },
  ],
});

/** A Datastream to create under a Thing (the link to it implied by the path). */
const datastream = (name: string) => ({
  name,
  description: 'relative humidity',
  unitOfMeasurement: { name: 'percent', symbol: '%', definition: 'http://unitsofmeasure.org/ucum.html' },
  observationType: MEASUREMENT,
  Sensor: { name: `${name} hygrometer`, description: 'capacitive', encodingType: 'text/plain', metadata: 'datasheet' },
  ObservedProperty: { name: `${name} humidity`, definition: 'urn:relative-humidity', description: 'relative humidity' },
});

describe('SensorThings: batch requests', () => {
  const bus = new SensingBus();
  const ctx = useTestApp({ now: () => new Date('2024-05-01T10:00:00+08:00'), sensingBus: bus });
  const db = () => ctx.database.db;
  let admin: Browser;
  const countThings = async () => Number((await db().select({ n: count() }).from(things))[0]!.n);
  const countObservations = async (datastreamId: number) =>
    Number((await db().select({ n: count() }).from(observations).where(eq(observations.datastreamId, datastreamId)))[0]!.n);
  /** The Datastream ids of a Thing created through SensorThings, by its name. */
  const streamsOf = async (name: string) => {
    const found = (await admin.get(`/api/v1.1/Things?$filter=name eq '${name}'&$expand=Datastreams`)).body as unknown as { value: Entity[] };
    return (found.value[0]!.Datastreams as Entity[]).map((d) => d['@iot.id']);
  };
  const batch = (browser: Browser, requests: unknown[], headers?: Record<string, string>) =>
    browser.post<never>('/api/v1.1/$batch', { requests }, headers ? { headers } : undefined);
  const answersOf = (response: { body: unknown }) => (response.body as unknown as Batch).responses;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
  });

  it('creates a Thing, then a Datastream under $1, and reads both back in one batch', async () => {
    const sent = await batch(admin, [
      { id: '1', method: 'post', url: 'Things', body: thing('批量气象杆') },
      { id: '2', dependsOn: ['1'], method: 'post', url: '$1/Datastreams', body: datastream('批量湿度') },
      { id: '3', dependsOn: ['1', '2'], method: 'get', url: '$1?$expand=Datastreams($orderby=name;$select=name),Locations($select=name)' },
      { id: '4', dependsOn: ['2'], method: 'GET', url: '$2/Thing/name/$value' },
      { id: '5', method: 'get', url: '/api/v1.1/Things/$ref?$count=true' },
    ]);
    expect(sent.status).toBe(200);
    expect(sent.headers['cache-control']).toBe('no-store');
    const answers = answersOf(sent);
    expect(answers.map((a) => [a.id, a.status])).toEqual([
      ['1', 201],
      ['2', 201],
      ['3', 200],
      ['4', 200],
      ['5', 200],
    ]);
    const created = answers[0]!.body as Entity;
    expect(answers[0]!.headers!.location).toBe(created['@iot.selfLink']);
    expect(answers[0]!.headers!.location).toMatch(/^http:\/\/localhost(:80)?\/api\/v1\.1\/Things\(\d+\)$/);
    const stream = answers[1]!.body as Entity;
    expect(stream.name).toBe('批量湿度');
    expect(answers[1]!.headers!.location).toMatch(/\/api\/v1\.1\/Datastreams\(\d+\)$/);
    const read = answers[2]!.body as Entity;
    expect(read['@iot.id']).toBe(created['@iot.id']);
    expect((read.Datastreams as Entity[]).map((d) => d.name)).toEqual(['批量气象杆 air temperature', '批量湿度']);
    expect((read.Locations as Entity[]).map((l) => l.name)).toEqual(['批量气象杆 site']);
    expect(answers[3]!.body).toBe('批量气象杆');
    expect(answers[3]!.headers!['content-type']).toMatch(/^text\/plain/);
    expect((answers[4]!.body as { '@iot.count': number })['@iot.count']).toBe(1);

    // the same entities, read on their own
    const alone = await admin.get(`/api/v1.1/Datastreams(${stream['@iot.id']})/Thing`);
    expect((alone.body as unknown as Entity).name).toBe('批量气象杆');

    // a reference to no earlier request fails that request only
    const unknown = answersOf(
      await batch(admin, [
        { id: 'a', method: 'post', url: '$b/Datastreams', body: datastream('x') },
        { id: 'b', method: 'get', url: 'Things' },
        { id: 'c', dependsOn: ['d'], method: 'get', url: 'Things' },
        { id: 'd', method: 'get', url: 'Sensors' },
        { id: 'e', dependsOn: ['b'], method: 'get', url: '$b' },
        { id: 'f', method: 'get', url: 'Things(999999)' },
        { id: 'g', dependsOn: ['f'], method: 'delete', url: 'Things(1)' },
      ]),
    );
    expect(unknown.map((a) => [a.id, a.status, (a.body as { errorCode?: string }).errorCode])).toEqual([
      ['a', 400, 'STA_BODY_INVALID'],
      ['b', 200, undefined],
      ['c', 400, 'STA_BODY_INVALID'],
      ['d', 200, undefined],
      ['e', 400, 'STA_BODY_INVALID'],
      ['f', 404, 'STA_ENTITY_NOT_FOUND'],
      ['g', 424, 'STA_DEPENDENCY_FAILED'],
    ]);
    expect((unknown[0]!.body as { errorMessage: string }).errorMessage).toContain('$b');
    expect(await countThings()).toBe(1);
  });

  it('undoes an atomicity group whole when one of its requests fails, and publishes its events only after commit', async () => {
    const [temperature] = await streamsOf('批量气象杆');
    const heard: number[][] = [];
    const stop = bus.subscribe(['observations-stored'], (event) => heard.push(event.data.ids));
    try {
      const things = await countThings();
      const observed = await countObservations(temperature!);
      const failed = answersOf(
        await batch(admin, [
          {
            id: 'o1',
            atomicityGroup: 'g1',
            method: 'post',
            url: `Datastreams(${temperature})/Observations`,
            body: { phenomenonTime: '2024-05-01T09:00:00+08:00', result: 21.5 },
          },
          { id: 't1', atomicityGroup: 'g1', method: 'post', url: 'Things', body: thing('回滚的杆') },
          {
            id: 'd1',
            atomicityGroup: 'g1',
            dependsOn: ['t1'],
            method: 'post',
            url: '$t1/Datastreams',
            body: { name: 'no sensor', description: 'd', unitOfMeasurement: UNIT, observationType: MEASUREMENT },
          },
          { id: 'after', atomicityGroup: 'g1', method: 'get', url: 'Things' },
          { id: 'alone', method: 'post', url: 'Things', body: { name: '独立的杆', description: 'outside any group' } },
          { id: 'next', dependsOn: ['g1'], method: 'get', url: 'Things' },
        ]),
      );
      expect(failed.map((a) => [a.id, a.atomicityGroup, a.status])).toEqual([
        ['o1', 'g1', 424],
        ['t1', 'g1', 424],
        ['d1', 'g1', 400],
        ['after', 'g1', 424],
        ['alone', undefined, 201],
        ['next', undefined, 424],
      ]);
      expect((failed[2]!.body as { errorMessage: string }).errorMessage).toContain('Sensor');
      expect((failed[0]!.body as { errorMessage: string }).errorMessage).toContain('d1');
      // nothing of g1 is left: not the Thing, not the Observation; the request outside the group stays
      expect(await countThings()).toBe(things + 1);
      expect((await admin.get(`/api/v1.1/Things?$filter=name eq '回滚的杆'`)).body).toMatchObject({ value: [] });
      expect(await countObservations(temperature!)).toBe(observed);
      expect(heard).toEqual([]);

      const committed = answersOf(
        await batch(admin, [
          {
            id: 'o2',
            atomicityGroup: 'g2',
            method: 'post',
            url: `Datastreams(${temperature})/Observations`,
            body: { phenomenonTime: '2024-05-01T09:00:00+08:00', result: 21.5 },
          },
          { id: 'p2', atomicityGroup: 'g2', dependsOn: ['o2'], method: 'patch', url: '$o2', body: { result: 21.75 } },
        ]),
      );
      expect(committed.map((a) => a.status)).toEqual([201, 200]);
      expect((committed[1]!.body as Entity).result).toBe(21.75);
      expect(heard).toEqual([[(committed[0]!.body as Entity)['@iot.id']]]);
      expect(await countObservations(temperature!)).toBe(observed + 1);
    } finally {
      stop();
    }
  });

  it('checks the writer once: an anonymous batch that writes is 401, one that only reads is answered', async () => {
    const anonymous = new Browser(ctx.app);
    const before = await countThings();
    const refused = await batch(anonymous, [
      { id: '1', method: 'get', url: 'Things' },
      { id: '2', method: 'post', url: 'Things', body: { name: '匿名', description: 'x' } },
    ]);
    expect(refused.status).toBe(401);
    expect((refused.body as unknown as { errorCode: string }).errorCode).toBe('NOT_SIGNED_IN');
    const noToken = await admin.post('/api/v1.1/$batch', { requests: [{ id: '1', method: 'delete', url: 'Things(1)' }] }, { noCsrf: true });
    expect(noToken.status).toBe(403);
    expect((noToken.body as unknown as { errorCode: string }).errorCode).toBe('CSRF_REJECTED');
    const staff = (await signedInAs(ctx.app, db(), 'staff')).browser;
    expect((await batch(staff, [{ id: '1', method: 'post', url: 'Things', body: { name: 'x', description: 'y' } }])).status).toBe(403);
    expect(await countThings()).toBe(before);

    const reads = await batch(anonymous, [
      { id: '1', method: 'get', url: 'Things?$top=1&$select=name' },
      { id: '2', method: 'get', url: '' },
    ]);
    expect(reads.status).toBe(200);
    expect(answersOf(reads).map((a) => a.status)).toEqual([200, 200]);
    expect((answersOf(reads)[1]!.body as { serverSettings: { conformance: string[] } }).serverSettings.conformance).toContain(
      'http://www.opengis.net/spec/iot_sensing/1.1/req/batch-request/batch-request',
    );
  });

  it("lets a device post Observations of its own Datastreams in a batch, and refuses another Thing's", async () => {
    const [own] = await streamsOf('批量气象杆');
    const created = answersOf(await batch(admin, [{ id: 'x', method: 'post', url: 'Things', body: thing('别家的杆') }]));
    const [foreign] = await streamsOf('别家的杆');
    const thingId = Number(/Things\((\d+)\)/.exec(created[0]!.headers!.location!)![1]);
    const ownThingId = ((await admin.get(`/api/v1.1/Datastreams(${own})/Thing`)).body as unknown as Entity)['@iot.id'];
    expect(thingId).not.toBe(ownThingId);
    const { key } = dataOf(await admin.post<NewThingKey>(`/api/things/${ownThingId}/keys`));
    const device = new Browser(ctx.app);
    const before = { own: await countObservations(own!), foreign: await countObservations(foreign!) };
    const sent = await device.post(
      '/api/v1.0/$batch',
      {
        requests: [
          { id: '1', method: 'post', url: `Datastreams(${own})/Observations`, body: { phenomenonTime: '2024-05-01T09:30:00+08:00', result: 22 } },
          { id: '2', method: 'post', url: 'Observations', body: { phenomenonTime: '2024-05-01T09:40:00+08:00', result: 22.5, Datastream: { '@iot.id': own } } },
          { id: '3', method: 'post', url: `Datastreams(${foreign})/Observations`, body: { phenomenonTime: '2024-05-01T09:30:00+08:00', result: 23 } },
          { id: '4', method: 'post', url: 'Things', body: { name: 'x', description: 'y' } },
          { id: '5', method: 'post', url: `Datastreams(${own})/Observations`, body: { phenomenonTime: '2024-05-01T09:30:00+08:00', result: 22 } },
        ],
      },
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(sent.status).toBe(200);
    expect(answersOf(sent).map((a) => a.status)).toEqual([201, 201, 403, 403, 409]);
    expect(answersOf(sent)[0]!.headers!.location).toMatch(/\/api\/v1\.0\/Observations\(\d+\)$/);
    expect(await countObservations(own!)).toBe(before.own + 2);
    expect(await countObservations(foreign!)).toBe(before.foreign);
    const wrongKey = await new Browser(ctx.app).post(
      '/api/v1.1/$batch',
      { requests: [{ id: '1', method: 'post', url: `Datastreams(${own})/Observations`, body: { result: 1 } }] },
      { headers: { authorization: 'Bearer tk_wrong' } },
    );
    expect(wrongKey.status).toBe(401);
  });

  it('speaks the multipart batch of v1.0: a change set creates a Thing and a Datastream under $1; a failing one is one failure, undone', async () => {
    const before = await countThings();
    const request = (contentId: string | null, line: string, body?: unknown) =>
      [
        'Content-Type: application/http',
        'Content-Transfer-Encoding: binary',
        ...(contentId ? [`Content-ID: ${contentId}`] : []),
        '',
        line,
        'Host: localhost',
        ...(body === undefined ? [''] : ['Content-Type: application/json', '', JSON.stringify(body)]),
      ].join('\r\n');
    const changeSet = (boundary: string, parts: string[]) =>
      `Content-Type: multipart/mixed; boundary=${boundary}\r\n\r\n${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--`;
    const parts = [
      request(null, "GET Things?$filter=name eq '批量气象杆'&$select=name HTTP/1.1"),
      changeSet('changeset_a', [
        request('1', 'POST /api/v1.0/Things HTTP/1.1', thing('多部分的杆')),
        request('2', 'POST $1/Datastreams HTTP/1.1', datastream('多部分湿度')),
      ]),
      changeSet('changeset_b', [
        request('3', 'POST Things HTTP/1.1', thing('多部分回滚的杆')),
        request('4', 'POST $3/Datastreams HTTP/1.1', { name: 'no sensor', description: 'd', unitOfMeasurement: UNIT, observationType: MEASUREMENT }),
      ]),
    ];
    const body = `preamble\r\n${parts.map((p) => `--batch_x\r\n${p}\r\n`).join('')}--batch_x--\r\nepilogue`;
    const sent = await admin.post('/api/v1.0/$batch', body, { headers: { 'content-type': 'multipart/mixed; boundary=batch_x' } });
    expect(sent.status).toBe(200);
    const boundary = /boundary=(\S+)/.exec(String(sent.headers['content-type']))![1]!;
    expect(String(sent.headers['content-type'])).toMatch(/^multipart\/mixed;/);
    const answered = sent.raw.split(`--${boundary}`).slice(1, -1);
    expect(answered).toHaveLength(3);
    expect(answered[0]).toContain('HTTP/1.1 200 OK');
    expect(answered[0]).toContain('"name":"批量气象杆"');
    // the change set that committed: a multipart of its two responses, with their Content-IDs
    expect(answered[1]).toMatch(/Content-Type: multipart\/mixed; boundary=changesetresponse_/);
    expect(answered[1]!.match(/HTTP\/1\.1 201 Created/g)).toHaveLength(2);
    expect(answered[1]).toMatch(/Content-ID: 1\r\n[\s\S]*Location: http:\/\/localhost(:80)?\/api\/v1\.0\/Things\(\d+\)/);
    expect(answered[1]).toContain('Content-ID: 2');
    // the one that failed: the single response of the request that failed it
    expect(answered[2]).toContain('Content-ID: 4');
    expect(answered[2]).toContain('HTTP/1.1 400 Bad Request');
    expect(answered[2]).toContain('STA_BODY_INVALID');
    expect(await countThings()).toBe(before + 1);
    expect(await streamsOf('多部分的杆')).toHaveLength(2);
    expect((await admin.get(`/api/v1.1/Things?$filter=name eq '多部分回滚的杆'`)).body).toMatchObject({ value: [] });

    const malformed: [string, string, string][] = [
      ['multipart/mixed', `--batch_x\r\n${parts[0]}\r\n--batch_x--`, 'boundary'],
      ['multipart/mixed; boundary=batch_x', `--batch_x\r\n${parts[0]}\r\n`, 'closing delimiter'],
      ['multipart/mixed; boundary=batch_x', '--batch_x\r\nContent-Type: text/plain\r\n\r\nGET Things HTTP/1.1\r\n--batch_x--', 'application/http'],
      ['multipart/mixed; boundary=batch_x', `--batch_x\r\n${request(null, 'FETCH Things HTTP/1.1')}\r\n--batch_x--`, 'request line'],
      ['multipart/mixed; boundary=batch_x', `--batch_x\r\n${changeSet('c', [request(null, 'POST Things HTTP/1.1', thing('x'))])}\r\n--batch_x--`, 'Content-ID'],
      [
        'multipart/mixed; boundary=batch_x',
        `--batch_x\r\n${request('1', 'POST Things HTTP/1.1').replace(/\r\n$/, '\r\nContent-Type: application/json\r\n\r\n{"name": ')}\r\n--batch_x--`,
        'JSON',
      ],
      ['multipart/mixed; boundary=batch_x', `--batch_x\r\n${request(null, 'GET https://example.org/api/v1.0/Things HTTP/1.1')}\r\n--batch_x--`, 'example.org'],
    ];
    for (const [contentType, text, mention] of malformed) {
      const answer = await admin.post('/api/v1.0/$batch', text, { headers: { 'content-type': contentType } });
      const error = answer.body as unknown as { errorCode: string; errorMessage: string };
      expect({ mention, status: answer.status, code: error.errorCode }).toEqual({ mention, status: 400, code: 'STA_BODY_INVALID' });
      expect(error.errorMessage).toContain(mention);
    }
    expect(await countThings()).toBe(before + 1);
  });

  it('refuses a malformed batch whole, naming the problem, and writes nothing', async () => {
    const before = await countThings();
    const write = { id: 'w', method: 'post', url: 'Things', body: { name: '不该写入', description: 'x' } };
    const cases: [unknown, string][] = [
      [[write], 'requests'],
      [{}, 'requests'],
      [{ requests: write }, 'requests'],
      [{ requests: [write], extra: 1 }, 'extra'],
      [{ requests: [write, { ...write }] }, 'already'],
      [{ requests: [write, { id: 'h', method: 'head', url: 'Things' }] }, 'method'],
      [{ requests: [write, { id: 'm', method: 'merge', url: 'Things' }] }, 'method'],
      [{ requests: [write, { id: 'u', method: 'get', url: 'http://example.org/api/v1.1/Things' }] }, 'example.org'],
      [{ requests: [write, { id: 'u', method: 'get', url: '//example.org/api/v1.1/Things' }] }, 'example.org'],
      [{ requests: [write, { id: 'u', method: 'get', url: 42 }] }, 'url'],
      [{ requests: [write, { id: 'g', method: 'get', url: 'Things', body: {} }] }, 'body'],
      [{ requests: [write, { id: 'i', method: 'get', url: 'Things', if: '$w/$succeeded' }] }, 'if'],
      [{ requests: [write, { id: 'd', method: 'get', url: 'Things', dependsOn: 'w' }] }, 'dependsOn'],
      [{ requests: [write, { id: 'c', method: 'get', url: 'Things', headers: { Authorization: 'Bearer tk_x' } }] }, 'credentials'],
      [{ requests: [write, { id: 'no spaces', method: 'get', url: 'Things' }] }, 'id'],
      [{ requests: [write, { id: 'w2', method: 'get', url: 'Things', atomicityGroup: 'w' }] }, 'w is already the id'],
      [
        {
          requests: [
            { ...write, atomicityGroup: 'g' },
            { id: 'b', method: 'get', url: 'Things' },
            { id: 'c', method: 'get', url: 'Things', atomicityGroup: 'g' },
          ],
        },
        'adjacent',
      ],
      [
        { requests: [write, ...Array.from({ length: STA_BATCH_MAX_REQUESTS }, (_, i) => ({ id: `r${i}`, method: 'get', url: 'Things' }))] },
        String(STA_BATCH_MAX_REQUESTS),
      ],
    ];
    for (const [body, mention] of cases) {
      const answer = await admin.post('/api/v1.1/$batch', body);
      const error = answer.body as unknown as { errorCode: string; errorMessage: string };
      expect({ mention, status: answer.status, code: error.errorCode }).toEqual({ mention, status: 400, code: 'STA_BODY_INVALID' });
      expect(error.errorMessage).toContain(mention);
    }
    const notJson = await admin.post('/api/v1.1/$batch', '{"requests": [', { headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((notJson.body as unknown as { errorCode: string }).errorCode).toBe('INVALID_JSON');
    const text = await admin.post('/api/v1.1/$batch', JSON.stringify({ requests: [write] }), { headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect((text.body as unknown as { errorMessage: string }).errorMessage).toContain('multipart/mixed');
    const queried = await admin.post('/api/v1.1/$batch?$top=1', { requests: [write] });
    expect(queried.status).toBe(400);
    expect((queried.body as unknown as { errorCode: string }).errorCode).toBe('STA_QUERY_INVALID');
    const huge = await admin.post('/api/v1.1/$batch', { requests: [{ ...write, body: { ...write.body, description: 'x'.repeat(STA_BATCH_MAX_BODY_BYTES) } }] });
    expect(huge.status).toBe(413);
    // a Host header no link can be made of: 400, on its own as in a batch
    for (const url of ['/api/v1.1/Things', '/api/v1.1/$batch']) {
      const answer = await ctx.app.inject({
        method: url.endsWith('$batch') ? 'POST' : 'GET',
        url,
        headers: { host: 'localhost:99999' },
        payload: { requests: [] },
      });
      expect({ url, status: answer.statusCode, code: answer.json().errorCode }).toEqual({ url, status: 400, code: 'VALIDATION_FAILED' });
    }
    const empty = await admin.post('/api/v1.1/$batch', { requests: [] });
    expect(empty.body).toEqual({ responses: [] });
    expect(await countThings()).toBe(before);
  });
});
