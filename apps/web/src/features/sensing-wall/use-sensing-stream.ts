import { useState } from 'react';
import type { LatestObservation } from '@eco/contracts/sensing';
import { areaKey } from '../../api/client';
import { useSensingEvents, useSettledRefetch } from '../../api/sensing-events';

/** How long after the last event the screen's queries are refetched (several pushes arrive together), ms. */
const SETTLE_MS = 800;
/** How many of the observations the stream brought are kept for the ticker (newest first). */
const ARRIVED_MAX = 200;

/**
 * Keeps /stgz current without a reload, on the sensing hub's event stream (api/sensing-events.ts,
 * which reconnects and reopens it): each `observations`, `alert` or `detection` event refetches
 * the sensing queries, and a `verification` or `alert` event (a camera's fire alarm makes a task)
 * the verification figures and pins (once per burst); the observations an event carries are
 * returned at once for the ticker, newest first, at most 200. `live` says whether it is connected now.
 */
export function useSensingStream(): { live: boolean; arrived: LatestObservation[] } {
  const [arrived, setArrived] = useState<LatestObservation[]>([]);
  const refetch = useSettledRefetch(SETTLE_MS);
  const live = useSensingEvents({
    observations: (data) => {
      setArrived((previous) => [...data.latest, ...previous].slice(0, ARRIVED_MAX));
      refetch(areaKey('sensing'));
    },
    alert: () => refetch(areaKey('sensing'), areaKey('verification')),
    detection: () => refetch(areaKey('sensing')),
    verification: () => refetch(areaKey('verification')),
  });
  return { live, arrived };
}
