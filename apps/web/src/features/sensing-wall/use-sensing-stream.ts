import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LatestObservation } from '@eco/contracts/sensing';
import { SENSING_KEY } from './queries';

/** How long after the last event the screen's queries are refetched (several pushes arrive together), ms. */
const SETTLE_MS = 800;

/**
 * Listens to `GET /api/sensing/stream` (server-sent events) and keeps /stgz current without a
 * reload: each `observations`, `alert` or `detection` event refetches the sensing queries (once
 * per burst), and the observations it carries are returned at once for the ticker. EventSource
 * reconnects by itself (the server asks for 3 s); `live` says whether it is connected now.
 */
export function useSensingStream(): { live: boolean; arrived: LatestObservation[] } {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const [arrived, setArrived] = useState<LatestObservation[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const source = new EventSource('api/sensing/stream');
    const refresh = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void client.invalidateQueries({ queryKey: SENSING_KEY }), SETTLE_MS);
    };
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener('observations', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { latest: LatestObservation[] };
      setArrived((previous) => [...data.latest, ...previous].slice(0, 200));
      refresh();
    });
    source.addEventListener('alert', refresh);
    source.addEventListener('detection', refresh);
    return () => {
      source.close();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [client]);

  return { live, arrived };
}
