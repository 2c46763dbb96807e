import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { PASSWORD_MAX } from '@eco/contracts/roles';
import { CurrentUserSchema, SessionSchema } from '@eco/contracts/site';
import { currentUserOf } from '../../auth/current-user';
import { signedIn } from '../../auth/guards';
import { SESSION_COOKIE } from '../../auth/register-auth';
import { storedSid } from '../../auth/session-store';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { SINGLE_LINE } from '@eco/contracts/text';
import { changeOwnPassword, recordSignOut, signIn } from './service';

/** Longest password a sign-in or change may carry; longer ones cannot be any user's (policy: ≤ 128). */
const PASSWORD_INPUT_MAX = 1024;

const SignInBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 200, pattern: SINGLE_LINE }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_INPUT_MAX }),
}, { additionalProperties: false });

const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_INPUT_MAX }),
  newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_INPUT_MAX, description: `The policy: 10–${PASSWORD_MAX} characters, not a common password, not containing the account` }),
}, { additionalProperties: false });

const UserData = Ok(Type.Object({ user: CurrentUserSchema }));

/**
 * The session (seed §1 initial state; sign-in, sign-out, own password):
 * - `GET /api/session` → `{ user | null, csrfToken }` for anyone;
 * - `POST /api/session` → sign in: 200 `{ user }` and a new session cookie (any previous session
 *   id is replaced); 401 SIGN_IN_FAILED; 429 TOO_MANY_ATTEMPTS with Retry-After;
 * - `DELETE /api/session` → sign out (the session row is deleted, the cookie cleared);
 * - `PUT /api/session/password` → change one's own password (signed in; allowed while a change is
 *   required); the other sessions of the user end and this one gets a new id.
 */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user (or null) and the CSRF token for x-csrf-token',
        response: { 200: Ok(SessionSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { user: request.user ? currentUserOf(request.user) : null, csrfToken: reply.generateCsrf() } };
    },
  );

  app.post(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in (x-csrf-token required)',
        description: 'One message for an unknown account, a wrong password and a disabled account. At most 5 failures per account and 20 per address in 15 minutes (429 with Retry-After).',
        body: SignInBody,
        response: { 200: UserData },
      },
    },
    async (request) => {
      const user = await signIn(db, now, { ...request.body, ip: request.ip });
      // a new session id at every sign-in: an id planted before sign-in (session fixation) is worthless
      await request.session.regenerate();
      request.session.userId = user.id;
      request.session.signedInAt = now().toISOString();
      return { success: true as const, data: { user: currentUserOf(user) } };
    },
  );

  app.delete(
    '/session',
    {
      schema: { tags: ['session'], summary: 'Sign out (x-csrf-token required)', response: { 200: Ok(Type.Null()) } },
    },
    async (request, reply) => {
      const user = request.user;
      if (user) {
        const sid = storedSid(request.session.sessionId);
        await recordSignOut(db, user, request.ip, async (tx) => void (await tx.delete(sessions).where(eq(sessions.sid, sid))));
        await request.session.destroy();
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const, data: null };
    },
  );

  app.put(
    '/session/password',
    {
      onRequest: signedIn({ duringPasswordChange: true }),
      schema: {
        tags: ['session'],
        summary: 'Change your own password (x-csrf-token required)',
        description: '400 PASSWORD_POLICY names the rule broken; 400 CURRENT_PASSWORD_WRONG (counted like a failed sign-in). Ends your other sessions.',
        body: ChangePasswordBody,
        response: { 200: UserData },
      },
    },
    async (request) => {
      const user = await changeOwnPassword(db, now, { ...request.body, user: request.user!, ip: request.ip, sessionId: request.session.sessionId });
      await request.session.regenerate(['userId', 'signedInAt']);
      return { success: true as const, data: { user: currentUserOf(user) } };
    },
  );
};
