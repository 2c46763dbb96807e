import { type RefObject, startTransition, useEffect, useState } from 'react';

/** The longest a part waits for the browser to be idle once it is near the screen (ms), with `idle`. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the element of `near` is within one screen height below the visible part of the page
 * (or anywhere above it), true from then on; with `onScreen`, only once some of it is in view; with
 * `idle`, only once the browser has then had an idle moment (or {@link IDLE_TIMEOUT_MS} have
 * passed). A part of a page that is not on the first screen renders — and asks for its data — only when a visitor comes near it: on a phone the map and the
 * lists under it are screens further down, and a visitor who never scrolls there never pays for
 * them; on a big screen they come right after the first paint instead of competing with it for the
 * main thread (issue 13 item 9: total blocking time). Without IntersectionObserver (old browsers,
 * jsdom) it is true at once (after the idle moment with `idle`).
 *
 * `onScreen` is for a part whose drawing is itself long work (the home page's map: about 0.3 s of
 * main thread at 4× CPU slowdown, docs/web.md §First load): it is drawn when the visitor can see it,
 * not while the page loads just above it.
 */
export function useNearScreen(near: RefObject<HTMLElement | null>, { idle = false, onScreen = false }: { idle?: boolean; onScreen?: boolean } = {}): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = near.current;
    let cancelIdle = () => {};
    // a transition, so rendering what comes in yields to input instead of blocking it
    const go = () => startTransition(() => setReady(true));
    const whenReady = () => {
      if (!idle) return go();
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const timer = setTimeout(go, 0);
        cancelIdle = () => clearTimeout(timer);
      }
    };
    if (!element || typeof IntersectionObserver !== 'function') {
      whenReady();
      return () => cancelIdle();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        whenReady();
      },
      { rootMargin: onScreen ? '0px' : '100% 0px 100% 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [near, idle, onScreen]);
  return ready;
}
