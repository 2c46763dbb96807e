/**
 * The session (登录与会话): reading it, signing in and out, changing one's own password; calls of
 * @eco/contracts/api/session. Who is signed in lives in the initial state (state/initial-state.ts),
 * which the screens load again after each of these writes; the initial-state gate then drops what
 * the previous user's queries held.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import { sessionApi as api } from '@eco/contracts/api/session';
import type { ChangePassword, Session, SignIn } from '@eco/contracts/site';
import { call, keyOf } from './client';

/**
 * `GET /api/session`: the signed-in user (null for a visitor) and the CSRF token. Rejects as
 * `request()` does (the request layer shows why).
 */
export function fetchSession(): Promise<Session> {
  return call(api.getSession);
}

/** What a form passes to a session write: the body, and its own handler of a refusal (instead of the generic display). */
export interface SessionWrite<B> {
  body: B;
  /** receives the error of a refused or failed call (docs/request-layer.md §Form messages); the promise still rejects */
  onError?: (error: unknown) => void;
}

/**
 * The session writes, as TanStack mutations (call `mutateAsync`):
 * - `signIn` `{ body: { account, password }, onError }` → `{ user }`; refusals are 401
 *   SIGN_IN_FAILED and 429 TOO_MANY_ATTEMPTS (with `Retry-After`);
 * - `signOut` → null; also when nobody was signed in;
 * - `changePassword` `{ body: { currentPassword, newPassword }, onError }` → `{ user }`; refusals
 *   are 400 PASSWORD_POLICY and CURRENT_PASSWORD_WRONG, 429 TOO_MANY_ATTEMPTS. Reloads the audit
 *   log (the change is recorded).
 * None reloads the initial state: the caller does (`refresh()`), once the write has succeeded.
 */
export function useSessionMutations() {
  const client = useQueryClient();
  return {
    signIn: useMutation({ mutationFn: ({ body, onError }: SessionWrite<SignIn>) => call(api.signIn, { body }, { errorHandler: onError }) }),
    signOut: useMutation({ mutationFn: () => call(api.signOut) }),
    changePassword: useMutation({
      mutationFn: ({ body, onError }: SessionWrite<ChangePassword>) => call(api.changeOwnPassword, { body }, { errorHandler: onError }),
      onSuccess: () => client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) }),
    }),
  };
}
