import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sessionApi as api } from '@eco/contracts/api/session';
import { actingOf } from '../../auth/acting';
import { currentUserOf } from '../../auth/current-user';
import { SESSION_COOKIE } from '../../auth/register-auth';
import { storedSid } from '../../auth/session-store';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { route } from '../../http/route';
import { changeOwnPassword, recordSignOut, signIn } from './service';

/**
 * The session: the handlers of the declarations in @eco/contracts/api/session.ts (reading it,
 * signing in and out, changing one's own password; docs/access.md §Sign-in and sessions).
 */
export async function sessionRoutes(app: FastifyInstance, { db, now, uploadMaxBytes }: { db: Db; now: () => Date; uploadMaxBytes: number }): Promise<void> {
  route(app, api.getSession, async (request, reply) => {
    // it carries the CSRF token: never from a cache, not even for an anonymous visitor
    reply.header('cache-control', 'no-store');
    return { user: request.user ? currentUserOf(request.user) : null, csrfToken: reply.generateCsrf(), uploadMaxBytes };
  });

  route(app, api.signIn, async (request, reply) => {
    // the answer is the user now signed in, whoever asked (route() would judge by the visitor before)
    reply.header('cache-control', 'no-store');
    const user = await signIn(db, now, { ...request.body, ip: request.ip });
    // a new session id at every sign-in: an id planted before sign-in (session fixation) is worthless
    await request.session.regenerate();
    request.session.userId = user.id;
    request.session.signedInAt = now().toISOString();
    return { user: currentUserOf(user) };
  });

  route(app, api.signOut, async (request, reply) => {
    const user = request.user;
    if (user) {
      const sid = storedSid(request.session.sessionId);
      await recordSignOut(db, user, request.ip, async (tx) => void (await tx.delete(sessions).where(eq(sessions.sid, sid))));
      await request.session.destroy();
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });

  route(app, api.changeOwnPassword, async (request) => {
    const { user, ip } = actingOf(request);
    const changed = await changeOwnPassword(db, now, { ...request.body, user, ip, sessionId: request.session.sessionId });
    await request.session.regenerate(['userId', 'signedInAt']);
    return { user: currentUserOf(changed) };
  });
}
