/**
 * Ingestion over MQTT (QoS 1) beside HTTP, in one run on one server (docs/sensorthings.md §MQTT):
 * one station's device publishes OBSERVATIONS single Observations to
 * `v1.1/Datastreams(id)/Observations` over one connection (mqtt.js keeps them in flight; the
 * broker stores a client's publishes in order and PUBACKs each after its commit), timed until the
 * last PUBACK; then the same number of single Observations through `POST /api/sensing/observations`
 * with the same key, one request at a time and HTTP_CONCURRENCY at a time. Observations per second.
 */
import { performance } from 'node:perf_hooks';
import mqtt from 'mqtt';
import { api, type Session } from './sensing-ingest';

/** Observations in each measurement. */
export const OBSERVATIONS = 2000;
/** requests in flight in the parallel HTTP measurement */
export const HTTP_CONCURRENCY = 8;
/** a measurement that hears nothing back for this long has failed */
const STALLED_MS = 600_000;

export interface MqttFigures {
  mqttPerSecond: number;
  httpSequentialPerSecond: number;
  httpParallelPerSecond: number;
}

/** A station of the bundled network not used by the other measurements, its key and one pollutant Datastream. */
async function device(baseUrl: string, session: Session): Promise<{ thingId: number; key: string; stream: number }> {
  const page = await api<{ items: { id: number }[] }>(baseUrl, session, 'GET', '/api/things?kind=air_quality_station&pageSize=20');
  const thingId = page.items.at(-1)!.id;
  const detail = await api<{ datastreams: { id: number; observedProperty: string }[] }>(baseUrl, session, 'GET', `/api/things/${thingId}`);
  const { key } = await api<{ key: string }>(baseUrl, session, 'POST', `/api/things/${thingId}/keys`);
  return { thingId, key, stream: detail.datastreams.find((d) => d.observedProperty === 'pm2_5')!.id };
}

/**
 * Observations per second of OBSERVATIONS QoS 1 publishes of `message()` to `topic` (after 100 to
 * warm up), until the last PUBACK. A publish the broker drops gets no PUBACK (docs/sensorthings.md
 * §MQTT), so a run that stalls for STALLED_MS is reported as such rather than waited on forever.
 */
async function timeMqtt(port: number, thingId: number, key: string, topic: string, message: () => string): Promise<number> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: String(thingId), password: key, protocolVersion: 4, reconnectPeriod: 0 });
  const publish = async (n: number) => {
    let stalled: NodeJS.Timeout | undefined;
    const all = Promise.all(Array.from({ length: n }, () => client.publishAsync(topic, message(), { qos: 1 })));
    const guard = new Promise<never>((_, reject) => {
      stalled = setTimeout(() => reject(new Error(`no PUBACK for ${n} publishes within ${STALLED_MS / 1000} s: see the server's log`)), STALLED_MS);
    });
    try {
      await Promise.race([all, guard]);
    } finally {
      clearTimeout(stalled);
    }
  };
  try {
    await publish(100);
    const started = performance.now();
    await publish(OBSERVATIONS);
    return OBSERVATIONS / ((performance.now() - started) / 1000);
  } finally {
    await client.endAsync(true);
  }
}

export async function measureMqttIngest(baseUrl: string, mqttPort: number, session: Session): Promise<MqttFigures> {
  const { thingId, key, stream } = await device(baseUrl, session);
  // 1-minute instants going back from a day ago, a fresh block for each measurement
  const start = Math.floor(Date.now() / 60_000) * 60_000 - 86_400_000;
  let next = 0;
  const observation = () => ({ phenomenonTime: new Date(start - next++ * 60_000).toISOString(), result: 20 + (next % 97) });

  const mqttPerSecond = await timeMqtt(mqttPort, thingId, key, `v1.1/Datastreams(${stream})/Observations`, () => JSON.stringify(observation()));

  const post = async () => {
    const response = await fetch(`${baseUrl}/api/sensing/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ observations: [{ datastreamId: stream, ...observation() }] }),
    });
    if (!response.ok) throw new Error(`push failed: ${response.status} ${await response.text()}`);
  };
  let started = performance.now();
  for (let i = 0; i < OBSERVATIONS; i++) await post();
  const httpSequentialPerSecond = OBSERVATIONS / ((performance.now() - started) / 1000);
  started = performance.now();
  await Promise.all(
    Array.from({ length: HTTP_CONCURRENCY }, async () => {
      for (let i = 0; i < OBSERVATIONS / HTTP_CONCURRENCY; i++) await post();
    }),
  );
  const httpParallelPerSecond = OBSERVATIONS / ((performance.now() - started) / 1000);
  return { mqttPerSecond, httpSequentialPerSecond, httpParallelPerSecond };
}
