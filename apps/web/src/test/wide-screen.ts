/**
 * Makes jsdom answer `matchMedia` as a wide screen does (every `min-width` query matches, no
 * `max-width` one): antd's breakpoints (Pagination, Table, Grid) read it, and jsdom has none.
 * Leaves a `matchMedia` that is already there alone. For unit tests only.
 */
export function assumeWideScreen(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: !query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
