/**
 * Sessions, the signed-in user and protection against cross-site requests, for every route of the
 * scope it is registered in (the `/api` scope: static files and the docs carry no cookies' work).
 *
 * - Session: @fastify/session, cookie `eco_session` (HttpOnly, SameSite=Lax, Secure per
 *   COOKIE_SECURE, no expiry: it ends with the browser), rows in `sessions` (auth/session-store.ts)
 *   with the idle expiry.
 * - User: `request.user` is read from the database on every request that carries a session, so a
 *   changed role or a disabled account applies at once.
 * - CSRF, for POST, PUT, PATCH and DELETE unless the route says `config: { csrf: false }` (for a
 *   future key-authenticated device endpoint that carries no cookies):
 *   (a) an `Origin` header (or, lacking one, the origin of `Referer`) must be this server's own
 *       origin — a cross-site request is refused before anything else happens;
 *   (b) the `x-csrf-token` header must carry a token from `GET /api/session`, which
 *       @fastify/csrf-protection checks against the secret in the signed `eco_csrf` cookie
 *       (a cookie rather than the session, so anonymous visitors can sign in).
 *   Both refusals are 403 CSRF_REJECTED.
 */
import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import session from '@fastify/session';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { AppError } from '../http/app-error';
import { findSignedInUser } from './current-user';
import { DatabaseSessionStore, storedSid } from './session-store';

export const SESSION_COOKIE = 'eco_session';
export const CSRF_COOKIE = 'eco_csrf';
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route takes no cookies and needs no CSRF token (e.g. a device pushing data with its key) */
    csrf?: boolean;
  }
}

export interface AuthOptions {
  db: Db;
  now: () => Date;
  /** signs the session and CSRF cookies (≥ 32 characters) */
  secret: string;
  config: Pick<Config, 'sessionIdleMinutes' | 'cookieSecure'>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `scheme://host[:port]` as browsers write it: lower-case, without the scheme's default port; 'null' when not a URL. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether the request may have come from a page of this very origin. `Origin` (or, lacking it,
 * the origin of `Referer`) must equal the request's own scheme and host (X-Forwarded-Proto/-Host
 * behind a trusted proxy). Neither header = not a browser: the token alone decides.
 */
export function fromOwnOrigin(request: FastifyRequest): boolean {
  const claimed = request.headers.origin ?? request.headers.referer;
  if (claimed === undefined) return true;
  // Origin `null` (sandboxed frames, some redirects) parses to the origin 'null' and never matches
  return originOf(claimed) === originOf(`${request.protocol}://${request.host}`);
}

/** Registers cookies, sessions, CSRF protection and `request.user` on `api` (not a plugin of its own: it decorates `api` itself). */
export async function registerAuth(api: FastifyInstance, { db, now, secret, config }: AuthOptions): Promise<void> {
  const secure = config.cookieSecure;
  await api.register(cookie, { secret });
  await api.register(session, {
    secret,
    cookieName: SESSION_COOKIE,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure },
    store: new DatabaseSessionStore(db, now, config.sessionIdleMinutes * 60_000),
    saveUninitialized: false,
    rolling: true,
  });
  await api.register(csrfProtection, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'strict', secure, signed: true },
    getToken: (request) => {
      const token = request.headers[CSRF_HEADER];
      return typeof token === 'string' ? token : undefined;
    },
  });

  api.decorateRequest('user', null);
  let warnedInsecure = false;
  api.addHook('onRequest', async (request) => {
    request.user = null;
    if (secure === true && request.protocol !== 'https' && !warnedInsecure) {
      warnedInsecure = true;
      request.log.warn('COOKIE_SECURE=true but a request came over plain HTTP: no session cookie is sent to it (behind an HTTPS proxy, set TRUST_PROXY)');
    }
    const userId = request.session.userId;
    if (typeof userId !== 'number') return;
    // read with the session by the store; looked up only if the session came from elsewhere
    const user = request.session.loaded ? request.session.loaded.user : await findSignedInUser(db, userId);
    if (user && user.status === 'active') {
      request.user = user;
      return;
    }
    // a session outliving its user's account (removed or disabled meanwhile): it has ended
    await db.delete(sessions).where(eq(sessions.sid, storedSid(request.session.sessionId)));
    delete request.session.userId;
  });

  api.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.csrf === false) return done();
    if (!fromOwnOrigin(request)) return done(new AppError('CSRF_REJECTED', { zh: '请求来自其他网站', en: 'the request came from another site' }));
    api.csrfProtection(request, reply, done);
  });
}
