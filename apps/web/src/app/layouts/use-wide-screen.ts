import { useSyncExternalStore } from 'react';

/** antd's `xl` breakpoint (its theme token screenXL, which app/theme.ts leaves as it is). */
const WIDE = '(min-width: 1200px)';

const canMatch = () => typeof window.matchMedia === 'function';

function subscribe(onChange: () => void): () => void {
  if (!canMatch()) return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => !canMatch() || window.matchMedia(WIDE).matches;

/**
 * True while the window is at least 1200 px wide, from the layout's very first render on. antd's
 * Grid.useBreakpoint answers `{}` on its first render and the real screen only after it: a phone
 * got the desktop menu first, measured it (useHeaderWraps) and then drew the header again with
 * its menu button (issue 13 item 9: work on a phone's first load). Without matchMedia (old
 * browsers): wide.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
