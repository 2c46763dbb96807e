/**
 * The relay of sensing events between server processes (relay.ts), over a channel that behaves as
 * PostgreSQL's NOTIFY/LISTEN does (every listener hears every notification, those of one send
 * together and in order): each process's subscribers hear every event once, in order, whatever its
 * size. With real processes on a real PostgreSQL: scale-out.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { NotificationChannel } from '../../db/client';
import { type BusEvent, SensingBus } from './events';
import { PART_CHARS, PartsReader, startRelay, toParts } from './relay';

/** One PostgreSQL server's notifications: a send reaches every listener, payloads in order. */
class FakeServer {
  private readonly listeners = new Set<(payload: string) => void>();
  sent = 0;

  connection(): NotificationChannel {
    return {
      notify: async (_channel, payloads) => {
        this.sent += payloads.length;
        for (const payload of payloads) {
          expect(Buffer.byteLength(payload, 'utf8')).toBeLessThan(8000);
          for (const listener of this.listeners) listener(payload);
        }
      },
      listen: async (_channel, onPayload) => {
        this.listeners.add(onPayload);
        return { unlisten: async () => void this.listeners.delete(onPayload) };
      },
    };
  }
}

const observationsOf = (thingId: number, count: number): BusEvent => ({
  type: 'observations-stored',
  data: { thingId, thingCode: `T${thingId}`, accepted: count, datastreamIds: [thingId], ids: Array.from({ length: count }, (_, i) => i + 1) },
});

/** Every event `bus` delivers to a subscriber of all types, in order. */
function heard(bus: SensingBus): BusEvent[] {
  const events: BusEvent[] = [];
  bus.subscribe(['observations', 'alert', 'detection', 'observations-stored', 'entities-changed'], (event) => events.push(event));
  return events;
}

describe('relay of sensing events between server processes', () => {
  it('cuts an event of any size into notifications under 8000 bytes and puts it together again', () => {
    const names = '秦岭大熊猫国家公园佛坪保护区'.repeat(1000);
    const event: BusEvent = { type: 'entities-changed', data: { set: 'Things', ids: [1], change: 'updated', properties: [names, '😀'.repeat(3000)] } };
    const parts = toParts('a', 7, event);
    expect(parts.length).toBeGreaterThan(Math.floor(JSON.stringify(event).length / PART_CHARS));
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThan(8000);
    const reader = new PartsReader();
    const read = parts.map((part) => reader.read(part));
    expect(read.slice(0, -1)).toEqual(parts.slice(0, -1).map(() => undefined));
    expect(read.at(-1)).toEqual({ origin: 'a', event });
  });

  it('drops an event a part of which went missing, and reads the next one whole', () => {
    const reader = new PartsReader();
    const big = toParts('a', 1, observationsOf(1, 3000));
    const small = toParts('a', 2, observationsOf(2, 1));
    expect([...big.slice(0, 1), ...big.slice(2)].map((part) => reader.read(part)).filter(Boolean)).toEqual([]);
    expect(reader.read(small[0]!)).toEqual({ origin: 'a', event: observationsOf(2, 1) });
    expect(reader.read('not a relayed event')).toBeUndefined();
  });

  it('lets every process hear every event once, in the order each process published them', async () => {
    const server = new FakeServer();
    const buses = [new SensingBus(), new SensingBus(), new SensingBus()];
    const received = buses.map(heard);
    const relays = await Promise.all(buses.map((bus) => startRelay(bus, server.connection(), (line) => expect.fail(line))));
    const published: BusEvent[][] = [[], [], []];
    for (let i = 0; i < 30; i++) {
      const from = i % 3;
      const event = observationsOf(from, i === 10 ? 5000 : 1 + i);
      published[from]!.push(event);
      buses[from]!.publish(event);
    }
    for (const relay of relays) await relay.flush();
    for (const [at, events] of received.entries()) {
      expect(events, `process ${at}`).toHaveLength(30);
      // each process's events arrive in the order it published them
      for (const from of [0, 1, 2]) expect(events.filter((event) => 'thingId' in event.data && event.data.thingId === from)).toEqual(published[from]);
    }
    for (const relay of relays) await relay.close();
    const sent = server.sent;
    buses[0]!.publish(observationsOf(9, 1));
    expect(server.sent).toBe(sent);
    expect(received[1]).toHaveLength(30);
  });

  it('sends no read values: a receiver makes the observations event from the ids, right after them, and only it', async () => {
    const server = new FakeServer();
    const [a, b] = [new SensingBus(), new SensingBus()];
    const [heardA, heardB] = [heard(a), heard(b)];
    const derived: number[] = [];
    const relays = [
      await startRelay(a, server.connection(), (line) => expect.fail(line)),
      await startRelay(
        b,
        server.connection(),
        (line) => expect.fail(line),
        async (event) => {
          if (event.type !== 'observations-stored') return undefined;
          derived.push(event.data.thingId);
          // a read that takes a while: what arrives meanwhile waits its turn
          await new Promise((resolve) => setImmediate(resolve));
          return { type: 'observations', data: { thingId: event.data.thingId, thingCode: event.data.thingCode, count: event.data.accepted, latest: [] } };
        },
      ),
    ];
    a.publish({ type: 'observations', data: { thingId: 1, thingCode: 'T1', count: 1, latest: [] } });
    a.publish(observationsOf(1, 1));
    a.publish(observationsOf(2, 2));
    for (const relay of relays) await relay.flush();
    expect(heardB.map((event) => `${event.type} ${'thingId' in event.data ? event.data.thingId : ''}`)).toEqual([
      'observations-stored 1',
      'observations 1',
      'observations-stored 2',
      'observations 2',
    ]);
    expect(derived).toEqual([1, 2]);
    // nothing comes back to the sender
    expect(heardA).toHaveLength(3);
    for (const relay of relays) await relay.close();
  });
});
