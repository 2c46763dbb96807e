import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { SignedInUser } from '../../auth/current-user';
import type { Db } from '../../db/client';
import { applications, oidcClients } from '../../db/schema';
import { blockOf, visitorOf } from '../applications/service';
import { schedulePruning } from './adapter';
import { OIDC_PATH } from './provider';

/**
 * The portal's sign-in page for someone an authorisation request found signed out: the web app's
 * 门户管理 screen (hash route) with `returnTo` = the interaction to resume, which the page opens
 * again after signing in (and after a forced change of password). The web app accepts only paths
 * under `/api/oidc/` there (apps/web/src/features/portal-management/sign-in/return-to.ts).
 */
export function signInPageFor(uid: string): string {
  return `/#/portal-management?${new URLSearchParams({ returnTo: `${OIDC_PATH}/interaction/${encodeURIComponent(uid)}` })}`;
}

/**
 * Why the portal will not sign `user` (signed in to the portal) in to `clientId`: `access_denied` (the
 * linked application system's rules refuse them, or it is offline or in maintenance); null when
 * it will.
 */
async function refusal(db: Db, user: SignedInUser, clientId: string): Promise<{ error: string; error_description: string } | null> {
  const [client] = await db.select({ applicationId: oidcClients.applicationId }).from(oidcClients).where(eq(oidcClients.clientId, clientId));
  if (!client?.applicationId) return null;
  const [app] = await db.select().from(applications).where(eq(applications.id, client.applicationId));
  if (!app) return null;
  const blocked = blockOf(app, await visitorOf(db, user));
  return blocked ? { error: 'access_denied', error_description: `The portal does not let this user into ${app.code} (${blocked})` } : null;
}

/**
 * The OpenID provider under `/api/oidc` (discovery at `/api/oidc/.well-known/openid-configuration`).
 * `GET /api/oidc/interaction/:uid` is the portal's side of every authorisation request: it takes
 * the user signed in to the portal and, when the application's rules allow, finishes login and
 * consent at once (the portal's own systems need no consent screen), or answers the client with
 * `access_denied`. Someone not signed in to the portal (or still to change a temporary password)
 * is sent to the portal's sign-in page, which brings them back to the same interaction (valid for
 * 10 minutes) once signed in; a silent request (`prompt=none`) never gets here and is answered
 * `login_required` by the provider. Everything else goes to oidc-provider as is (its body
 * unparsed: the provider reads form posts itself; no CSRF token: clients are servers).
 *
 * While the app runs, expired provider rows are removed every `pruneEveryMs` (default an hour).
 */
export const oidcRoutes: FastifyPluginAsync<{ db: Db; provider: Provider; now: () => Date; pruneEveryMs?: number }> = async (
  app,
  { db, provider, now, pruneEveryMs },
) => {
  const stopPruning = schedulePruning(db, now, (error) => app.log.error({ err: error }, 'Removing expired OpenID provider rows failed'), pruneEveryMs);
  app.addHook('onClose', async () => stopPruning());

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const callback = provider.callback();
  const handOver = (request: FastifyRequest, reply: { hijack(): void; raw: ServerResponse }) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    // mounted like Express would: the provider sees its own paths and learns the mount from originalUrl
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(OIDC_PATH.length) || '/';
    return callback(raw, reply.raw);
  };

  app.get<{ Params: { uid: string } }>('/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
    reply.hijack();
    try {
      await interact(request, reply.raw);
    } catch (error) {
      // an unknown or expired interaction (its cookie gone, the link reused): say so plainly
      request.log.warn({ err: error }, 'OpenID interaction failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        reply.raw.end('登录请求已失效，请回到门户重新进入系统。\nThe sign-in request has expired; go back to the portal and open the system again.');
      }
    }
  });

  /** Finishes the interaction of `request` on `res` (login and consent, or the refusal). Throws for an unknown or expired one. */
  async function interact(request: FastifyRequest, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request.raw, res);
    const user = request.user;
    if (!user || user.mustChangePassword) {
      res.writeHead(303, { location: signInPageFor(details.uid), 'cache-control': 'no-store' });
      res.end();
      return;
    }
    const clientId = String(details.params.client_id ?? '');
    const refused = await refusal(db, user, clientId);
    if (refused) return provider.interactionFinished(request.raw, res, refused, { mergeWithLastSubmission: false });
    const accountId = String(user.id);
    // a grant of the same account is extended; anyone else's (the portal user changed) is not reused
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = existing && existing.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(request.raw, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  app.all('/*', { schema: { hide: true }, config: { csrf: false } }, async (request, reply) => handOver(request, reply));
  app.all('/', { schema: { hide: true }, config: { csrf: false } }, async (request, reply) => handOver(request, reply));
};
