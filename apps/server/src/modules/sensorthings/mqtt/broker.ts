/**
 * The SensorThings MQTT extension (OGC 18-088 §14, 15-078r6 §14; docs/sensorthings.md §MQTT): an
 * MQTT 3.1.1 broker (aedes) inside the portal, on the portal's own rows.
 *
 * - **Connecting.** Anyone may connect without credentials and subscribe: reading is public, as on
 *   HTTP. A device connects with its Thing's `@iot.id` as the user name and one of its device keys
 *   as the password (things/device-keys.ts, the keys of `Authorization: Bearer tk_…`); a wrong key,
 *   or a key of another Thing, gets CONNACK 5 (not authorised).
 * - **Creating.** A device publishes an Observation to `vX/Datastreams(id)/Observations` (or
 *   `vX/Observations` naming its Datastream). It goes through the portal's one ingestion path
 *   (sensing/ingest.ts: the Datastream must be the Thing's, validation, idempotency, derived AQI,
 *   alerts, live events); PUBACK (QoS 1) or PUBREC (QoS 2) is sent only after the Observation is
 *   committed. A publish that stores nothing (anonymous, another Thing's Datastream, a malformed
 *   or implausible Observation) is logged and dropped without an acknowledgement: MQTT 3.1.1 has
 *   no negative PUBACK, and a positive one would say it was stored. A key revoked (or a Thing
 *   retired) while connected closes the connection at its next publish.
 * - **Receiving.** Subscriptions must be SensorThings topics (topics.ts), else SUBACK 0x80; they
 *   are granted QoS 0. Subscribers never get what a client published: they get what was stored
 *   (publish.ts), so a raw publish is never forwarded or retained.
 *
 * Publishes of one client are handled one after the other, so its acknowledgements keep the order
 * of its publishes (MQTT 3.1.1 §4.6).
 */
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Db } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { ingestObservations } from '../../sensing/ingest';
import type { SensingBus } from '../../sensing/events';
import { type KeyedThing, thingOfKey } from '../../things/device-keys';
import { MessageError, observationOf } from './observation-message';
import { publishEntities } from './publish';
import { parseCreateTopic, parseSubscriptionTopic, TopicError } from './topics';

/** Where the broker writes what an operator should see (a dropped publish, a refused CONNECT). */
export interface MqttLog {
  warn(line: string): void;
  error(line: string, error: unknown): void;
}

export interface MqttBrokerOptions {
  db: Db;
  bus: SensingBus;
  now: () => Date;
  /**
   * The portal's public address, for the links in messages (`@iot.selfLink`:
   * `${portalUrl}/api/v1.1/Observations(1)`), e.g. `https://eco.example.gov.cn`. Default
   * `http://localhost`.
   */
  portalUrl?: string;
  log?: MqttLog;
}

export interface MqttBroker {
  /** Listens on `port` (0: any free one) of `host`; resolves with the port bound, rejects as `net.Server` does (EADDRINUSE …). */
  listen(port: number, host: string): Promise<number>;
  /** Disconnects every client, stops listening and stops publishing. */
  close(): Promise<void>;
  /** the clients connected now */
  readonly clients: number;
}

/**
 * Where a client's publishes go once handled (none of them is forwarded as it came): a `$` topic,
 * which no wildcard matches and no client may subscribe to (topics.ts).
 */
const CONSUMED_TOPIC = '$eco/consumed';

/** CONNACK return code 5, "Connection Refused, not authorized" (MQTT 3.1.1 §3.2.2.3). */
function notAuthorised(): AuthenticateError {
  return Object.assign(new Error('not authorised'), { returnCode: 5 }) as AuthenticateError;
}

const silent: MqttLog = { warn: () => {}, error: () => {} };

/** What a client sent (a client id, a user name, a topic, a reason quoting them), cut short for the log: a topic may be 64 KiB. */
function short(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Creates the broker (not listening yet): see the module's comment. */
export async function createMqttBroker({ db, bus, now, portalUrl = 'http://localhost', log = silent }: MqttBrokerOptions): Promise<MqttBroker> {
  /** the Thing and key of each device connection (anonymous connections have none) */
  const devices = new WeakMap<Client, { thing: KeyedThing; key: string }>();
  /** the handling of each client's latest publish, so the next waits for it */
  const queues = new WeakMap<Client, Promise<unknown>>();
  /** the payloads this module published: the only messages forwarded to subscribers */
  const ours = new WeakSet<Buffer>();

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      if (username === undefined && password === undefined) return done(null, true);
      const address = client.conn && 'remoteAddress' in client.conn ? client.conn.remoteAddress : 'unknown address';
      const refuse = () => {
        log.warn(
          `MQTT: CONNECT of client ${short(client.id)} from ${address} refused: user name ${JSON.stringify(short(username ?? ''))} and its password are not a Thing id and one of its device keys`,
        );
        done(notAuthorised(), false);
      };
      const key = password?.toString('utf8') ?? null;
      thingOfKey(db, key, now()).then(
        (thing) => {
          if (username !== String(thing.id)) return refuse();
          devices.set(client, { thing, key: key! });
          done(null, true);
        },
        (error: unknown) => {
          if (error instanceof AppError) return refuse();
          log.error(`MQTT: CONNECT of client ${short(client.id)} failed`, error);
          // 3: server unavailable (MQTT 3.1.1 §3.2.2.3)
          done(Object.assign(new Error('server unavailable'), { returnCode: 3 }) as AuthenticateError, false);
        },
      );
    },

    authorizePublish(client, packet, callback) {
      const topic = packet.topic;
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      // handled here, never routed: subscribers get what was stored (publish.ts)
      packet.topic = CONSUMED_TOPIC;
      packet.retain = false;
      if (!client) return callback(null);
      const previous = queues.get(client) ?? Promise.resolve();
      const handled = previous.then(() => consume(client, topic, payload));
      queues.set(client, handled);
      handled.then((outcome) => {
        if (outcome === 'close') return callback(new Error('the device key is no longer valid'));
        // QoS 0 sends no acknowledgement: a dropped publish is not acknowledged as stored
        if (outcome === 'dropped') packet.qos = 0;
        callback(null);
      });
    },

    authorizeSubscribe(client, subscription, callback) {
      try {
        parseSubscriptionTopic(subscription.topic);
        // messages are published at QoS 0 (publish.ts), so that is what is granted
        callback(null, { ...subscription, qos: 0 });
      } catch (error) {
        if (error instanceof TopicError)
          log.warn(`MQTT: subscription of client ${short(client.id)} to ${short(subscription.topic)} refused: ${short(error.message, 300)}`);
        else log.error(`MQTT: subscription of client ${short(client.id)} to ${short(subscription.topic)} failed`, error);
        // a null subscription is SUBACK 0x80 (failure) for it, and the connection stays
        callback(null, null);
      }
    },

    authorizeForward(_client, packet) {
      return ours.has(packet.payload as Buffer) ? packet : null;
    },
  });

  /** Handles one publish of `client`; says whether to acknowledge it, drop it, or close the connection. */
  async function consume(client: Client, topic: string, payload: Buffer): Promise<'stored' | 'dropped' | 'close'> {
    const device = devices.get(client);
    const who = device ? `Thing ${device.thing.id} (${device.thing.code})` : `anonymous client ${short(client.id)}`;
    const drop = (why: string) => {
      log.warn(`MQTT: publish of ${who} to ${short(topic)} not stored: ${short(why, 300)}`);
      return 'dropped' as const;
    };
    if (!device) return drop('connect with a Thing id and one of its device keys to create Observations');
    try {
      const at = now();
      const item = observationOf(payload, parseCreateTopic(topic), at);
      let thing: KeyedThing;
      try {
        thing = await thingOfKey(db, device.key, at);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        log.warn(`MQTT: ${who}: ${error.message}; closing its connection`);
        return 'close';
      }
      const [answer] = (await ingestObservations(db, bus, thing, [item], at)).items;
      // a duplicate is stored already: acknowledging it is true
      return answer!.status === 'rejected' ? drop(`${answer!.reason}: ${answer!.message}`) : 'stored';
    } catch (error) {
      if (error instanceof TopicError || error instanceof MessageError) return drop(error.message);
      log.error(`MQTT: publish of ${who} to ${short(topic)} failed`, error);
      return 'dropped';
    }
  }

  const stopPublishing = publishEntities({ db, bus, broker, portalUrl, log, ours });
  const server = net.createServer((socket) => broker.handle(socket));
  /** open sockets, also those that never sent CONNECT (aedes knows only clients), ended on close */
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return {
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as net.AddressInfo).port);
        });
      }),
    close: async () => {
      stopPublishing();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    get clients() {
      return broker.connectedClients;
    },
  };
}
