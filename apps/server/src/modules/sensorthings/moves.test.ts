/**
 * A Thing that moves, as the SensorThings API shows it (OGC 18-088 §8.2.3; docs/sensorthings.md
 * §Model): moving a device in the registry gives it a new Location and a HistoricalLocation, its
 * old Location stays with the history, and its earlier Observations keep observing the feature of
 * the place they were made at.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewThingKey, ThingDetail } from '@eco/contracts/sensing';
import { datastreams } from '../../db/schema';
import { type Browser, signedInAs } from '../../test/browser';
import { dataOf, useTestApp } from '../../test/test-app';

type Entity = Record<string, unknown> & { '@iot.id': number };

describe('SensorThings: a Thing that moves', () => {
  const ctx = useTestApp({ loaded: true, now: () => new Date('2024-05-01T10:00:00+08:00') });
  const db = () => ctx.database.db;
  let admin: Browser;
  const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json() as { value: Entity[] } & Entity;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
  });

  it('keeps where it was: a new Location and a HistoricalLocation per move, old Observations on the old feature', async () => {
    const thing = dataOf(
      await admin.post<ThingDetail>('/api/things', {
        code: 'MAST-MOVE-1',
        kind: 'sensor_mast',
        name: '移动测试杆',
        organisationId: null,
        status: 'active',
        longitude: 108.94,
        latitude: 34.26,
      }),
    ).thing;
    const [stream] = await db().insert(datastreams).values({ thingId: thing.id, observedPropertyCode: 'wind_speed' }).returning({ id: datastreams.id });
    const { key } = dataOf(await admin.post<NewThingKey>(`/api/things/${thing.id}/keys`));
    const push = (time: string, result: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/sensing/observations',
        headers: { authorization: `Bearer ${key}` },
        payload: { observations: [{ datastreamId: stream!.id, phenomenonTime: time, result }] },
      });
    expect((await push('2024-05-01T09:00:00+08:00', 3)).statusCode).toBe(200);
    const before = await get(`/api/v1.1/Things(${thing.id})/Locations`);
    const [firstFeature] = (await get(`/api/v1.1/Datastreams(${stream!.id})/Observations?$expand=FeatureOfInterest`)).value.map(
      (o) => o.FeatureOfInterest as Entity,
    );

    expect((await admin.patch(`/api/things/${thing.id}`, { longitude: 109.5, latitude: 34.5 })).status).toBe(200);
    expect((await push('2024-05-01T09:30:00+08:00', 4)).statusCode).toBe(200);

    const now = (await get(`/api/v1.1/Things(${thing.id})/Locations`)).value;
    expect(now).toHaveLength(1);
    expect(now[0]!['@iot.id']).not.toBe(before.value[0]!['@iot.id']);
    expect((now[0]!.location as { coordinates: number[] }).coordinates).toEqual([109.5, 34.5]);
    const history = (await get(`/api/v1.1/Things(${thing.id})/HistoricalLocations?$orderby=time&$expand=Locations`)).value;
    expect(history.map((h) => (h.Locations as Entity[])[0]!['@iot.id'])).toEqual([before.value[0]!['@iot.id'], now[0]!['@iot.id']]);
    // the old Location is still there, with no Thing
    expect((await get(`/api/v1.1/Locations(${before.value[0]!['@iot.id']})/Things`)).value).toEqual([]);

    const observed = (await get(`/api/v1.1/Datastreams(${stream!.id})/Observations?$orderby=phenomenonTime&$expand=FeatureOfInterest`)).value;
    expect(observed.map((o) => o.result)).toEqual([3, 4]);
    expect((observed[0]!.FeatureOfInterest as Entity)['@iot.id']).toBe(firstFeature!['@iot.id']);
    expect((observed[1]!.FeatureOfInterest as Entity)['@iot.id']).not.toBe(firstFeature!['@iot.id']);
    expect(((observed[1]!.FeatureOfInterest as Entity).feature as { coordinates: number[] }).coordinates).toEqual([109.5, 34.5]);
  });

  it('changes nothing of the kind when a Thing is saved at the same point', async () => {
    const [thing] = (await get(`/api/v1.1/Things?$filter=properties/code eq 'MAST-MOVE-1'`)).value;
    const count = (await get(`/api/v1.1/Things(${thing!['@iot.id']})/HistoricalLocations?$count=true`))['@iot.count'];
    expect((await admin.patch(`/api/things/${thing!['@iot.id']}`, { name: '移动测试杆（改名）', longitude: 109.5, latitude: 34.5 })).status).toBe(200);
    expect((await get(`/api/v1.1/Things(${thing!['@iot.id']})/HistoricalLocations?$count=true`))['@iot.count']).toBe(count);
  });
});
