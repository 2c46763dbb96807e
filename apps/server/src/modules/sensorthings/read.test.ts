/**
 * The SensorThings read side as a standard client sees it (OGC 18-088 conformance class Sensing
 * Core and the query options of class Filtering, docs/sensorthings.md): the service roots, every
 * entity set over the bundled CNEMC stations (no copy: the portal's own ids), navigation and
 * nested paths, `$value` and `$ref`, paging with `@iot.nextLink`, `$count`, `$select`,
 * `$orderby`, `$filter`, nested `$expand`, `$resultFormat=dataArray`, and what is refused.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { datastreams, observations, things } from '../../db/schema';
import { useTestApp } from '../../test/test-app';

type Entity = Record<string, unknown> & { '@iot.id': number };
interface Collection {
  value: Entity[];
  '@iot.count'?: number;
  '@iot.nextLink'?: string;
}

describe('SensorThings: reading', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  /** A GET as a standard client sends it: the status and the parsed JSON (the standard's, or the error envelope). */
  const get = async <T = Collection>(url: string): Promise<{ status: number; body: T }> => {
    const response = await ctx.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as T };
  };
  let station: { id: number; name: string };
  let pm25: number;

  beforeAll(async () => {
    const [s] = await db().select({ id: things.id, name: things.name }).from(things).where(eq(things.code, '1462A'));
    station = s!;
    const [d] = await db().select({ id: datastreams.id }).from(datastreams).where(eq(datastreams.thingId, station.id));
    const streams = await db().select().from(datastreams).where(eq(datastreams.thingId, station.id));
    pm25 = streams.find((r) => r.observedPropertyCode === 'pm2_5')!.id;
    expect(d).toBeDefined();
  });

  it("reaches every related entity of the bundled data: a station's Datastream has its Sensor, the network's monitors", async () => {
    const sensor = await get<Record<string, unknown>>(`/api/v1.0/Datastreams(${pm25})/Sensor`);
    expect(sensor.status).toBe(200);
    expect(sensor.body).toMatchObject({ name: '国控环境空气质量自动监测系统', encodingType: 'text/plain' });
    const datastreams = await get(`/api/v1.0/Sensors(${sensor.body['@iot.id']})/Datastreams?$count=true&$top=1`);
    // 55 stations, each with its pollutants and AQI
    expect((datastreams.body as unknown as { '@iot.count': number })['@iot.count']).toBeGreaterThanOrEqual(55);
  });

  it('serves both service roots; v1.1 lists the conformance classes it meets', async () => {
    const v11 = await get<{ value: { name: string; url: string }[]; serverSettings: { conformance: string[] } }>('/api/v1.1');
    expect(v11.status).toBe(200);
    expect(v11.body.value.map((v) => v.name)).toEqual([
      'Things',
      'Locations',
      'HistoricalLocations',
      'Datastreams',
      'Sensors',
      'ObservedProperties',
      'Observations',
      'FeaturesOfInterest',
    ]);
    expect(v11.body.value[0]!.url).toMatch(/^http:\/\/[^/]+\/api\/v1\.1\/Things$/);
    expect(v11.body.serverSettings.conformance).toContain('http://www.opengis.net/spec/iot_sensing/1.1/req/datamodel');
    expect(v11.body.serverSettings.conformance).toContain('http://www.opengis.net/spec/iot_sensing/1.1/req/create-update-delete');
    const v10 = await get<Record<string, unknown>>('/api/v1.0');
    expect(v10.status).toBe(200);
    expect(v10.body).not.toHaveProperty('serverSettings');
  });

  it("shows a station as a Thing under the portal's own id, with its links, Location and Datastreams", async () => {
    const thing = await get<Entity>(`/api/v1.1/Things(${station.id})`);
    expect(thing.status).toBe(200);
    expect(thing.body['@iot.id']).toBe(station.id);
    expect(thing.body.name).toBe(station.name);
    expect(thing.body['@iot.selfLink']).toMatch(new RegExp(`/api/v1\\.1/Things\\(${station.id}\\)$`));
    expect(thing.body['Datastreams@iot.navigationLink']).toMatch(new RegExp(`/Things\\(${station.id}\\)/Datastreams$`));
    expect((thing.body.properties as Record<string, unknown>).code).toBe('1462A');

    const places = await get(`/api/v1.1/Things(${station.id})/Locations`);
    expect(places.body.value).toHaveLength(1);
    const place = places.body.value[0]!;
    expect(place.encodingType).toBe('application/geo+json');
    expect((place.location as { type: string; coordinates: number[] }).type).toBe('Point');

    const history = await get(`/api/v1.1/Things(${station.id})/HistoricalLocations?$expand=Locations`);
    expect(history.body.value).toHaveLength(1);
    expect((history.body.value[0]!.Locations as Entity[])[0]!['@iot.id']).toBe(place['@iot.id']);

    const streams = await get(`/api/v1.1/Things(${station.id})/Datastreams?$count=true&$top=2`);
    expect(streams.body['@iot.count']).toBe((await db().select().from(datastreams).where(eq(datastreams.thingId, station.id))).length);
    expect(streams.body.value).toHaveLength(2);
    expect(streams.body['@iot.nextLink']).toContain('%24skip=2');
  });

  it('serves a Datastream with its UCUM unit, its ObservedProperty, and its Observations newest first', async () => {
    const stream = await get<Entity>(`/api/v1.1/Datastreams(${pm25})?$expand=ObservedProperty,Thing($select=name)`);
    expect(stream.status).toBe(200);
    expect(stream.body.unitOfMeasurement).toEqual({ name: 'microgram per cubic metre', symbol: 'ug/m3', definition: 'http://unitsofmeasure.org/ucum.html' });
    expect(stream.body.observationType).toBe('http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement');
    expect(stream.body.phenomenonTime).toMatch(/^2023-01-\d\dT\d\d:00:00\.000Z\/2023-01-\d\dT\d\d:00:00\.000Z$/);
    expect((stream.body.ObservedProperty as Entity).name).toBe('PM2.5');
    expect(stream.body.Thing).toEqual({ name: station.name });

    const newest = await get(`/api/v1.1/Datastreams(${pm25})/Observations?$orderby=phenomenonTime desc&$top=1`);
    const [latest] = await db().select().from(observations).where(eq(observations.datastreamId, pm25)).orderBy(observations.phenomenonTime);
    expect(newest.body.value).toHaveLength(1);
    const observation = newest.body.value[0]!;
    expect(observation.result).toEqual(expect.any(Number));
    expect(new Date(observation.phenomenonTime as string).getTime()).toBeGreaterThan(latest!.phenomenonTime.getTime());
    // the Observation's own id is its id in the portal, and it has a FeatureOfInterest (its station's Location)
    const foi = await get<Entity>(`/api/v1.1/Observations(${observation['@iot.id']})/FeatureOfInterest`);
    expect(foi.status).toBe(200);
    expect((foi.body.feature as { type: string }).type).toBe('Point');
  });

  it('filters with comparison, logical, arithmetic, string and date functions and through navigation to one', async () => {
    const high = await get(
      `/api/v1.1/Observations?$filter=${encodeURIComponent("Datastream/ObservedProperty/properties/code eq 'pm2_5' and result gt 200 and hour(phenomenonTime) eq 0")}&$count=true&$top=5`,
    );
    expect(high.status).toBe(200);
    expect(high.body['@iot.count']).toBeGreaterThan(0);
    for (const o of high.body.value) {
      expect(o.result as number).toBeGreaterThan(200);
      expect(new Date(o.phenomenonTime as string).getUTCHours()).toBe(0);
    }
    const byName = await get(
      `/api/v1.1/Things?$filter=${encodeURIComponent(`startswith(name, '${station.name.slice(0, 2)}') and not (properties/kind ne 'air_quality_station')`)}&$select=name`,
    );
    expect(byName.body.value.length).toBeGreaterThan(0);
    expect(byName.body.value.every((t) => (t.name as string).startsWith(station.name.slice(0, 2)))).toBe(true);
    expect(Object.keys(byName.body.value[0]!)).toEqual(['name']);
    const maths = await get(
      `/api/v1.1/Observations?$filter=${encodeURIComponent(`Datastream/@iot.id eq ${pm25} and result mul 2 sub 10 ge 100 and round(result) eq result`)}&$top=3`,
    );
    expect(maths.status).toBe(200);
    for (const o of maths.body.value) expect((o.result as number) * 2 - 10).toBeGreaterThanOrEqual(100);
    const since = await get(`/api/v1.1/Datastreams(${pm25})/Observations?$filter=phenomenonTime ge 2023-01-21T12:00:00+08:00&$orderby=phenomenonTime&$top=1`);
    expect(since.body.value[0]!.phenomenonTime).toBe('2023-01-21T04:00:00.000Z');
    // as a form encoder (the OGC's test suite) writes them: a `+` inside a quoted string is a space, `%2B` a plus
    const plus = await get(`/api/v1.1/Things?$filter=concat('a+b',%20'')%20eq%20'a%20b'%20and%20indexof('a%2Bb',%20'%2B')%20eq%201&$top=1`);
    expect(plus.body.value).toHaveLength(1);
  });

  it('pages with $top and $skip, answers $ref links, $value text and data arrays', async () => {
    const first = await get(`/api/v1.1/Things?$top=3&$orderby=@iot.id`);
    expect(first.body.value).toHaveLength(3);
    const next = await get(new URL(first.body['@iot.nextLink']!).pathname + new URL(first.body['@iot.nextLink']!).search);
    expect(next.body.value[0]!['@iot.id']).toBeGreaterThan(first.body.value[2]!['@iot.id']);

    const refs = await get(`/api/v1.1/Things(${station.id})/Datastreams/$ref?$top=1`);
    expect(Object.keys(refs.body.value[0]!)).toEqual(['@iot.selfLink']);
    const name = await ctx.app.inject({ method: 'GET', url: `/api/v1.1/Things(${station.id})/name/$value` });
    expect(name.headers['content-type']).toMatch(/^text\/plain/);
    expect(name.body).toBe(station.name);

    const arrays = await get<{ value: { components: string[]; dataArray: unknown[][]; 'dataArray@iot.count': number }[] }>(
      `/api/v1.1/Datastreams(${pm25})/Observations?$resultFormat=dataArray&$select=id,phenomenonTime,result&$top=4`,
    );
    expect(arrays.body.value).toHaveLength(1);
    expect(arrays.body.value[0]!.components).toEqual(['id', 'phenomenonTime', 'result']);
    expect(arrays.body.value[0]!['dataArray@iot.count']).toBe(4);
  });

  it('refuses what it does not support or cannot find, with a clear 400 or 404, never ignoring an option', async () => {
    const refused: [string, number, string][] = [
      ['/api/v1.1/Things?$search=x', 400, '$search'],
      ['/api/v1.1/Things?$top=100000', 400, '$top'],
      ['/api/v1.1/Things?$filter=name eq', 400, '$filter'],
      ['/api/v1.1/Things?$filter=nosuch eq 1', 400, 'nosuch'],
      ['/api/v1.1/Things?$select=nosuch', 400, 'nosuch'],
      ['/api/v1.1/Things?$expand=Observations', 400, 'Observations'],
      ['/api/v1.1/Things?$filter=Datastreams/name eq 1', 400, 'Datastreams'],
      ['/api/v1.1/Things?$resultFormat=dataArray', 400, 'Observations'],
      [`/api/v1.1/Things(${station.id})?$top=1`, 400, '$top'],
      ['/api/v1.1/Observations?$filter=result mul 1e300 mul 1e300 gt 1', 400, 'filter'],
      ['/api/v1.1/Things(999999)', 404, 'Things(999999)'],
      ['/api/v1.1/Things(abc)', 404, '@iot.id'],
      ['/api/v1.1/Nothing', 404, 'Nothing'],
      [`/api/v1.1/Things(${station.id})/Nothing`, 404, 'Nothing'],
    ];
    for (const [url, status, mention] of refused) {
      const answer = await get<{ errorCode: string; errorMessage: string }>(url);
      expect({ url, status: answer.status }).toEqual({ url, status });
      expect(answer.body.errorCode).toBe(status === 400 ? 'STA_QUERY_INVALID' : 'STA_ENTITY_NOT_FOUND');
      expect(answer.body.errorMessage).toContain(mention);
    }
  });
});
