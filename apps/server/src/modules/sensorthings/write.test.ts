/**
 * SensorThings writes as an integrator and a device use them (OGC 18-088 conformance class
 * Create-Update-Delete; docs/sensorthings.md §Writing): deep insert of a Thing with its Location
 * and Datastreams, Observations through the one ingestion path by a user and by a device key,
 * updates and moves, deletes with the standard's integrity rules, and the refusals — anonymous,
 * without the CSRF token, outside the organisation scope, a bad body — each changing nothing.
 */
import { count, eq, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewThingKey } from '@eco/contracts/sensing';
import { alertRules, auditLog, datastreams, locations, observations, things } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, useTestApp } from '../../test/test-app';
import { organisationIdOf } from '../../test/organisations';

type Entity = Record<string, unknown> & { '@iot.id': number };

const THING = {
  name: '秦岭北麓气象杆',
  description: 'A mast with wind and a text status',
  properties: { owner: '省林业局', code: 'STA-MAST-1' },
  Locations: [{ name: '秦岭北麓', description: '观测点', encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [108.95, 34.05] } }],
  Datastreams: [
    {
      name: '风速',
      description: '10 分钟平均风速',
      unitOfMeasurement: { name: 'metre per second', symbol: 'm/s', definition: 'http://unitsofmeasure.org/ucum.html' },
      observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement',
      Sensor: { name: 'Anemometer WS-1', description: 'cup anemometer', encodingType: 'text/plain', metadata: 'datasheet' },
      ObservedProperty: { name: 'Wind speed (STA)', definition: 'http://vocab.nerc.ac.uk/collection/P07/current/CFSN0038/', description: 'wind speed' },
    },
    {
      name: '状态',
      description: 'a text status',
      unitOfMeasurement: { name: null, symbol: null, definition: null },
      observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Observation',
      Sensor: { name: 'Anemometer WS-1', description: 'the same make', encodingType: 'text/plain', metadata: 'datasheet' },
      ObservedProperty: { name: 'Status (STA)', definition: 'urn:status', description: 'status text' },
    },
  ],
};

describe('SensorThings: writing', () => {
  const ctx = useTestApp({ loaded: true, now: () => new Date('2024-05-01T10:00:00+08:00') });
  const db = () => ctx.database.db;
  let admin: Browser;
  let cityEditor: Browser;
  let thingId: number;
  let wind: number;
  let status: number;
  /** Rows of `table` (matching `where`). */
  const countRows = async (_db: unknown, table: typeof things | typeof observations | typeof datastreams | typeof auditLog | typeof alertRules, where?: SQL) =>
    Number((await db().select({ n: count() }).from(table).where(where))[0]!.n);

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    cityEditor = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '6101') })).browser;
  });

  it('creates a Thing with its Location, Datastreams, Sensors and ObservedProperties in one POST (deep insert)', async () => {
    const created = await admin.post<Entity>('/api/v1.1/Things', THING);
    expect(created.status).toBe(201);
    const body = created.body as unknown as Entity;
    thingId = body['@iot.id'];
    expect(created.headers.location).toMatch(new RegExp(`/api/v1\\.1/Things\\(${thingId}\\)$`));
    expect(body.name).toBe(THING.name);
    // the Thing is in the portal's registry under its code, with its place
    const [row] = await db().select().from(things).where(eq(things.id, thingId));
    expect(row!.code).toBe('STA-MAST-1');
    expect(row!.properties).toEqual({ owner: '省林业局' });
    const streams = (await admin.get<{ value: Entity[] }>(`/api/v1.1/Things(${thingId})/Datastreams?$expand=Sensor,ObservedProperty&$orderby=@iot.id`))
      .body as unknown as {
      value: Entity[];
    };
    expect(streams.value.map((d) => d.name)).toEqual(['风速', '状态']);
    expect(streams.value[0]!.unitOfMeasurement).toEqual(THING.Datastreams[0]!.unitOfMeasurement);
    expect((streams.value[0]!.ObservedProperty as Entity).definition).toBe(THING.Datastreams[0]!.ObservedProperty.definition);
    wind = streams.value[0]!['@iot.id'];
    status = streams.value[1]!['@iot.id'];
    const place = (await admin.get<{ value: Entity[] }>(`/api/v1.1/Things(${thingId})/HistoricalLocations`)).body as unknown as { value: Entity[] };
    expect(place.value).toHaveLength(1);
    expect(await countRows(db(), auditLog, eq(auditLog.action, 'datastream.create'))).toBeGreaterThanOrEqual(2);
  });

  it('stores Observations through the ingestion path: numbers on a measurement, any JSON elsewhere, a duplicate is 409', async () => {
    const number = await admin.post<Entity>(`/api/v1.1/Datastreams(${wind})/Observations`, { phenomenonTime: '2024-05-01T09:00:00+08:00', result: 6.5 });
    expect(number.status).toBe(201);
    const stored = number.body as unknown as Entity;
    expect(stored.result).toBe(6.5);
    expect(stored.phenomenonTime).toBe('2024-05-01T01:00:00.000Z');
    const [row] = await db().select().from(observations).where(eq(observations.id, stored['@iot.id']));
    expect(row!.result).toBe(6.5);

    const text = await admin.post<Entity>('/api/v1.1/Observations', {
      phenomenonTime: '2024-05-01T09:00:00+08:00',
      result: { state: 'ok', battery: 0.8 },
      Datastream: { '@iot.id': status },
    });
    expect(text.status).toBe(201);
    expect((text.body as unknown as Entity).result).toEqual({ state: 'ok', battery: 0.8 });

    const again = await admin.post(`/api/v1.1/Datastreams(${wind})/Observations`, { phenomenonTime: '2024-05-01T09:00:00+08:00', result: 7 });
    expect(again.status).toBe(409);
    const word = await admin.post<never>(`/api/v1.1/Datastreams(${wind})/Observations`, { phenomenonTime: '2024-05-01T09:10:00+08:00', result: 'calm' });
    expect(word.status).toBe(400);
    const farFuture = await admin.post<never>(`/api/v1.1/Datastreams(${wind})/Observations`, { phenomenonTime: '2150-01-01T00:00:00Z', result: 7 });
    expect(farFuture.status).toBe(400);
    expect(await countRows(db(), observations, eq(observations.datastreamId, wind))).toBe(1);
  });

  it('lets a device post Observations of its own Datastreams with its key, and nothing else', async () => {
    const { key } = dataOf(await admin.post<NewThingKey>(`/api/things/${thingId}/keys`));
    const device = new Browser(ctx.app);
    const auth = { headers: { authorization: `Bearer ${key}` } };
    const posted = await device.post(`/api/v1.0/Datastreams(${wind})/Observations`, { phenomenonTime: '2024-05-01T09:20:00+08:00', result: 8 }, auth);
    expect(posted.status).toBe(201);
    const [other] = await db()
      .select({ id: datastreams.id })
      .from(datastreams)
      .innerJoin(things, eq(things.id, datastreams.thingId))
      .where(eq(things.code, '1462A'));
    const foreign = await device.post(`/api/v1.0/Datastreams(${other!.id})/Observations`, { phenomenonTime: '2024-05-01T09:20:00+08:00', result: 8 }, auth);
    expect(foreign.status).toBe(403);
    const thing = await device.post('/api/v1.0/Things', { name: 'x', description: 'y' }, auth);
    expect(thing.status).toBe(403);
    const wrong = await device.post(`/api/v1.0/Datastreams(${wind})/Observations`, { result: 8 }, { headers: { authorization: 'Bearer tk_wrong' } });
    expect(wrong.status).toBe(401);

    // many at once as a data array: each row answered with its link, or "error" (here a repeat of 09:20)
    const many = await device.post(
      '/api/v1.1/CreateObservations',
      [
        {
          Datastream: { '@iot.id': wind },
          components: ['phenomenonTime', 'result'],
          'dataArray@iot.count': 3,
          dataArray: [
            ['2024-05-01T09:30:00+08:00', 9],
            ['2024-05-01T09:20:00+08:00', 8],
            ['2024-05-01T09:40:00+08:00', 10],
          ],
        },
      ],
      auth,
    );
    expect(many.status).toBe(201);
    const links = many.body as unknown as string[];
    expect(links[1]).toBe('error');
    expect(links[0]).toMatch(/\/api\/v1\.1\/Observations\(\d+\)$/);
    const third = await device.get(new URL(links[2]!).pathname);
    expect((third.body as unknown as Entity).result).toBe(10);
    const foreignArray = await device.post(
      '/api/v1.1/CreateObservations',
      [{ Datastream: { '@iot.id': other!.id }, components: ['result'], dataArray: [[1]] }],
      auth,
    );
    expect(foreignArray.status).toBe(403);
  });

  it('refuses anonymous writes, writes without the CSRF token, staff, and bad bodies, changing nothing', async () => {
    const before = await countRows(db(), things);
    const anonymous = await new Browser(ctx.app).post('/api/v1.1/Things', { name: 'x', description: 'y' });
    expect(anonymous.status).toBe(401);
    const noToken = await admin.post('/api/v1.1/Things', { name: 'x', description: 'y' }, { noCsrf: true });
    expect(noToken.status).toBe(403);
    expect((noToken.body as { errorCode: string }).errorCode).toBe('CSRF_REJECTED');
    const staff = (await signedInAs(ctx.app, db(), 'staff')).browser;
    expect((await staff.post('/api/v1.1/Things', { name: 'x', description: 'y' })).status).toBe(403);
    const cases: [unknown, string][] = [
      [{ name: 'x', description: 'y', colour: 'red' }, 'colour'],
      [{ name: 'x' }, 'description'],
      [
        {
          name: 'x',
          description: 'y',
          Locations: [{ name: 'l', description: 'd', encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [200, 10] } }],
        },
        'WGS-84',
      ],
      [{ name: 'x', description: 'y', Datastreams: [{ name: 'd', description: 'd', observationType: 'x', unitOfMeasurement: {} }] }, 'Sensor'],
      [{ '@iot.id': 5, name: 'x', description: 'y' }, '@iot.id'],
      // a deep insert whose Observation the ingestion rejects (before 2000) stores none of it
      [
        { ...THING, properties: {}, Datastreams: [{ ...THING.Datastreams[0], Observations: [{ phenomenonTime: '1999-12-31T00:00:00Z', result: 1 }] }] },
        'Observations[0]',
      ],
    ];
    const noSuchOrganisation = await admin.post<never>('/api/v1.1/Things', { name: 'x', description: 'y', properties: { organisationId: 999999 } });
    expect(noSuchOrganisation.status).toBe(404);
    for (const [body, mention] of cases) {
      const answer = await admin.post<never>('/api/v1.1/Things', body);
      expect({ mention, status: answer.status }).toEqual({ mention, status: 400 });
      expect((answer.body as unknown as { errorMessage: string }).errorMessage).toContain(mention);
    }
    // a form is no SensorThings body (an empty one, as some clients label a DELETE, is no body at all)
    const form = await admin.post('/api/v1.1/Things', 'name=x&description=y', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(await countRows(db(), things)).toBe(before);
  });

  it("keeps editors to their organisation: a city editor's Thing is the city's, and another's Thing is out of reach", async () => {
    const own = await cityEditor.post<Entity>('/api/v1.1/Things', { name: '西安市的杆', description: 'd' });
    expect(own.status).toBe(201);
    const [row] = await db()
      .select()
      .from(things)
      .where(eq(things.id, (own.body as unknown as Entity)['@iot.id']));
    expect(row!.organisationId).toBe(await organisationIdOf(db(), '6101'));
    const [province] = await db().select({ id: things.id }).from(things).where(eq(things.code, '1462A'));
    const renamed = await cityEditor.patch(`/api/v1.1/Things(${province!.id})`, { name: '改名' });
    expect(renamed.status).toBe(403);
    // taking another Thing's Location would leave that Thing without one: out of reach too
    const [stationLocation] = await db().select({ id: locations.id }).from(locations).where(eq(locations.thingId, province!.id));
    const ownId = (own.body as unknown as Entity)['@iot.id'];
    const taken = await cityEditor.patch(`/api/v1.1/Things(${ownId})`, { Locations: [{ '@iot.id': stationLocation!.id }] });
    expect(taken.status).toBe(403);
    expect((await db().select({ thingId: locations.thingId }).from(locations).where(eq(locations.id, stationLocation!.id)))[0]!.thingId).toBe(province!.id);
  });

  it('updates with PATCH: a new Location posted under the Thing moves it (a HistoricalLocation), an Observation changes in place', async () => {
    const newSite = { name: '新址', description: 'd', encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [109.1, 34.1] } };
    // an update links existing entities only (OGC 18-088 §10.3): a new Location inline is refused, nothing changes
    const inline = await admin.patch(`/api/v1.1/Things(${thingId})`, { name: '秦岭北麓气象杆（迁移）', Locations: [newSite] });
    expect(inline.status).toBe(400);
    expect((await admin.get<Entity>(`/api/v1.1/Things(${thingId})`)).body).toMatchObject({ name: THING.name });
    const located = await admin.post<Entity>(`/api/v1.1/Things(${thingId})/Locations`, newSite);
    expect(located.status).toBe(201);
    const moved = await admin.patch<Entity>(`/api/v1.1/Things(${thingId})`, { name: '秦岭北麓气象杆（迁移）' });
    expect(moved.status).toBe(200);
    expect((moved.body as unknown as Entity).name).toBe('秦岭北麓气象杆（迁移）');
    const history = (await admin.get(`/api/v1.1/Things(${thingId})/HistoricalLocations?$count=true`)).body as unknown as Entity;
    expect(history['@iot.count']).toBe(2);
    const [observation] = await db().select({ id: observations.id }).from(observations).where(eq(observations.datastreamId, wind));
    const changed = await admin.patch<Entity>(`/api/v1.1/Observations(${observation!.id})`, { result: 9.5 });
    expect((changed.body as unknown as Entity).result).toBe(9.5);
    const word = await admin.patch(`/api/v1.1/Observations(${observation!.id})`, { result: 'calm' });
    expect(word.status).toBe(400);
    expect((await db().select().from(observations).where(eq(observations.id, observation!.id)))[0]!.result).toBe(9.5);
  });

  it('deletes with the integrity rules: a Datastream takes its Observations, a Thing leaves its Locations', async () => {
    expect((await admin.delete(`/api/v1.1/Datastreams(${status})`)).status).toBe(200);
    expect(await countRows(db(), observations, eq(observations.datastreamId, status))).toBe(0);
    const kept = await db().select({ id: locations.id }).from(locations).where(eq(locations.thingId, thingId));
    expect((await admin.delete(`/api/v1.1/Things(${thingId})`)).status).toBe(200);
    expect((await admin.get(`/api/v1.1/Things(${thingId})`)).status).toBe(404);
    expect((await admin.get(`/api/v1.1/Locations(${kept[0]!.id})`)).status).toBe(200);
    expect(await countRows(db(), datastreams, eq(datastreams.thingId, thingId))).toBe(0);
  });

  it('deletes an ObservedProperty with the Datastreams using it and the alert rules on it, audited', async () => {
    const posted = await admin.post('/api/v1.1/ObservedProperties', {
      name: '土壤含水量',
      definition: 'https://example.org/soil-moisture',
      description: '体积含水量',
    });
    expect(posted.status).toBe(201);
    const id = (JSON.parse(posted.raw) as Entity)['@iot.id'];
    const code = `sta_${id}`;
    const rule = await admin.post('/api/sensing/alert-rules', { kind: 'threshold', name: '土壤过干', observedProperty: code, comparator: '<', threshold: 5 });
    expect(rule.status).toBe(201);
    expect((await admin.delete(`/api/v1.1/ObservedProperties(${id})`)).status).toBe(200);
    expect((await admin.get(`/api/v1.1/ObservedProperties(${id})`)).status).toBe(404);
    expect(await countRows(db(), alertRules, eq(alertRules.observedPropertyCode, code))).toBe(0);
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, 'alert_rule.delete'));
    expect(audited).toMatchObject({ entityType: 'alert_rule', before: { name: '土壤过干', observedProperty: code } });
  });
});
