/**
 * What MQTT subscribers receive (OGC 18-088 §14.2.1):
 * - every Observation stored — by an HTTP push, an MQTT publish, anything that goes through
 *   sensing/ingest.ts, which announces the ids on the bus after commit (`observations-stored`);
 * - every other entity created or updated through the SensorThings API or the portal's registry
 *   (`entities-changed`, after commit): a creation on every topic that reaches the new entity
 *   (`vX/Things`, `vX/Things(1)/Datastreams`), an update on the entity's own topics
 *   (`vX/Things(1)`) and on those of the properties it set (`vX/Things(1)/name`);
 * each as the JSON GET answers (read.ts `serialise`, for the public: things/geoprivacy.ts), with
 * the topic's `$select`; a property topic (`vX/Observations(id)/result`) gets `{ "result": … }`.
 * One message per entity and topic, QoS 0, never retained, in the order the changes were committed.
 *
 * Only subscribed topics are published to, and nothing is read while no topic reaches the changed
 * entity set; the common topics are matched in memory, deeper paths by one query each.
 */
import { PUBLIC_READER } from '../../things/geoprivacy';
import type { Aedes } from 'aedes';
import type { Db } from '../../../db/client';
import type { SensingBus } from '../../sensing/events';
import type { EntitySet } from '@eco/contracts/sensorthings';
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

/** The subscribed topics whose resource is an entity or entities of `set` (subscriptions were checked by broker.ts; others are skipped). */
function topicsOf(broker: Aedes, set: EntitySet): { text: string; topic: Topic }[] {
  const found: { text: string; topic: Topic }[] = [];
  for (const text of subscribedTopics(broker)) {
    try {
      const topic = parseSubscriptionTopic(text);
      if (topic.path.steps.at(-1)!.type.set === set) found.push({ text, topic });
    } catch {
      // not a SensorThings topic: never granted, nothing to publish
    }
  }
  return found;
}

/**
 * Whether a topic hears of this change (OGC 18-088 §14.2.1): of a creation, every topic that
 * reaches the new entity; of an update, the topics naming the entity itself (`Things(1)`, also
 * through navigation) and those naming one of the properties it set.
 */
function hears(topic: Topic, change: Change): boolean {
  if (change.change === 'created') return true;
  const { property } = topic.path;
  if (property) return change.properties === undefined || change.properties.includes(property);
  return topic.path.steps.at(-1)!.id !== undefined;
}

/** Of `rows` (entities of the path's last type), those `path` reaches. */
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

/** What changed: entities of one set, created or updated (`properties`: those an update set). */
interface Change {
  readonly set: EntitySet;
  readonly ids: readonly number[];
  readonly change: 'created' | 'updated';
  readonly properties?: readonly string[];
}

/**
 * Publishes stored Observations and created or changed entities to their subscribers from now
 * on; returns the function that stops it.
 */
export function publishEntities({ db, bus, broker, portalUrl, log, ours }: PublishOptions): () => void {
  async function publish(change: Change): Promise<void> {
    const topics = topicsOf(broker, change.set).filter(({ topic }) => hears(topic, change));
    if (topics.length === 0) return;
    const type = ENTITY_TYPES[change.set];
    const rows = await rowsByIds(db, type, change.ids, PUBLIC_READER); // subscribers are the public
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

  // one change after the other, so subscribers hear of them in the order they were committed
  let queue = Promise.resolve();
  const enqueue = (change: Change) => {
    queue = queue.then(() => publish(change)).catch((error: unknown) => log.error(`MQTT: publishing ${change.set} failed`, error));
  };
  return bus.subscribe(['observations-stored', 'entities-changed'], (event) =>
    enqueue(event.type === 'observations-stored' ? { set: 'Observations', ids: event.data.ids, change: 'created' } : event.data),
  );
}
