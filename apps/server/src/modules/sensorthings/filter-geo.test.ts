/**
 * The geospatial functions of `$filter` and `$orderby` (OGC 18-088 §9.3.3.5.2; docs/sensorthings.md
 * §Reading) over the bundled CNEMC stations, on PostGIS: which Locations, FeaturesOfInterest and
 * Observations a polygon or a distance picks, in degrees on WGS-84; what is refused with 400; and
 * a database without PostGIS, which serves everything else and refuses geospatial filters.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { datastreams, featuresOfInterest, locations, observations, things } from '../../db/schema';
import { useTestApp } from '../../test/test-app';

type Entity = Record<string, unknown> & { '@iot.id': number };
interface Collection {
  value: Entity[];
  '@iot.count'?: number;
}
interface Refusal {
  errorCode: string;
  errorMessage: string;
}

/** The four stations of 榆林市 (data/cnemc-shaanxi-stations.csv), and a rectangle around them and nothing else. */
const YULIN = ['2638A', '2639A', '2640A', '2641A'];
const AROUND_YULIN = "geography'POLYGON((109.7 38.2, 109.8 38.2, 109.8 38.4, 109.7 38.4, 109.7 38.2))'";
/** 高压开关厂 (1462A) in 西安市; the nearest other station, 高新西区 (1467A), is 0.044° away (108.8922 34.2322). */
const KAIGUANCHANG = "geography'POINT(108.882 34.2749)'";

describe('SensorThings: geospatial functions on PostGIS', () => {
  const ctx = useTestApp({ loaded: true, postgis: true });
  const db = () => ctx.database.db;
  const get = async <T = Collection>(path: string, filter?: string, more = ''): Promise<{ status: number; body: T }> => {
    const query = filter === undefined ? more : `$filter=${encodeURIComponent(filter)}${more && `&${more}`}`;
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1.1/${path}${query && `?${query}`}` });
    return { status: response.statusCode, body: response.json() as T };
  };
  const locationOf = async (codes: string[]) =>
    (await db().select({ id: locations.id }).from(locations).innerJoin(things, eq(things.id, locations.thingId)).where(inArray(things.code, codes)))
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const ids = (entities: Entity[]) => entities.map((e) => e['@iot.id']).sort((a, b) => a - b);
  let yulinLocations: number[];

  beforeAll(async () => {
    yulinLocations = await locationOf(YULIN);
    expect(yulinLocations).toHaveLength(4);
  });

  it('st_within on Locations returns exactly the stations inside the polygon', async () => {
    const inside = await get('Locations', `st_within(location, ${AROUND_YULIN})`, '$count=true');
    expect(inside.status).toBe(200);
    expect(inside.body['@iot.count']).toBe(4);
    expect(ids(inside.body.value)).toEqual(yulinLocations);
    // the same with the other functions that say "inside", and a geometry'…' literal
    for (const filter of [
      `st_contains(${AROUND_YULIN}, location)`,
      `geo.intersects(location, ${AROUND_YULIN})`,
      `st_intersects(location, ${AROUND_YULIN.replace('geography', 'geometry')})`,
      `st_relate(location, ${AROUND_YULIN}, 'T*F**F***')`,
    ]) {
      const answer = await get('Locations', filter);
      expect({ filter, status: answer.status, ids: ids(answer.body.value) }).toEqual({ filter, status: 200, ids: yulinLocations });
    }
    const outside = await get('Locations', `st_disjoint(location, ${AROUND_YULIN})`, '$count=true&$top=1');
    const all = await get('Locations', undefined, '$count=true&$top=1');
    expect(outside.body['@iot.count']).toBe(all.body['@iot.count']! - 4);
    // and on the v1.0 root (OGC 15-078r6 has the same functions)
    const v10 = await ctx.app.inject({ method: 'GET', url: `/api/v1.0/Locations?$filter=${encodeURIComponent(`st_within(location, ${AROUND_YULIN})`)}` });
    expect(v10.statusCode).toBe(200);
    expect(ids((v10.json() as Collection).value)).toEqual(yulinLocations);
  });

  it('geo.distance is in degrees: lt picks the stations that near a point, and it orders by nearness', async () => {
    const near = await get('Locations', `geo.distance(location, ${KAIGUANCHANG}) lt 0.05`);
    expect(near.status).toBe(200);
    expect(ids(near.body.value)).toEqual(await locationOf(['1462A', '1467A']));
    const nearer = await get('Locations', `geo.distance(location, ${KAIGUANCHANG}) lt 0.04`);
    expect(ids(nearer.body.value)).toEqual(await locationOf(['1462A']));

    const nearest = await get('Locations', undefined, `$orderby=${encodeURIComponent(`geo.distance(location, ${KAIGUANCHANG})`)}&$top=2&$select=id`);
    expect(nearest.status).toBe(200);
    expect(nearest.body.value.map((e) => e['@iot.id'])).toEqual([...(await locationOf(['1462A'])), ...(await locationOf(['1467A']))]);
    // √(0.0102² + 0.0427²) = 0.0439…°
    const exact = await get('Locations', `geo.distance(location, ${KAIGUANCHANG}) gt 0.0439 and geo.distance(location, ${KAIGUANCHANG}) lt 0.044`);
    expect(ids(exact.body.value)).toEqual(await locationOf(['1467A']));
  });

  it('geo.length measures a line in degrees', async () => {
    // 3 east and 4 north: 5 degrees
    const length = await get('Locations', "geo.length(geography'LINESTRING(100 30, 103 34)') eq 5", '$count=true&$top=0');
    expect(length.status).toBe(200);
    expect(length.body['@iot.count']).toBeGreaterThan(0);
    const points = await get('Locations', 'geo.length(location) gt 0', '$count=true&$top=0');
    expect(points.body['@iot.count']).toBe(0);
  });

  it('geo.intersects picks FeaturesOfInterest by their feature', async () => {
    const answer = await get('FeaturesOfInterest', `geo.intersects(feature, ${AROUND_YULIN})`);
    expect(answer.status).toBe(200);
    const expected = (await db().select({ id: featuresOfInterest.id }).from(featuresOfInterest).where(inArray(featuresOfInterest.locationId, yulinLocations)))
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(expected).toHaveLength(4);
    expect(ids(answer.body.value)).toEqual(expected);
    for (const foi of answer.body.value) expect((foi.feature as { type: string }).type).toBe('Point');
  });

  it('filters Observations by the feature of their FeatureOfInterest', async () => {
    const [counted] = await db()
      .select({ n: count() })
      .from(observations)
      .innerJoin(datastreams, eq(datastreams.id, observations.datastreamId))
      .innerJoin(things, eq(things.id, datastreams.thingId))
      .where(inArray(things.code, YULIN));
    const expected = Number(counted!.n);
    expect(expected).toBeGreaterThan(0);
    const answer = await get<Collection>(
      'Observations',
      `st_within(FeatureOfInterest/feature, ${AROUND_YULIN})`,
      '$count=true&$top=20&$expand=Datastream($select=id;$expand=Thing($select=properties))',
    );
    expect(answer.status).toBe(200);
    expect(answer.body['@iot.count']).toBe(expected);
    expect(answer.body.value).toHaveLength(20);
    for (const o of answer.body.value) {
      const thing = (o.Datastream as { Thing: { properties: { code: string } } }).Thing;
      expect(YULIN).toContain(thing.properties.code);
    }
    // inside $expand too
    const thing = await db().select({ id: things.id }).from(things).where(eq(things.code, '2638A'));
    const streams = await get<Entity>(
      `Things(${thing[0]!.id})`,
      undefined,
      `$expand=${encodeURIComponent(`Datastreams($top=1;$expand=Observations($top=1;$filter=st_within(FeatureOfInterest/feature, ${AROUND_YULIN})))`)}`,
    );
    expect(streams.status).toBe(200);
    expect(((streams.body.Datastreams as Entity[])[0]!.Observations as Entity[]).length).toBe(1);
  });

  it('refuses a malformed or unusable geometry, an unknown function and misuse with 400 naming the problem, never a 500', async () => {
    const refused: [string, string][] = [
      ["st_within(location, geography'POLYGON((1 2, 3 4'))", `"geography'POLYGON((1 2, 3 4'" is not valid WKT`],
      ["st_within(location, geography'POLYGON((109.7 38.2, 109.8 38.2, 109.8 38.4))')", 'polygon ring of fewer than 4 positions'],
      ["st_within(location, geography'POLYGON((109.7 38.2, 109.8 38.2, 109.8 38.4, 109.7 38.4))')", 'polygon ring that does not close'],
      ["st_within(location, geography'POINT(38.2 109.7)')", 'outside longitude −180…180, latitude −90…90'],
      ["st_within(location, geography'SRID=3857;POINT(1 2)')", 'only 4326 (WGS-84)'],
      ["geo.within(location, geography'POINT(1 2)')", 'unknown function "geo.within"'],
      ['st_within(location)', '"st_within" takes 2 arguments but was given 1'],
      ["st_within(name, geography'POINT(1 2)')", 'st_within() needs a geometry'],
      ["st_relate(location, geography'POINT(1 2)', 'T**')", 'DE-9IM pattern'],
      ["st_relate(location, geography'POINT(1 2)', name)", 'DE-9IM pattern'],
      ["location eq geography'POINT(108.882 34.2749)'", 'use st_equals()'],
      ["geo.distance(location, geography'POINT(1 2)')", 'needs a condition, got a number'],
      ["st_within(location, geography'POINT(1 2)') gt 1", 'cannot compare a boolean with a number'],
    ];
    for (const [filter, mention] of refused) {
      const answer = await get<Refusal>('Locations', filter);
      expect({ filter, status: answer.status, errorCode: answer.body.errorCode }).toEqual({ filter, status: 400, errorCode: 'STA_QUERY_INVALID' });
      expect(answer.body.errorMessage).toContain(mention);
    }
    // a geometry reached through navigation has no order (a Location's own location orders by its JSON text)
    const order = await get<Refusal>('Observations', undefined, '$orderby=FeatureOfInterest/feature');
    expect(order.status).toBe(400);
    expect(order.body.errorMessage).toContain('$orderby: a geometry has no order');
  });

  it('compares a geometry with null without PostGIS functions', async () => {
    const answer = await get('Locations', 'location eq null', '$count=true&$top=0');
    expect(answer.status).toBe(200);
    expect(answer.body['@iot.count']).toBe(0);
  });
});

describe('SensorThings: a database without PostGIS', () => {
  const ctx = useTestApp();

  beforeAll(async () => {
    // PGlite opens without it in tests; a PostgreSQL test database has it wherever the server does
    await ctx.database.db.execute(sql`drop extension if exists postgis`);
  });

  it('serves and filters as before, and refuses a geospatial filter with 400 saying PostGIS is missing', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: `/api/v1.1/Locations?$filter=${encodeURIComponent("name eq 'x' and location eq null")}` });
    expect(plain.statusCode).toBe(200);
    for (const query of [
      `$filter=${encodeURIComponent(`st_within(location, ${AROUND_YULIN})`)}`,
      `$orderby=${encodeURIComponent(`geo.distance(location, ${KAIGUANCHANG})`)}`,
    ]) {
      const geo = await ctx.app.inject({ method: 'GET', url: `/api/v1.1/Locations?${query}` });
      expect(geo.statusCode).toBe(400);
      const body = geo.json() as Refusal;
      expect(body.errorCode).toBe('STA_QUERY_INVALID');
      expect(body.errorMessage).toContain('the database has no PostGIS');
    }
  });
});
