/**
 * The live events of the sensing hub (`GET /api/sensing/stream`, server-sent events; the event
 * names and their data are `SensingEvent` of @eco/contracts/sensing), opened in one place for every
 * screen that listens: the wall (/stgz) and the alerts section of the back office.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { SensingEvent } from '@eco/contracts/sensing';
import { sensingStreamHref } from './sensing';

/** The names of the stream's events (`event:` of each message). */
export type SensingEventName = SensingEvent['type'];

/** What to do with each kind of event, given its data as parsed from JSON; kinds left out are ignored. */
export type SensingEventHandlers = { [K in SensingEventName]?: (data: Extract<SensingEvent, { type: K }>['data']) => void };

const EVENT_NAMES: readonly SensingEventName[] = ['observations', 'alert', 'detection', 'verification'];

/**
 * How long to wait before opening the stream again when the browser has given up on it, ms. An
 * `EventSource` reconnects by itself after a dropped connection (the server asks for 3 s), but not
 * after an answer that is not a stream, e.g. 429 TOO_MANY_STREAMS when too many screens at one
 * address listen; meanwhile the screens' own refresh intervals keep them current.
 */
export const REOPEN_MS = 30_000;

/**
 * Listens to the sensing hub's event stream while the component is mounted and calls the handler
 * of each event that arrives with its data. The handlers may be new objects on every render: the
 * newest are called, and the stream is not reopened for them. A stream the browser closed (refused)
 * is opened again after REOPEN_MS; unmounting closes it and cancels that. An event whose data is
 * not JSON is skipped. Answers whether the stream is connected now.
 */
export function useSensingEvents(handlers: SensingEventHandlers): boolean {
  const [live, setLive] = useState(false);
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    const open = () => {
      reopen = null;
      const stream = new EventSource(sensingStreamHref());
      source = stream;
      stream.onopen = () => setLive(true);
      stream.onerror = () => {
        setLive(false);
        if (stream.readyState === EventSource.CLOSED) reopen = setTimeout(open, REOPEN_MS);
      };
      for (const name of EVENT_NAMES) {
        stream.addEventListener(name, (event) => {
          const handler = current.current[name] as ((data: unknown) => void) | undefined;
          if (!handler) return;
          let data: unknown;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return;
          }
          handler(data);
        });
      }
    };
    open();
    return () => {
      source?.close();
      if (reopen) clearTimeout(reopen);
    };
  }, []);

  return live;
}

/**
 * Refetches queries once a burst of events has passed: each call adds query keys (prefixes, as
 * `invalidateQueries` takes them) to the next refetch and starts the quiet period of `settleMs`
 * again, since several events often arrive together (a rule change opens or closes several alerts
 * at once). Unmounting drops a refetch still waiting.
 */
export function useSettledRefetch(settleMs: number): (...keys: QueryKey[]) => void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stale = useRef(new Map<string, QueryKey>());

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  return useCallback(
    (...keys: QueryKey[]) => {
      for (const key of keys) stale.current.set(JSON.stringify(key), key);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const due = [...stale.current.values()];
        stale.current.clear();
        for (const queryKey of due) void client.invalidateQueries({ queryKey });
      }, settleMs);
    },
    [client, settleMs],
  );
}
