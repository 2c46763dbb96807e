import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertsApi } from '@eco/contracts/api/alerts';
import { useAlertStream } from './alerts';
import { keyOf } from './client';
import { REOPEN_MS, type SensingEventHandlers, useSensingEvents } from './sensing-events';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in for the browser's EventSource: the test opens it, sends events and fails it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** the server's answer arrived: connected */
  connect() {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.onopen?.());
  }
  /** the connection failed: `closed` when the browser gives up (an answer that is not a stream) */
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => this.onerror?.());
  }
  send(name: string, data: string) {
    act(() => {
      for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
    });
  }
}

let container: HTMLDivElement;
let root: Root;
let client: QueryClient;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
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

/**
 * Renders `use` in a component and returns a getter of what it answered last; `rerender` renders
 * the same component again (a new render, not a new mount).
 */
function renderHook<T>(use: () => T): (() => T) & { rerender: () => void } {
  let answer: T;
  function Probe(): ReactNode {
    answer = use();
    return null;
  }
  const render = () => act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Probe))));
  render();
  return Object.assign(() => answer, { rerender: render });
}

const stream = (i = 0) => {
  const source = FakeEventSource.opened[i];
  if (!source) throw new Error(`no stream #${i}`);
  return source;
};

describe('useSensingEvents', () => {
  it('opens one stream on /api/sensing/stream and says whether it is connected', () => {
    const live = renderHook(() => useSensingEvents({}));
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(stream().url).toBe('api/sensing/stream');
    expect(live()).toBe(false);
    stream().connect();
    expect(live()).toBe(true);
    // dropped: the browser reconnects by itself, the hook does not open another
    stream().fail(false);
    expect(live()).toBe(false);
    act(() => vi.advanceTimersByTime(REOPEN_MS * 2));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('calls the handler of each event with its data, the newest handlers without reopening', () => {
    const seen: string[] = [];
    let round = 1;
    // each render makes new handlers that remember the round they were made in
    const handlers = (made: number): SensingEventHandlers => ({
      verification: (data) => seen.push(`${made}:${data.at}`),
    });
    const hook = renderHook(() => useSensingEvents(handlers(round)));
    stream().send('verification', JSON.stringify({ at: '2026-11-24T08:00:00+08:00' }));
    round = 2;
    hook.rerender();
    stream().send('verification', JSON.stringify({ at: '2026-11-24T08:05:00+08:00' }));
    // no handler for it, and data that is not JSON: skipped
    stream().send('detection', '{}');
    stream().send('verification', 'not json');
    expect(seen).toEqual(['1:2026-11-24T08:00:00+08:00', '2:2026-11-24T08:05:00+08:00']);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens the stream again 30 s after the browser gave up on it, and never after unmounting', () => {
    renderHook(() => useSensingEvents({}));
    stream().fail(true);
    act(() => vi.advanceTimersByTime(REOPEN_MS - 1));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    stream(1).fail(true);
    act(() => root.unmount());
    root = createRoot(container);
    act(() => vi.advanceTimersByTime(REOPEN_MS));
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('closes the stream when unmounted', () => {
    renderHook(() => useSensingEvents({}));
    stream().connect();
    act(() => root.unmount());
    root = createRoot(container);
    expect(stream().readyState).toBe(FakeEventSource.CLOSED);
  });
});

describe('useAlertStream', () => {
  it('refetches the alerts and the rules once after a burst of alerts', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const live = renderHook(() => useAlertStream());
    stream().connect();
    expect(live()).toBe(true);
    stream().send('alert', '{"id":1}');
    act(() => vi.advanceTimersByTime(300));
    stream().send('alert', '{"id":2}');
    act(() => vi.advanceTimersByTime(499));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([keyOf(alertsApi.listAlerts), keyOf(alertsApi.listAlertRules)]);
  });
});
