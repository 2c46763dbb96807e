/**
 * The in-process event bus of the sensing hub: ingestion and the alert rules publish; the
 * server-sent events stream (`GET /api/sensing/stream`) and the SensorThings MQTT broker
 * (modules/sensorthings/mqtt/) subscribe, each to the event types it uses.
 *
 * Listeners are counted per type, so a publisher can skip the work behind an event nobody listens
 * to (ingest.ts reads the newest values for the live screens only while a stream is open, however
 * many MQTT clients are connected).
 *
 * Several server processes on one PostgreSQL hear each other's events through relay.ts (NOTIFY/LISTEN):
 * what another process published arrives on this bus as if published here (PGlite is one process).
 */
import { EventEmitter } from 'node:events';
import type { SensingEvent } from '@eco/contracts/sensing';
import type { EntitySet } from '@eco/contracts/sensorthings';

/**
 * Observations committed by one ingestion (ingest.ts), by their ids in `observations` (their
 * SensorThings `@iot.id`s): the items accepted and the AQI derived from them. Carries ids only, so
 * publishing it costs no query; the MQTT broker reads the entities when somebody subscribes to them,
 * and a process that hears it from another (relay.ts) makes the event stream's `observations`
 * event from it (observations-event.ts) only while one of its streams is open.
 * The server's own event: never on the wire (the event stream does not subscribe to it).
 */
export interface ObservationsStored {
  type: 'observations-stored';
  data: {
    thingId: number;
    thingCode: string;
    /** the items accepted (derived AQI not counted) */
    accepted: number;
    /** the Datastreams that received rows, derived AQI included */
    datastreamIds: number[];
    ids: number[];
  };
}

/**
 * SensorThings entities created or changed (committed) other than by ingestion: by the
 * SensorThings API or the portal's own screens (the registry). `properties`: for a change, the
 * properties it set (MQTT subscribers of a property topic hear only of those); absent for a
 * creation. The server's own event, for the MQTT broker (sensorthings/mqtt/publish.ts).
 */
export interface EntitiesChanged {
  type: 'entities-changed';
  data: { set: EntitySet; ids: number[]; change: 'created' | 'updated'; properties?: string[] };
}

/** Every event of the bus: those of the event stream (`SensingEvent`, on the wire) and the server's own. */
export type BusEvent = SensingEvent | ObservationsStored | EntitiesChanged;
export type BusEventType = BusEvent['type'];

export class SensingBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // one listener per open stream; a control room with many screens is expected
    this.emitter.setMaxListeners(0);
  }

  /** Publishes after the change is committed (never from inside a transaction that may roll back). */
  publish(event: BusEvent): void {
    this.emitter.emit(event.type, event);
  }

  /** Subscribes to the events of `types`; returns the unsubscribe function. */
  subscribe<T extends BusEventType>(types: readonly T[], listener: (event: Extract<BusEvent, { type: T }>) => void): () => void {
    // the emitter passes what publish() gave for that type, so the cast only restates the type
    const handler = listener as (event: BusEvent) => void;
    for (const type of types) this.emitter.on(type, handler);
    return () => {
      for (const type of types) this.emitter.off(type, handler);
    };
  }

  /** How many listeners the events of `type` have now. */
  listenerCount(type: BusEventType): number {
    return this.emitter.listenerCount(type);
  }
}
