/**
 * The SensorThings MQTT extension as devices and subscribers meet it (OGC 18-088 §14;
 * docs/sensorthings.md §MQTT), with mqtt.js and with Debian's `mosquitto_pub`/`mosquitto_sub`
 * (package mosquitto-clients) as real external clients: a device's Observation stored before its
 * PUBACK, subscribers receiving what was stored (also from an HTTP push) with `$select`, and what
 * is refused — a wrong key, another Thing's Datastream, an anonymous publish, a topic that is no
 * SensorThings resource. Every broker listens on a free port of 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, type OnTestFinishedHandler } from 'vitest';
import type { IngestResult, NewThingKey } from '@eco/contracts/sensing';
import type { Db } from '../../../db/client';
import { datastreams, observations, things } from '../../../db/schema';
import { SensingBus } from '../../sensing/events';
import { Browser, OWN_ORIGIN, signedInAs } from '../../../test/browser';
import { runProgram } from '../../../test/child-process';
import { dataOf, useTestApp } from '../../../test/test-app';
import { createMqttBroker, type MqttBroker } from './broker';

/** The pinned clock: the evening after the bundled hours (2023-01-20/21). */
const NOW = new Date('2023-01-22T20:00:00+08:00');

type Entity = Record<string, unknown>;

for (const program of ['mosquitto_pub', 'mosquitto_sub']) {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`]);
  } catch {
    throw new Error(`${program} is not installed: it is in Debian's package mosquitto-clients (.ci/run installs it)`);
  }
}

/** `db`, each of whose transactions first awaits `before()`. */
function withGate(db: Db, before: () => Promise<void>): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          await before();
          return target.transaction(...args);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('SensorThings MQTT', () => {
  const bus = new SensingBus();
  const ctx = useTestApp({ loaded: true, now: () => NOW, sensingBus: bus });
  const db = () => ctx.database.db;
  /** what the broker logged */
  const logged: string[] = [];
  let broker: MqttBroker;
  let port: number;
  let station: { id: number; code: string };
  let other: { id: number; code: string };
  let pm25: number;
  let no2: number;
  let otherPm25: number;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    const admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    [station] = await db().select({ id: things.id, code: things.code }).from(things).where(eq(things.code, '1462A'));
    [other] = await db().select({ id: things.id, code: things.code }).from(things).where(eq(things.code, '1463A'));
    const streamOf = async (thingId: number, property: string) => {
      const [row] = await db()
        .select({ id: datastreams.id })
        .from(datastreams)
        .where(and(eq(datastreams.thingId, thingId), eq(datastreams.observedPropertyCode, property)));
      return row!.id;
    };
    pm25 = await streamOf(station!.id, 'pm2_5');
    no2 = await streamOf(station!.id, 'no2');
    otherPm25 = await streamOf(other!.id, 'pm2_5');
    key = dataOf(await admin.post<NewThingKey>(`/api/things/${station!.id}/keys`)).key;
    otherKey = dataOf(await admin.post<NewThingKey>(`/api/things/${other!.id}/keys`)).key;
    broker = await createMqttBroker({
      db: db(),
      bus,
      now: () => NOW,
      // what app.inject's requests see, so messages can be compared with GET answers
      portalUrl: OWN_ORIGIN,
      log: { warn: (line) => logged.push(line), error: (line, error) => logged.push(`${line}: ${error}`) },
    });
    port = await broker.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await broker?.close();
  });

  /** An mqtt.js client (no reconnecting), ended when the test finishes. */
  async function connect(onTestFinished: (fn: OnTestFinishedHandler) => void, credentials: { username?: string; password?: string } = {}): Promise<MqttClient> {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 120_000, ...credentials });
    onTestFinished(() => client.endAsync(true));
    return client;
  }

  const device = (onTestFinished: (fn: OnTestFinishedHandler) => void) => connect(onTestFinished, { username: String(station.id), password: key });

  /** The SUBACK's return code per topic: the QoS granted, or 128 (0x80) for a refused subscription. */
  async function subscribeCodes(client: MqttClient, topics: string[]): Promise<number[]> {
    try {
      return (await client.subscribeAsync(topics)).map((grant) => grant.qos);
    } catch (error) {
      // mqtt.js rejects a SUBACK with any refusal, carrying the packet
      const packet = (error as { packet?: { granted: number[] } }).packet;
      if (!packet) throw error;
      return packet.granted;
    }
  }

  /** The next message on `topic`, parsed. */
  function nextMessage(client: MqttClient, topic: string): Promise<Entity> {
    return new Promise((resolve) => {
      const listener = (received: string, payload: Buffer) => {
        if (received !== topic) return;
        client.off('message', listener);
        resolve(JSON.parse(payload.toString('utf8')) as Entity);
      };
      client.on('message', listener);
    });
  }

  /** The Observations stored at `time` on `datastreamId`. */
  async function storedAt(datastreamId: number, time: string) {
    return db()
      .select({ id: observations.id, result: observations.result })
      .from(observations)
      .where(and(eq(observations.datastreamId, datastreamId), eq(observations.phenomenonTime, new Date(time))));
  }

  async function observationCount(): Promise<number> {
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(observations);
    return row!.n;
  }

  /** Resolves when the broker has logged a line matching `re` (it logs every publish it drops). */
  const logLine = (re: RegExp) => expect.poll(() => logged.find((line) => re.test(line))).toBeDefined();

  describe('creating Observations by publishing', () => {
    it('stores a QoS 1 Observation before its PUBACK: the row is there when the acknowledgement arrives', async ({ onTestFinished }) => {
      const client = await device(onTestFinished);
      const time = '2023-01-22T19:05:00+08:00';
      expect(await storedAt(pm25, time)).toEqual([]);
      await client.publishAsync(`v1.1/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: time, result: 35.5, resultQuality: 'valid' }), {
        qos: 1,
      });
      const rows = await storedAt(pm25, time);
      expect(rows.map((r) => r.result)).toEqual([35.5]);
      // the same instant again is a duplicate: acknowledged (it is stored), not a second row
      await client.publishAsync(`v1.0/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: time, result: 99 }), { qos: 1 });
      expect((await storedAt(pm25, time)).map((r) => r.result)).toEqual([35.5]);
    });

    it('holds the PUBACK while the Observation is not committed', async ({ onTestFinished }) => {
      // a broker whose database makes every transaction wait at its start until the test lets it go
      let reached!: () => void;
      const atGate = new Promise<void>((resolve) => (reached = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const held = await createMqttBroker({
        db: withGate(db(), async () => {
          reached();
          await gate;
        }),
        bus,
        now: () => NOW,
      });
      onTestFinished(() => held.close());
      const heldPort = await held.listen(0, '127.0.0.1');
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${heldPort}`, { reconnectPeriod: 0, username: String(station.id), password: key });
      onTestFinished(() => client.endAsync(true));
      let acknowledged = false;
      const time = '2023-01-22T19:06:00+08:00';
      const ack = client.publishAsync(`v1.1/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: time, result: 36 }), { qos: 1 }).then(() => {
        acknowledged = true;
      });
      await atGate;
      // a round trip through the broker on another connection: a PUBACK sent before the ingestion reached its
      // transaction would have arrived by now
      const other = await mqtt.connectAsync(`mqtt://127.0.0.1:${heldPort}`, { reconnectPeriod: 0 });
      await other.subscribeAsync('v1.1/Things');
      await other.endAsync(true);
      expect(acknowledged).toBe(false);
      expect(await storedAt(pm25, time)).toEqual([]);
      release();
      await ack;
      expect((await storedAt(pm25, time)).map((r) => r.result)).toEqual([36]);
    });

    it('takes the Datastream from the message on vX/Observations, and the server time when phenomenonTime is left out', async ({ onTestFinished }) => {
      const client = await device(onTestFinished);
      await client.publishAsync('v1.1/Observations', JSON.stringify({ Datastream: { '@iot.id': no2 }, result: 41 }), { qos: 1 });
      expect((await storedAt(no2, NOW.toISOString())).map((r) => r.result)).toEqual([41]);
    });

    it('stores nothing for a publish to another Thing’s Datastream, and does not acknowledge it', async ({ onTestFinished }) => {
      const client = await device(onTestFinished);
      const before = await observationCount();
      let acknowledged = false;
      void client
        .publishAsync(`v1.1/Datastreams(${otherPm25})/Observations`, JSON.stringify({ phenomenonTime: '2023-01-22T19:10:00+08:00', result: 20 }), { qos: 1 })
        .then(
          () => (acknowledged = true),
          // never acknowledged: mqtt.js gives up on it when the client ends
          () => {},
        );
      await logLine(new RegExp(`Thing ${station.id} .*Datastreams\\(${otherPm25}\\)/Observations not stored: DATASTREAM_NOT_OF_THING`));
      // acknowledgements keep the order of the publishes: one for a later publish means none came for this one
      await client.publishAsync(`v1.1/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: '2023-01-22T19:10:00+08:00', result: 20 }), {
        qos: 1,
      });
      expect(acknowledged).toBe(false);
      expect(await observationCount()).toBe(before + 1);
      expect(await storedAt(otherPm25, '2023-01-22T19:10:00+08:00')).toEqual([]);
    });

    it('drops, unacknowledged, a message that is no storable Observation, and names why in the log', async ({ onTestFinished }) => {
      const client = await device(onTestFinished);
      const before = await observationCount();
      const topic = `v1.1/Datastreams(${pm25})/Observations`;
      const bad: [string, string | Buffer, RegExp][] = [
        [topic, 'not json', /not UTF-8 JSON/],
        [topic, '[1, 2]', /not a JSON object/],
        [topic, JSON.stringify({ result: 'high' }), /result must be number/],
        [topic, JSON.stringify({ result: 1, parameters: {} }), /not stored by this server: parameters/],
        [topic, JSON.stringify({ result: 1, phenomenonTime: '2023-01-22 19:00' }), /phenomenonTime/],
        [topic, JSON.stringify({ result: 1, Datastream: { '@iot.id': otherPm25 } }), /names Datastream/],
        [topic, JSON.stringify({ result: 99_999, phenomenonTime: '2023-01-22T19:15:00+08:00' }), /RESULT_OUT_OF_RANGE/],
        [topic, JSON.stringify({ result: 1, phenomenonTime: '2023-01-23T19:15:00+08:00' }), /TIME_IN_FUTURE/],
        [topic, Buffer.alloc(70_000, 0x20), /more than the 65536/],
        ['v1.1/Observations', JSON.stringify({ result: 1 }), /name the Datastream/],
        ['v1.1/Things', JSON.stringify({ name: 'x' }), /nothing else is created by MQTT/],
        [`v1.1/Datastreams(${pm25})/Observations?$select=result`, JSON.stringify({ result: 1 }), /no query options/],
      ];
      for (const [to, message, why] of bad) {
        const at = logged.length;
        client.publish(to, message, { qos: 1 });
        await expect.poll(() => logged.slice(at).find((line) => why.test(line)), { message: `${to} ${String(message).slice(0, 40)}` }).toBeDefined();
      }
      expect(await observationCount()).toBe(before);
    });

    it('refuses a CONNECT with a wrong key, or with a key of another Thing, with CONNACK 5 (not authorised)', async () => {
      const attempts = [
        { username: String(station.id), password: `tk_${'A'.repeat(32)}` },
        { username: String(station.id), password: otherKey },
        { username: String(station.id) },
        { username: 'someone', password: key },
      ];
      for (const credentials of attempts) {
        const refused = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, ...credentials }).then(
          (client) => client.endAsync(true).then(() => 'connected'),
          (error: { code?: number }) => error.code,
        );
        expect(refused, JSON.stringify({ ...credentials, password: credentials.password?.slice(0, 5) })).toBe(5);
      }
    });

    it('lets an anonymous client subscribe but stores nothing it publishes', async ({ onTestFinished }) => {
      const client = await connect(onTestFinished);
      expect(await client.subscribeAsync('v1.1/Observations')).toEqual([{ topic: 'v1.1/Observations', qos: 0 }]);
      const before = await observationCount();
      client.publish(`v1.1/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: '2023-01-22T19:20:00+08:00', result: 10 }), { qos: 1 });
      await logLine(new RegExp(`anonymous client .* to v1\\.1/Datastreams\\(${pm25}\\)/Observations not stored`));
      expect(await observationCount()).toBe(before);
    });

    it('stops a device whose key is revoked at its next publish: nothing stored, connection closed', async ({ onTestFinished }) => {
      const admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
      const created = dataOf(await admin.post<NewThingKey>(`/api/things/${station.id}/keys`));
      const client = await connect(onTestFinished, { username: String(station.id), password: created.key });
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      await admin.post(`/api/things/${station.id}/keys/${created.info.id}/revoke`);
      client.publish(`v1.1/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: '2023-01-22T19:25:00+08:00', result: 10 }), { qos: 1 });
      await closed;
      expect(await storedAt(pm25, '2023-01-22T19:25:00+08:00')).toEqual([]);
    });
  });

  describe('receiving', () => {
    it('sends a subscriber of a Datastream’s Observations the stored entity, as GET answers it, from MQTT and from an HTTP push', async ({
      onTestFinished,
    }) => {
      const subscriber = await connect(onTestFinished);
      const topic = `v1.1/Datastreams(${pm25})/Observations`;
      const everything = 'v1.0/Observations';
      expect(await subscriber.subscribeAsync([topic, everything])).toEqual([
        { topic, qos: 0 },
        { topic: everything, qos: 0 },
      ]);
      const client = await device(onTestFinished);
      const arriving = nextMessage(subscriber, topic);
      const arrivingV10 = nextMessage(subscriber, everything);
      await client.publishAsync(topic, JSON.stringify({ phenomenonTime: '2023-01-22T19:30:00+08:00', result: 12.5 }), { qos: 1 });
      const message = await arriving;
      const [row] = await storedAt(pm25, '2023-01-22T19:30:00+08:00');
      expect(message['@iot.id']).toBe(Number(row!.id));
      const answer = await ctx.app.inject({ method: 'GET', url: `/api/v1.1/Observations(${row!.id})` });
      expect(message).toEqual(answer.json());
      expect(message).toMatchObject({
        '@iot.selfLink': `${OWN_ORIGIN}/api/v1.1/Observations(${row!.id})`,
        phenomenonTime: '2023-01-22T11:30:00.000Z',
        resultTime: '2023-01-22T11:30:00.000Z',
        result: 12.5,
        'Datastream@iot.navigationLink': `${OWN_ORIGIN}/api/v1.1/Observations(${row!.id})/Datastream`,
      });
      expect((await arrivingV10)['@iot.selfLink']).toBe(`${OWN_ORIGIN}/api/v1.0/Observations(${row!.id})`);

      // a device pushing over HTTP reaches the same subscribers
      const pushed = nextMessage(subscriber, topic);
      const response = await new Browser(ctx.app).request<IngestResult>(
        'POST',
        '/api/sensing/observations',
        { observations: [{ datastreamId: pm25, phenomenonTime: '2023-01-22T19:35:00+08:00', result: 13 }] },
        { headers: { authorization: `Bearer ${key}` } },
      );
      expect(dataOf(response).accepted).toBe(1);
      const [http] = await storedAt(pm25, '2023-01-22T19:35:00+08:00');
      expect(await pushed).toMatchObject({ '@iot.id': Number(http!.id), result: 13 });
    });

    it('trims the message to the $select of the topic, and answers a property topic with that property', async ({ onTestFinished }) => {
      const subscriber = await connect(onTestFinished);
      const selected = `v1.1/Datastreams(${pm25})/Observations?$select=result,phenomenonTime`;
      await subscriber.subscribeAsync(selected);
      const client = await device(onTestFinished);
      const arriving = nextMessage(subscriber, selected);
      await client.publishAsync(`v1.1/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: '2023-01-22T19:40:00+08:00', result: 14 }), {
        qos: 1,
      });
      expect(await arriving).toEqual({ result: 14, phenomenonTime: '2023-01-22T11:40:00.000Z' });
      // a subscriber of another Datastream hears nothing of it: the next message it gets is its own Datastream's
      const [stored] = await storedAt(pm25, '2023-01-22T19:40:00+08:00');
      const property = `v1.1/Observations(${Number(stored!.id) + 1})/result`;
      const elsewhere = `v1.1/Datastreams(${no2})/Observations`;
      await subscriber.subscribeAsync([property, elsewhere]);
      const next = nextMessage(subscriber, elsewhere);
      const result = nextMessage(subscriber, property);
      await client.publishAsync(`v1.1/Datastreams(${no2})/Observations`, JSON.stringify({ phenomenonTime: '2023-01-22T19:40:00+08:00', result: 15 }), {
        qos: 1,
      });
      expect(await next).toMatchObject({ result: 15 });
      expect(await result).toEqual({ result: 15 });
    });

    it('sends an Observation to a deeper path that reaches it, and to its FeatureOfInterest', async ({ onTestFinished }) => {
      const subscriber = await connect(onTestFinished);
      // the FeatureOfInterest of the station's Location, as an Observation of it links it
      const stored = await ctx.app.inject({ method: 'GET', url: `/api/v1.1/Datastreams(${pm25})/Observations?$top=1&$expand=FeatureOfInterest($select=id)` });
      const foi = (stored.json().value[0].FeatureOfInterest as Entity)['@iot.id'] as number;
      const deep = `v1.1/Things(${station.id})/Datastreams(${pm25})/Observations?$select=@iot.id,result`;
      const feature = `v1.1/FeaturesOfInterest(${foi})/Observations?$select=result`;
      await subscriber.subscribeAsync([deep, feature]);
      const client = await device(onTestFinished);
      const arriving = [nextMessage(subscriber, deep), nextMessage(subscriber, feature)];
      await client.publishAsync(`v1.1/Datastreams(${pm25})/Observations`, JSON.stringify({ phenomenonTime: '2023-01-22T19:45:00+08:00', result: 16 }), {
        qos: 1,
      });
      const [row] = await storedAt(pm25, '2023-01-22T19:45:00+08:00');
      expect(await Promise.all(arriving)).toEqual([{ '@iot.id': Number(row!.id), result: 16 }, { result: 16 }]);
    });

    it('announces a Thing registered in the portal, its Location and FeatureOfInterest (generalised for a camera trap) and a rename', async ({
      onTestFinished,
    }) => {
      const admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
      const client = await connect(onTestFinished);
      expect(await subscribeCodes(client, ['v1.1/Things', 'v1.1/Locations', 'v1.1/FeaturesOfInterest'])).toEqual([0, 0, 0]);
      const thing = nextMessage(client, 'v1.1/Things');
      const location = nextMessage(client, 'v1.1/Locations');
      const feature = nextMessage(client, 'v1.1/FeaturesOfInterest');
      const created = await admin.post<{ thing: { id: number } }>('/api/things', {
        code: 'IR-MQTT-1',
        kind: 'infrared_camera',
        name: '秦岭红外相机',
        organisationId: null,
        status: 'active',
        longitude: 107.76543,
        latitude: 33.73456,
      });
      const id = dataOf(created).thing.id;
      expect(await thing).toMatchObject({ '@iot.id': id, name: '秦岭红外相机', properties: { code: 'IR-MQTT-1', kind: 'infrared_camera' } });
      // subscribers are the public: the camera trap's position is rounded (docs/geoprivacy.md)
      expect((await location).location).toEqual({ type: 'Point', coordinates: [107.8, 33.7] });
      expect((await feature).feature).toEqual({ type: 'Point', coordinates: [107.8, 33.7] });

      expect(await subscribeCodes(client, [`v1.1/Things(${id})/name`, `v1.1/Things(${id})`])).toEqual([0, 0]);
      const name = nextMessage(client, `v1.1/Things(${id})/name`);
      const entity = nextMessage(client, `v1.1/Things(${id})`);
      expect((await admin.patch(`/api/things/${id}`, { name: '秦岭红外相机 2 号' })).status).toBe(200);
      expect(await name).toEqual({ name: '秦岭红外相机 2 号' });
      expect(await entity).toMatchObject({ '@iot.id': id, name: '秦岭红外相机 2 号' });
    });

    it('announces what the SensorThings API creates and changes: a Sensor, then its new name', async ({ onTestFinished }) => {
      const admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
      const client = await connect(onTestFinished);
      expect(await subscribeCodes(client, ['v1.1/Sensors'])).toEqual([0]);
      const created = nextMessage(client, 'v1.1/Sensors');
      const sensor = { name: 'PM2.5 监测仪', description: 'β 射线法', encodingType: 'application/pdf', metadata: 'https://example.org/pm25.pdf' };
      const posted = await admin.post('/api/v1.1/Sensors', sensor);
      expect(posted.status).toBe(201);
      const id = (JSON.parse(posted.raw) as Entity)['@iot.id'];
      expect(await created).toMatchObject({ '@iot.id': id, ...sensor });
      expect(await subscribeCodes(client, [`v1.1/Sensors(${id})/name`, `v1.1/Sensors(${id})/description`])).toEqual([0, 0]);
      const name = nextMessage(client, `v1.1/Sensors(${id})/name`);
      let described = false;
      client.on('message', (topic) => {
        if (topic === `v1.1/Sensors(${id})/description`) described = true;
      });
      expect((await admin.patch(`/api/v1.1/Sensors(${id})`, { name: 'PM2.5 监测仪 II' })).status).toBe(200);
      expect(await name).toEqual({ name: 'PM2.5 监测仪 II' });
      // the description did not change: its topic heard nothing (messages of one client arrive in order)
      expect(await subscribeCodes(client, ['v1.1/Things'])).toEqual([0]);
      expect(described).toBe(false);
    });

    it('announces every entity a deep insert makes on its set’s topic, nested ones too, with the Observations it carried', async ({ onTestFinished }) => {
      const admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
      const client = await connect(onTestFinished);
      const sets = ['Things', 'Locations', 'HistoricalLocations', 'Datastreams', 'Sensors', 'ObservedProperties', 'Observations', 'FeaturesOfInterest'];
      expect(
        await subscribeCodes(
          client,
          sets.map((set) => `v1.1/${set}`),
        ),
      ).toEqual(sets.map(() => 0));
      const heard = Object.fromEntries(sets.map((set) => [set, nextMessage(client, `v1.1/${set}`)]));
      const posted = await admin.post('/api/v1.1/Things', {
        name: '秦岭气象站 3 号',
        description: '深度插入',
        Locations: [
          { name: '秦岭 3 号点', description: '山脊', encodingType: 'application/geo+json', location: { type: 'Point', coordinates: [108.5, 33.9] } },
        ],
        Datastreams: [
          {
            name: '气温',
            description: '每小时',
            observationType: 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement',
            unitOfMeasurement: { name: 'degree Celsius', symbol: 'Cel', definition: 'http://unitsofmeasure.org/ucum.html#para-30' },
            Sensor: { name: '温度传感器', description: 'PT100', encodingType: 'application/pdf', metadata: 'https://example.org/pt100.pdf' },
            ObservedProperty: { name: '气温 (深度插入)', definition: 'http://vocab.nerc.ac.uk/collection/P07/current/CFSN0023/', description: '近地面气温' },
            Observations: [{ phenomenonTime: '2023-01-22T19:00:00+08:00', result: -3.5 }],
          },
        ],
      });
      expect(posted.status).toBe(201);
      const thing = JSON.parse(posted.raw) as Entity;
      const expand = 'Locations,HistoricalLocations,Datastreams($expand=Sensor,ObservedProperty,Observations($expand=FeatureOfInterest))';
      const expanded = JSON.parse((await admin.get(`/api/v1.1/Things(${thing['@iot.id']})?$expand=${expand}`)).raw) as Entity;
      const [stream] = expanded.Datastreams as Entity[];
      const [observation] = stream!.Observations as Entity[];
      const idOf = (entity: unknown) => (entity as Entity)['@iot.id'];
      const expected: Record<string, unknown> = {
        Things: thing['@iot.id'],
        Locations: idOf((expanded.Locations as Entity[])[0]),
        HistoricalLocations: idOf((expanded.HistoricalLocations as Entity[])[0]),
        Datastreams: idOf(stream),
        Sensors: idOf(stream!.Sensor),
        ObservedProperties: idOf(stream!.ObservedProperty),
        Observations: idOf(observation),
        FeaturesOfInterest: idOf(observation!.FeatureOfInterest),
      };
      for (const set of sets) expect((await heard[set]!)['@iot.id'], set).toBe(expected[set]);
    });

    it('refuses a subscription to a topic that is no SensorThings resource (SUBACK 0x80) and keeps the connection', async ({ onTestFinished }) => {
      const subscriber = await connect(onTestFinished);
      const refused = [
        'v1.1/Nothings',
        'v1.1/Things(abc)',
        'v1.1/Things(0)',
        'v1.1/Things(1)/nickname',
        'v1.1/Things(1)/name/$value',
        'v1.1/Observations?$select=colour',
        'v1.1/Observations?$expand=Datastream',
        'v1.1/Things(1)/name?$select=name',
        'v1.1/#',
        'v1.1/+/Observations',
        '$SYS/#',
        'v2.0/Things',
        'Things',
      ];
      expect(await subscribeCodes(subscriber, refused)).toEqual(refused.map(() => 128));
      // a good one among bad ones is granted on its own
      expect(await subscribeCodes(subscriber, ['v1.1/Things(1)/name', 'v1.1/Nope'])).toEqual([0, 128]);
      expect(subscriber.connected).toBe(true);
    });
  });

  describe('with mosquitto_pub and mosquitto_sub', () => {
    const server = () => ['-h', '127.0.0.1', '-p', String(port)];

    it('stores what mosquitto_pub sends with QoS 1 and delivers it to mosquitto_sub', async ({ onTestFinished }) => {
      const topic = `v1.1/Datastreams(${pm25})/Observations`;
      // -d: debug lines, among them "received SUBACK" once the subscription is in place (stdbuf: each line as
      // it is printed, not when a pipe's buffer is full); -C 1: exit after one message
      const sub = runProgram('stdbuf', ['-oL', 'mosquitto_sub', ...server(), '-d', '-C', '1', '-t', topic]);
      onTestFinished(() => void sub.child.kill());
      await sub.waitForLine(/received SUBACK/);
      const time = '2023-01-22T19:50:00+08:00';
      const pub = await runProgram('mosquitto_pub', [
        ...server(),
        ...['-u', String(station.id), '-P', key, '-q', '1', '-t', topic, '-m', JSON.stringify({ phenomenonTime: time, result: 17 })],
      ]).exited;
      expect([pub.code, pub.stderr]).toEqual([0, '']);
      // mosquitto_pub exits after the PUBACK: the row is there
      const [row] = await storedAt(pm25, time);
      expect(row!.result).toBe(17);
      const received = await sub.exited;
      expect(received.code).toBe(0);
      const message = JSON.parse(received.stdout.split('\n').find((line) => line.startsWith('{'))!) as Entity;
      expect(message).toMatchObject({ '@iot.id': Number(row!.id), result: 17, phenomenonTime: '2023-01-22T11:50:00.000Z' });
    });

    it('refuses mosquitto_pub with a wrong key, and mosquitto_sub on a topic that is no SensorThings resource', async () => {
      const pub = await runProgram('mosquitto_pub', [...server(), '-u', String(station.id), '-P', otherKey, '-t', 'v1.1/Observations', '-m', '{}']).exited;
      expect(pub.code).not.toBe(0);
      expect(pub.stderr).toMatch(/not authori[sz]ed/i);
      const sub = await runProgram('mosquitto_sub', [...server(), '-t', 'v1.1/Nothings', '-W', '600']).exited;
      expect(sub.stderr).toMatch(/All subscription requests were denied/);
    });
  });
});

describe('SensorThings MQTT broker start and stop', () => {
  const ctx = useTestApp();

  it('listens on a free port when asked for port 0, counts its clients, and closes even with a socket that never sent CONNECT', async ({ onTestFinished }) => {
    const broker = await createMqttBroker({ db: ctx.database.db, bus: new SensingBus(), now: () => NOW });
    onTestFinished(() => broker.close());
    const port = await broker.listen(0, '127.0.0.1');
    expect(port).toBeGreaterThan(0);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    expect(broker.clients).toBe(1);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    // a connection that never sends CONNECT is not a client of aedes, but close ends it too
    const silent = await new Promise<net.Socket>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    });
    const socketClosed = new Promise((resolve) => silent.once('close', resolve));
    silent.on('error', () => {});
    await broker.close();
    await Promise.all([closed, socketClosed]);
    await client.endAsync(true);
  });

  it('rejects listen with EADDRINUSE when the port is taken', async ({ onTestFinished }) => {
    const first = await createMqttBroker({ db: ctx.database.db, bus: new SensingBus(), now: () => NOW });
    onTestFinished(() => first.close());
    const port = await first.listen(0, '127.0.0.1');
    const second = await createMqttBroker({ db: ctx.database.db, bus: new SensingBus(), now: () => NOW });
    onTestFinished(() => second.close());
    await expect(second.listen(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
