/**
 * The in-process event bus of the sensing hub: ingestion and the alert rules publish, the
 * server-sent events stream (`GET /api/sensing/stream`) subscribes.
 *
 * One process only: with several server processes behind a load balancer each would need to hear
 * the others' events — publish with PostgreSQL `NOTIFY sensing, '<json>'` after commit and have
 * every process `LISTEN sensing` and feed its own bus (PGlite is single-process, so not needed there).
 */
import { EventEmitter } from 'node:events';
import type { SensingEvent } from '@eco/contracts/sensing';

export class SensingBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // one listener per open stream; a control room with many screens is expected
    this.emitter.setMaxListeners(0);
  }

  /** Publishes after the change is committed (never from inside a transaction that may roll back). */
  publish(event: SensingEvent): void {
    this.emitter.emit('event', event);
  }

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: (event: SensingEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  get listeners(): number {
    return this.emitter.listenerCount('event');
  }
}
