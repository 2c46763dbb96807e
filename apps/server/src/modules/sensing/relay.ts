/**
 * The sensing bus across server processes on one PostgreSQL (docs/scale-out.md §Live events):
 * every event one process publishes on its bus (events.ts) is sent with `NOTIFY` on the channel
 * `eco_sensing`, and every other process that `LISTEN`s there publishes it on its own bus — so its
 * event streams, MQTT subscribers and everything else on that bus hear it, once each.
 *
 * - **Once**: a process skips what it sent itself (its own bus already delivered it), and never
 *   sends again what it received.
 * - **In order**: a process sends its events in the order they were published, those published
 *   while a send is under way together in one transaction; PostgreSQL delivers the notifications of
 *   one transaction together, in order, and those of transactions in commit order. So every
 *   process hears one process's events — one Datastream's, which one ingestion at a time writes —
 *   in the order they happened.
 * - **Any size**: a payload must stay under 8000 bytes (PostgreSQL's NOTIFY limit), so an event's
 *   JSON is cut into parts of at most {@link PART_CHARS} UTF-16 units (≤ 7 800 bytes of UTF-8
 *   with the header), sent in one transaction and put together again on arrival.
 *
 * - **Ids, not reads**: the event stream's `observations` event (the newest values, read from the
 *   database) is not relayed; `observations-stored` (ids, no read) is, and a receiving process
 *   makes `observations` from it (`derive`) only while it has a stream open — so ingestion never
 *   reads for the other processes' screens, and a process with no screen reads nothing.
 *
 * PGlite is one process: nothing to relay (main.ts starts this only on PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import type { NotificationChannel } from '../../db/client';
import type { BusEvent, BusEventType, SensingBus } from './events';

/** The PostgreSQL channel every server process of one installation listens on. */
export const RELAY_CHANNEL = 'eco_sensing';

/** The most UTF-16 units of an event's JSON in one notification: 3 bytes each at most, with the header under 8000 bytes. */
export const PART_CHARS = 2_500;

/** Every event type of the bus (events.ts `BusEvent`) but `observations`, which receivers `derive`. */
const EVENT_TYPES = Object.keys({
  observations: false,
  alert: true,
  detection: true,
  verification: true,
  'observations-stored': true,
  'entities-changed': true,
} satisfies Record<BusEventType, boolean>).filter((type) => type !== 'observations') as BusEventType[];

/** One event's JSON cut into notifications: `<origin> <sequence> <part> <parts> <text>`. */
export function toParts(origin: string, sequence: number, event: BusEvent): string[] {
  const json = JSON.stringify(event);
  const texts: string[] = [];
  for (let at = 0; at < json.length || texts.length === 0; ) {
    let end = Math.min(at + PART_CHARS, json.length);
    // never between the two halves of a surrogate pair
    if (end < json.length && /[\uD800-\uDBFF]/.test(json[end - 1]!)) end -= 1;
    texts.push(json.slice(at, end));
    at = end;
  }
  return texts.map((text, i) => `${origin} ${sequence} ${i} ${texts.length} ${text}`);
}

/** Puts events together from their parts as they arrive (one sender's parts arrive in order). */
export class PartsReader {
  private readonly partial = new Map<string, string[]>();

  /** The event a notification completes, if any; a malformed notification is ignored (undefined). */
  read(payload: string): { origin: string; event: BusEvent } | undefined {
    const match = /^(\S+) (\d+) (\d+) (\d+) ([\s\S]*)$/.exec(payload);
    if (!match) return undefined;
    const [, origin, sequence, part, parts, text] = match as unknown as [string, string, string, string, string, string];
    const key = `${origin} ${sequence}`;
    const texts = this.partial.get(key) ?? [];
    if (Number(part) !== texts.length) {
      // a part went missing (a reconnection): drop what was gathered of this event
      this.partial.delete(key);
      return undefined;
    }
    texts.push(text);
    if (texts.length < Number(parts)) {
      this.partial.set(key, texts);
      return undefined;
    }
    this.partial.delete(key);
    try {
      return { origin, event: JSON.parse(texts.join('')) as BusEvent };
    } catch {
      return undefined;
    }
  }
}

export interface Relay {
  /** Resolves once everything published so far has been sent. */
  flush(): Promise<void>;
  /** Stops listening and sending (what is queued is sent first). */
  close(): Promise<void>;
}

/**
 * Relays `bus` through `channel` (a PostgreSQL connection's NOTIFY/LISTEN) from now on; resolves
 * once it listens. `log` hears of a failed send (the events are then lost for the other processes,
 * never for this one's own subscribers) or a failed `derive`. `derive` makes, from an event
 * received, one more to publish right after it (main.ts: `observations` from
 * `observations-stored`); received events and what they derive are published in arrival order.
 */
export async function startRelay(
  bus: SensingBus,
  channel: NotificationChannel,
  log: (line: string, error: unknown) => void,
  derive: (event: BusEvent) => Promise<BusEvent | undefined> = async () => undefined,
): Promise<Relay> {
  const origin = randomUUID();
  /** events this process received from another: published on its bus, never sent again */
  const received = new WeakSet<BusEvent>();
  const reader = new PartsReader();
  let sequence = 0;
  let queued: string[] = [];
  let sending: Promise<void> = Promise.resolve();
  /** received events still being published (a derive reads the database) */
  let publishing: Promise<void> = Promise.resolve();

  const pump = async (): Promise<void> => {
    while (queued.length > 0) {
      const payloads = queued;
      queued = [];
      try {
        await channel.notify(RELAY_CHANNEL, payloads);
      } catch (error) {
        log('relaying sensing events to the other server processes failed', error);
      }
    }
  };

  const unsubscribe = bus.subscribe(EVENT_TYPES, (event) => {
    if (received.has(event)) return;
    const idle = queued.length === 0;
    queued.push(...toParts(origin, sequence++, event));
    if (idle) sending = sending.then(pump);
  });

  const own = `${origin} `;
  const listening = await channel.listen(RELAY_CHANNEL, (payload) => {
    if (payload.startsWith(own)) return;
    const read = reader.read(payload);
    if (!read || read.origin === origin) return;
    received.add(read.event);
    publishing = publishing.then(async () => {
      bus.publish(read.event);
      try {
        const derived = await derive(read.event);
        if (derived) {
          received.add(derived);
          bus.publish(derived);
        }
      } catch (error) {
        log('making a relayed sensing event ready for this process failed', error);
      }
    });
  });

  return {
    flush: () => Promise.all([sending, publishing]).then(() => {}),
    async close() {
      unsubscribe();
      await sending;
      await listening.unlisten();
      await publishing;
    },
  };
}
