/**
 * The item a screen has open in full (a notice, a regulation), for the layout's breadcrumbs and
 * page title: a screen names it with {@link useOpenItemTitle}; the layout reads it with
 * {@link useOpenItem}. A module-level store, as features cannot reach the layout (docs/web.md
 * §Boundaries) and there is one layout at a time.
 */
import { useEffect, useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null): void {
  if (title === current) return;
  current = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Names the item this screen shows in full while it is mounted and `title` is set (null or
 * undefined: none, e.g. while it loads); the breadcrumbs end with it and the page title starts with
 * it (`<title> - 技术规范 - <site>`).
 */
export function useOpenItemTitle(title: string | null | undefined): void {
  const value = title ?? null;
  useEffect(() => {
    set(value);
    return () => {
      if (current === value) set(null);
    };
  }, [value]);
}

/** The title of the item the current screen has open, or null. */
export function useOpenItem(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}
