/**
 * The initial state (docs/routes.md §Initial state): site settings and the session (the signed-in
 * user, and the CSRF token handed to the request layer), loaded once before the app renders and
 * read everywhere through `useInitialState()`.
 */
import { createContext, useContext } from 'react';
import type { CurrentUser, SiteSettings } from '@eco/contracts/site';
import { fetchSession } from '../api/session';
import { fetchSiteSettings } from '../api/site';
import { setCsrfToken } from '../request/request';
import { setUploadMaxBytes } from '../request/upload-limit';

export interface InitialState {
  settings: SiteSettings;
  /** the signed-in user; null for an anonymous visitor */
  currentUser: CurrentUser | null;
  /**
   * Loads settings and session again: call it after signing in or out, changing one's password or
   * the site settings. Resolves once the new state is in place (or the load failed: the request
   * layer has then said why and the previous state stays).
   */
  refresh(): Promise<void>;
}

/**
 * Fetches settings and session in parallel and hands the session's CSRF token to the request
 * layer (`setCsrfToken`), so state-changing requests carry it from then on. Rejects (and the
 * request layer shows why) on failure.
 */
export async function fetchInitialState(): Promise<Omit<InitialState, 'refresh'>> {
  const [settings, session] = await Promise.all([fetchSiteSettings(), fetchSession()]);
  setCsrfToken(session.csrfToken);
  setUploadMaxBytes(session.uploadMaxBytes);
  return { settings, currentUser: session.user };
}

export const InitialStateContext = createContext<InitialState | null>(null);

/** The loaded initial state; only valid below the gate, which renders nothing until it is ready. */
export function useInitialState(): InitialState {
  const state = useContext(InitialStateContext);
  if (!state) throw new Error('useInitialState() used outside the initial-state gate');
  return state;
}
