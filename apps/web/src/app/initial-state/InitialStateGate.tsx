import { startTransition, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Button from 'antd/es/button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearRequestCache, onUnauthorized } from '../../request/request';
import { fetchInitialState, InitialStateContext, type InitialState } from '../../state/initial-state';
import { WarningResult } from '../../components/WarningResult';

type Loaded = Omit<InitialState, 'refresh'>;

/**
 * The first load of the initial state, started before the app renders (main.tsx): the state, or null
 * when it failed (the request layer has said why).
 */
export function loadFirstState(): Promise<Loaded | null> {
  return fetchInitialState().catch(() => null);
}

/**
 * The initial-state gate (docs/routes.md §Initial state): until settings and session have loaded once, renders
 * `loading` (nothing by default); then its children, with the state in context. A failed first
 * load offers a retry instead of a blank page; a failed refresh keeps the state it had.
 *
 * Given `first` ({@link loadFirstState}), the gate suspends until it has settled instead of
 * rendering `loading`: in the app's first render, a transition (main.tsx), React then commits
 * nothing, and what the page drew before the app ran (its header and the screen's heading,
 * apps/web/build/boot.js) stays up until the first screen replaces it, rather than a blank page
 * between them (issue 13 item 9). A failed first load offers the retry as before.
 *
 * It also keeps the state true to the server: a 401 answer to any request while someone is signed
 * in (the session ended, e.g. idle timeout) loads the state again, so the header and the screens
 * show the visitor as signed out. When the signed-in user changes, cached data of the previous
 * one is dropped.
 */
export function InitialStateGate({ children, loading = null, first }: { children: ReactNode; loading?: ReactNode; first?: Promise<Loaded | null> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const firstState = first ? use(first) : undefined;
  const [state, setState] = useState<Loaded | null>(firstState ?? null);
  const [failed, setFailed] = useState(firstState === null);
  const stateRef = useRef<Loaded | null>(firstState ?? null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    // Only the newest load may set the state: a refresh started before a sign-in must not
    // overwrite the one started after it.
    const ticket = ++latest.current;
    setFailed(false);
    try {
      // The page title is the layouts' job (`<screen> - <settings.title>`): set here, it would
      // overwrite the screen's title on a first load (a parent's effects run after its children's).
      const loaded = await fetchInitialState();
      if (ticket !== latest.current) return;
      const first = stateRef.current === null;
      stateRef.current = loaded;
      // The first state brings in the whole first screen: as a transition, React builds it in slices
      // that yield to the browser instead of one long task (issue 13 item 9: total blocking time).
      // A later state (sign-in, sign-out) is set at once, so what follows it sees it.
      if (first) startTransition(() => setState(loaded));
      else setState(loaded);
    } catch {
      if (ticket === latest.current) setFailed(true); // the request layer has already said why
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load happens once, here or before the render (`first`)
  useEffect(() => {
    if (!first) void load();
  }, [load]);

  // A burst of 401s (several queries at once) needs one reload, not one each.
  const reloadingAfter401 = useRef(false);
  useEffect(
    () =>
      onUnauthorized(() => {
        // An anonymous visitor's 401 (a wrong password) changes nothing.
        if (!stateRef.current?.currentUser || reloadingAfter401.current) return;
        reloadingAfter401.current = true;
        void load().finally(() => (reloadingAfter401.current = false));
      }),
    [load],
  );

  const userId = state?.currentUser?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the signed-in user changes, which is what userId is for
  useEffect(() => {
    // What the previous user saw (e.g. the user list) must not show for the next one.
    queryClient.removeQueries({ type: 'inactive' });
    clearRequestCache();
  }, [userId, queryClient]);

  const value = useMemo(() => (state ? { ...state, refresh: load } : null), [state, load]);
  if (value) return <InitialStateContext value={value}>{children}</InitialStateContext>;
  if (failed) {
    return (
      <WarningResult
        title={t('initialState.failed')}
        extra={
          <Button type="primary" onClick={() => void load()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return loading;
}
