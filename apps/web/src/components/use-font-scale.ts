import { useSyncExternalStore } from 'react';

/** The factor app/display-mode/display-mode.ts sets on `<html>` (`--eco-font-scale`), 1 when unset. */
function readFontScale(): number {
  return Number(document.documentElement.style.getPropertyValue('--eco-font-scale')) || 1;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
  return () => observer.disconnect();
}

/**
 * The text size the visitor chose, as a factor of the standard size: 1, 17/14 or 20/14 (the
 * portal's CSS multiplies by the same `--eco-font-scale`). For what CSS cannot reach, such as text
 * drawn on a canvas. Re-renders when the visitor changes it.
 */
export function useFontScale(): number {
  return useSyncExternalStore(subscribe, readFontScale, () => 1);
}
