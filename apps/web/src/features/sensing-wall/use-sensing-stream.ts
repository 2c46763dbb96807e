import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LatestObservation, SensingEvent } from '@eco/contracts/sensing';
import { areaKey } from '../../api/client';
import { sensingStreamHref } from '../../api/sensing';

/** How long after the last event the screen's queries are refetched (several pushes arrive together), ms. */
const SETTLE_MS = 800;
/**
 * How long to wait before opening the stream again when the browser has given up on it, ms. An
 * `EventSource` reconnects by itself after a dropped connection, but not after an answer that is
 * not a stream, e.g. 429 TOO_MANY_STREAMS when too many screens at one address listen; meanwhile
 * the screen's own refresh intervals keep it current.
 */
const REOPEN_MS = 30_000;

/**
 * Listens to `GET /api/sensing/stream` (server-sent events) and keeps /stgz current without a
 * reload: each `observations`, `alert` or `detection` event refetches the sensing queries, and a
 * `verification` or `alert` event (a camera's fire alarm makes a task) the verification figures
 * and pins (once per burst); the observations an event carries are returned at once for the ticker. EventSource
 * reconnects by itself (the server asks for 3 s); a stream the browser closed (refused) is opened
 * again after 30 s. `live` says whether it is connected now.
 */
export function useSensingStream(): { live: boolean; arrived: LatestObservation[] } {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const [arrived, setArrived] = useState<LatestObservation[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    /** the areas whose queries the next refetch covers */
    const stale = new Set<'sensing' | 'verification'>();
    const refresh = (...areas: ('sensing' | 'verification')[]) => {
      for (const area of areas) stale.add(area);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        for (const area of stale) void client.invalidateQueries({ queryKey: areaKey(area) });
        stale.clear();
      }, SETTLE_MS);
    };
    const open = () => {
      const stream = new EventSource(sensingStreamHref());
      source = stream;
      stream.onopen = () => setLive(true);
      stream.onerror = () => {
        setLive(false);
        if (stream.readyState === EventSource.CLOSED) reopen = setTimeout(open, REOPEN_MS);
      };
      stream.addEventListener('observations', (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as Extract<SensingEvent, { type: 'observations' }>['data'];
        setArrived((previous) => [...data.latest, ...previous].slice(0, 200));
        refresh('sensing');
      });
      stream.addEventListener('alert', () => refresh('sensing', 'verification'));
      stream.addEventListener('detection', () => refresh('sensing'));
      stream.addEventListener('verification', () => refresh('verification'));
    };
    open();
    return () => {
      source?.close();
      if (reopen) clearTimeout(reopen);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [client]);

  return { live, arrived };
}
