/**
 * The reader's display mode (适老化 / 无障碍, after MIIT 互联网网站适老化通用设计规范, 2020): a text
 * size — standard, large or extra large — and a high-contrast mode. Remembered in localStorage
 * (`eco.display`, this browser only), shown on `<html>` as `data-font-size` and `data-contrast`
 * (display-mode.css scales and recolours the portal's own styles from them) and given to antd's
 * ConfigProvider as tokens (app/theme.ts), so antd's components scale and recolour too.
 */
import { useSyncExternalStore } from 'react';

export const FONT_SIZES = ['standard', 'large', 'extraLarge'] as const;
/** standard: 14 px body text; large: 17 px; extraLarge: 20 px (see {@link FONT_PX}). */
export type FontSize = (typeof FONT_SIZES)[number];

export interface DisplayMode {
  fontSize: FontSize;
  /** black text on white, dark borders, underlined links, a stronger focus ring */
  highContrast: boolean;
}

export const DEFAULT_DISPLAY_MODE: DisplayMode = { fontSize: 'standard', highContrast: false };

/** Body text size per step (px): antd's `fontSize` token, and 14 px × the scale for the portal's own styles. */
export const FONT_PX: Record<FontSize, number> = { standard: 14, large: 17, extraLarge: 20 };

/** localStorage key of the remembered mode (JSON of {@link DisplayMode}). */
export const DISPLAY_MODE_STORAGE_KEY = 'eco.display';

/**
 * The remembered mode, or the default when none is stored, the storage is blocked (private mode,
 * sandboxed frames) or what is stored is not a mode this version knows (each field on its own).
 */
export function readDisplayMode(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): DisplayMode {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(DISPLAY_MODE_STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return DEFAULT_DISPLAY_MODE;
    const { fontSize, highContrast } = stored as Record<string, unknown>;
    return {
      fontSize: (FONT_SIZES as readonly unknown[]).includes(fontSize) ? (fontSize as FontSize) : DEFAULT_DISPLAY_MODE.fontSize,
      highContrast: highContrast === true,
    };
  } catch {
    return DEFAULT_DISPLAY_MODE;
  }
}

/** Shows `mode` on `<html>`: `data-font-size`, `data-contrast` and the `--eco-font-scale` the portal's CSS multiplies by. */
export function applyDisplayMode(mode: DisplayMode, root: HTMLElement | undefined = globalThis.document?.documentElement): void {
  if (!root) return;
  root.dataset.fontSize = mode.fontSize;
  root.dataset.contrast = mode.highContrast ? 'high' : 'standard';
  root.style.setProperty('--eco-font-scale', String(FONT_PX[mode.fontSize] / FONT_PX.standard));
}

let current: DisplayMode = readDisplayMode();
const listeners = new Set<() => void>();

/** The mode in use now. */
export function currentDisplayMode(): DisplayMode {
  return current;
}

/**
 * Changes the mode (the fields given), remembers it and applies it to the page at once; every
 * {@link useDisplayMode} re-renders. Not remembered when the storage is blocked, but still applied.
 */
export function setDisplayMode(change: Partial<DisplayMode>, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  current = { ...current, ...change };
  try {
    storage?.setItem(DISPLAY_MODE_STORAGE_KEY, JSON.stringify(current));
  } catch {
    /* not remembered; the change still applies to this page */
  }
  applyDisplayMode(current);
  for (const listener of listeners) listener();
}

/** Reads the remembered mode again (as at boot) and applies it; for tests and a storage event from another tab. */
export function reloadDisplayMode(storage?: Pick<Storage, 'getItem'>): DisplayMode {
  current = readDisplayMode(storage);
  applyDisplayMode(current);
  for (const listener of listeners) listener();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The display mode, re-rendering the component when it changes. */
export function useDisplayMode(): DisplayMode {
  return useSyncExternalStore(subscribe, currentDisplayMode, currentDisplayMode);
}
