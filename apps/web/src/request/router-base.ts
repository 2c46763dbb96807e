/**
 * The router base: the hash-route prefix every in-app path starts with. The page sets
 * `window.routerBase` before the app mounts (default `/`); the router and the error catalogue's
 * redirect (docs/request-layer.md §Error display, showType 9) both read it through {@link routerBase}.
 */

declare global {
  interface Window {
    /** Route prefix set by the hosting page before the app mounts, e.g. `/portal/`. Default `/`. */
    routerBase?: string;
  }
}

/**
 * The router base, normalised to start and end with `/` (repeated slashes collapsed).
 *
 * @param raw the configured value; defaults to `window.routerBase` (undefined outside a browser).
 * @returns `/` when nothing (or only whitespace) is configured; otherwise e.g. `portal` → `/portal/`,
 *   `/a/b` → `/a/b/`, `/x/` → `/x/`. Never throws.
 */
export function routerBase(raw: string | undefined = globalThis.window?.routerBase): string {
  const trimmed = typeof raw === 'string' ? raw.trim() : '';
  return `/${trimmed}/`.replace(/\/{2,}/g, '/');
}
