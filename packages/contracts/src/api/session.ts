/**
 * The session (登录与会话), docs/access.md §Sign-in and sessions: who is signed in and the CSRF
 * token, signing in and out, and changing one's own password.
 */
import { Type } from 'typebox';
import { ChangePasswordSchema, SessionSchema, SignedInSchema, SignInSchema } from '../site';
import { defineEndpoints, PUBLIC } from './endpoint';

const tags = ['session'] as const;

export const sessionApi = defineEndpoints({
  getSession: {
    method: 'GET',
    path: '/api/session',
    summary: 'The signed-in user (or null) and the CSRF token',
    description:
      'For everyone, part of the initial state the web app loads before it renders (docs/routes.md §Initial state). `user` is null for an anonymous visitor; `mustChangePassword` says the user has to choose a new password before anything else. `csrfToken` goes in the `x-csrf-token` header of every POST, PUT, PATCH and DELETE (docs/access.md §CSRF); the answer is never cached (`Cache-Control: no-store`).',
    tags,
    access: PUBLIC,
    response: SessionSchema,
    errors: [],
  },
  signIn: {
    method: 'POST',
    path: '/api/session',
    summary: 'Sign in with account and password',
    description:
      'For everyone (with the CSRF token of `GET /api/session`). The account is compared ignoring case. On success a new session cookie `eco_session` (any previous session id is replaced) and the user; then load `GET /api/session` again for the new CSRF token. One answer, 401 SIGN_IN_FAILED, for an unknown account, a wrong password and a disabled account. At most 5 failures per account and 20 per client address within 15 minutes, then 429 TOO_MANY_ATTEMPTS with `Retry-After` (seconds).',
    tags,
    access: PUBLIC,
    body: SignInSchema,
    response: SignedInSchema,
    errors: ['SIGN_IN_FAILED', 'TOO_MANY_ATTEMPTS'],
  },
  signOut: {
    method: 'DELETE',
    path: '/api/session',
    summary: 'Sign out',
    description:
      'Ends this session (its row is deleted, the cookie cleared) and records the sign-out. Also while a password change is required; a visitor who is not signed in gets the same answer and nothing is recorded.',
    tags,
    access: PUBLIC,
    response: Type.Null(),
    errors: [],
  },
  changeOwnPassword: {
    method: 'PUT',
    path: '/api/session/password',
    summary: 'Change your own password',
    description:
      'Any signed-in user, also (and above all) while a password change is required after an administrator set a temporary one. 400 PASSWORD_POLICY names the rule the new password breaks (10–128 characters, not a commonly used password, not containing the account, not the current one); 400 CURRENT_PASSWORD_WRONG is counted like a failed sign-in (429 TOO_MANY_ATTEMPTS with `Retry-After` beyond the limit). On success your other sessions end and this one gets a new id; the answer is the user with `mustChangePassword: false`.',
    tags,
    access: { kind: 'signed-in', duringPasswordChange: true },
    body: ChangePasswordSchema,
    response: SignedInSchema,
    errors: ['PASSWORD_POLICY', 'CURRENT_PASSWORD_WRONG', 'TOO_MANY_ATTEMPTS'],
  },
});
