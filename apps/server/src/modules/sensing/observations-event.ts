/**
 * The event stream's `observations` event (contracts `SensingEvent`) made from what an ingestion
 * stored (events.ts `ObservationsStored`): the Thing, how many items were accepted and the newest
 * values of the Datastreams that received rows (at most 50), read now — in the process that
 * stored them (ingest.ts) or in another that heard of it through the relay (relay.ts, main.ts).
 */
import type { SensingEvent } from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import type { ObservationsStored } from './events';
import { latestObservations } from './read';

/** Reads the newest values of `stored.datastreamIds`; one query. */
export async function observationsEvent(db: Db, stored: ObservationsStored['data']): Promise<Extract<SensingEvent, { type: 'observations' }>> {
  return {
    type: 'observations',
    data: {
      thingId: stored.thingId,
      thingCode: stored.thingCode,
      count: stored.accepted,
      latest: await latestObservations(db, { datastreamIds: stored.datastreamIds, limit: 50 }),
    },
  };
}
