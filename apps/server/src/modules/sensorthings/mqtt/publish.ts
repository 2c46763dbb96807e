/**
 * What MQTT subscribers receive (OGC 18-088 §14.2.1): every Observation stored — by an HTTP push,
 * an MQTT publish, anything that goes through sensing/ingest.ts, which announces the ids on the
 * bus after commit — as the JSON GET `Observations(id)` answers (read.ts `serialise`), on every
 * subscribed topic that reaches it: `vX/Observations`, `vX/Datastreams(id)/Observations`,
 * `vX/FeaturesOfInterest(id)/Observations`, any deeper path that ends in them, with the topic's
 * `$select`; a property topic (`vX/Observations(id)/result`) gets `{ "result": … }`. One message
 * per Observation and topic, QoS 0, never retained.
 *
 * Only subscribed topics are published to, and nothing is read while no topic reaches
 * Observations; the common topics are matched in memory, deeper paths by one query each.
 */
import { PUBLIC_READER } from '../../things/geoprivacy';
import type { Aedes } from 'aedes';
import type { Db } from '../../../db/client';
import type { SensingBus } from '../../sensing/events';
import { ENTITY_TYPES } from '../entities';
import { idsOnPath, rowsByIds, serialise, serialiseProperty } from '../read';
import type { ResourcePath } from '../resource-path';
import type { MqttLog } from './broker';
import { parseSubscriptionTopic, type Topic } from './topics';

type Row = Record<string, unknown>;

/**
 * aedes keeps each connected client's subscriptions in `client.subscriptions`, keyed by topic, and
 * the clients in `broker.clients` (aedes.js, lib/client.js); its types leave both out.
 */
interface AedesInternals {
  readonly clients: Readonly<Record<string, { readonly subscriptions: Readonly<Record<string, unknown>> }>>;
}

/** Every topic some connected client subscribes to now. */
function subscribedTopics(broker: Aedes): Set<string> {
  const topics = new Set<string>();
  for (const client of Object.values((broker as unknown as AedesInternals).clients)) {
    for (const topic of Object.keys(client.subscriptions)) topics.add(topic);
  }
  return topics;
}

/** The subscribed topics whose resource is Observations (subscriptions were checked by broker.ts; others are skipped). */
function observationTopics(broker: Aedes): { text: string; topic: Topic }[] {
  const found: { text: string; topic: Topic }[] = [];
  for (const text of subscribedTopics(broker)) {
    try {
      const topic = parseSubscriptionTopic(text);
      if (topic.path.steps.at(-1)!.type.set === 'Observations') found.push({ text, topic });
    } catch {
      // not a SensorThings topic: never granted, nothing to publish
    }
  }
  return found;
}

/** Of `rows` (Observations), those `path` reaches. */
async function reachedBy(db: Db, path: ResourcePath, rows: Row[]): Promise<Row[]> {
  const { steps } = path;
  const last = steps.at(-1)!;
  const isPicked = (row: Row) => last.id === undefined || Number(row.id) === last.id;
  if (steps.length === 1) return rows.filter(isPicked);
  const parent = steps[0]!;
  const navigation = parent.type.navigation[last.via!]!;
  // Datastreams(id)/Observations, FeaturesOfInterest(id)/Observations: the row's link column names the parent
  if (steps.length === 2 && parent.id !== undefined && navigation.parentColumn === 'id') {
    return rows.filter((row) => isPicked(row) && Number(row[navigation.childColumn]) === parent.id);
  }
  const reached = await idsOnPath(
    db,
    path,
    rows.map((row) => Number(row.id)),
    PUBLIC_READER,
  );
  return rows.filter((row) => reached.has(Number(row.id)));
}

export interface PublishOptions {
  db: Db;
  bus: SensingBus;
  broker: Aedes;
  /** see broker.ts `MqttBrokerOptions.portalUrl` */
  portalUrl: string;
  log: MqttLog;
  /** every payload published here is added, so the broker forwards these and nothing else */
  ours: WeakSet<Buffer>;
}

/** Publishes stored Observations to their subscribers from now on; returns the function that stops it. */
export function publishStoredObservations({ db, bus, broker, portalUrl, log, ours }: PublishOptions): () => void {
  const type = ENTITY_TYPES.Observations;

  async function publish(ids: readonly number[]): Promise<void> {
    const topics = observationTopics(broker);
    if (topics.length === 0) return;
    const rows = await rowsByIds(db, type, ids, PUBLIC_READER); // subscribers are the public
    for (const { text, topic } of topics) {
      const ctx = { version: topic.version, base: `${portalUrl}/api/${topic.version}` };
      for (const row of await reachedBy(db, topic.path, rows)) {
        const json = topic.path.property ? serialiseProperty(row, type, topic.path.property, ctx) : serialise(row, type, topic.options, ctx);
        const payload = Buffer.from(JSON.stringify(json));
        ours.add(payload);
        await new Promise<void>((resolve, reject) =>
          broker.publish({ cmd: 'publish', topic: text, payload, qos: 0, retain: false, dup: false }, (error) => (error ? reject(error) : resolve())),
        );
      }
    }
  }

  // one batch after the other, so subscribers receive Observations in the order they were stored
  let queue = Promise.resolve();
  return bus.subscribe(['observations-stored'], (event) => {
    queue = queue.then(() => publish(event.data.ids)).catch((error: unknown) => log.error('MQTT: publishing stored Observations failed', error));
  });
}
