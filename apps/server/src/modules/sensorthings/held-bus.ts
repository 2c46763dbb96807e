/**
 * A sensing bus that holds what is published until the transaction it was published in commits
 * (sensing/events.ts: events go out after commit, never from inside a transaction that may roll
 * back). A batch's atomicity group (batch.ts) runs its requests in one transaction, whose inner
 * writes (ingest.ts `storeObservations`) publish when their own savepoint is done: through this
 * bus, their events reach the subscribers only once the group has committed, and never when it
 * rolls back.
 */
import { type BusEvent, type BusEventType, SensingBus } from '../sensing/events';

export class HeldBus extends SensingBus {
  private held: BusEvent[] = [];

  constructor(private readonly target: SensingBus) {
    super();
  }

  /** Holds `event` for {@link release}. */
  override publish(event: BusEvent): void {
    this.held.push(event);
  }

  override subscribe<T extends BusEventType>(types: readonly T[], listener: (event: Extract<BusEvent, { type: T }>) => void): () => void {
    return this.target.subscribe(types, listener);
  }

  /** The listeners of the bus the events will reach (so publishers skip work as they would there). */
  override listenerCount(type: BusEventType): number {
    return this.target.listenerCount(type);
  }

  /** Publishes what was held, in order, on the bus it stands for: call after commit. */
  release(): void {
    const events = this.held;
    this.held = [];
    for (const event of events) this.target.publish(event);
  }
}
