import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { LatestObservation } from '@eco/contracts/sensing';
import { areaKey } from '../../api/client';
import { useSensingStream } from './use-sensing-stream';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in for the browser's EventSource through which the test sends events (api/sensing-events.test.ts tests the connection itself). */
class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor() {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(name: string, data: unknown) {
    act(() => {
      for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
    });
  }
}

const observation = (datastreamId: number, result: number): LatestObservation =>
  ({ datastreamId, result, observedProperty: 'pm2_5', phenomenonTime: '2026-11-24T08:00:00+08:00' }) as LatestObservation;

let container: HTMLDivElement;
let root: Root;
let client: QueryClient;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  client = new QueryClient();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('shows pushed observations at once and refetches the sensing and verification areas once per burst', () => {
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  let wall: ReturnType<typeof useSensingStream> | undefined;
  function Probe(): ReactNode {
    wall = useSensingStream();
    return null;
  }
  act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Probe))));
  const stream = FakeEventSource.last!;
  stream.send('observations', { thingId: 1, thingCode: '1462A', count: 1, latest: [observation(7, 35)] });
  stream.send('observations', { thingId: 1, thingCode: '1462A', count: 1, latest: [observation(7, 41)] });
  // newest first, before any refetch
  expect(wall?.arrived.map((o) => o.result)).toEqual([41, 35]);
  stream.send('alert', { id: 3 });
  stream.send('detection', { id: 4 });
  act(() => vi.advanceTimersByTime(799));
  expect(invalidate).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(1));
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([areaKey('sensing'), areaKey('verification')]);
  // a task changed: only the verification figures and pins
  invalidate.mockClear();
  stream.send('verification', { at: '2026-11-24T08:00:00+08:00' });
  act(() => vi.advanceTimersByTime(800));
  expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([areaKey('verification')]);
});
