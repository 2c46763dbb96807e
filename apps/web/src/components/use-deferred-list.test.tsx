import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { type ListQueryState, useDeferredList } from './use-deferred-list';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useDeferredList', () => {
  it('renders an arriving answer first with the values it had, then with the rows, the placeholder changing with them', () => {
    const seen: { shown: string[] | undefined; firstLoad: boolean }[] = [];
    function Probe({ query }: { query: ListQueryState<string[]> }) {
      const { shown, firstLoad } = useDeferredList(query);
      seen.push({ shown, firstLoad });
      return null;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Probe query={{ data: undefined, isFetching: true, isPending: true }} />));
    expect(seen).toEqual([{ shown: undefined, firstLoad: true }]);

    const rows = ['LY/T 2581-2016'];
    act(() => root.render(<Probe query={{ data: rows, isFetching: false, isPending: false }} />));
    // the urgent render keeps the old values (a list memoised on them is not built again), the deferred one has the rows
    expect(seen.slice(1)).toEqual([
      { shown: undefined, firstLoad: true },
      { shown: rows, firstLoad: false },
    ]);
    act(() => root.unmount());
  });
});
