/**
 * The portal as an OpenID Connect provider (OpenID Connect Core 1.0, authorisation-code flow with
 * PKCE), built on `oidc-provider` (OpenID Certified). The portal's own session signs people in:
 * every authorisation request passes through the portal's interaction (routes.ts), which takes
 * the user signed in to the portal — no second password — and applies the access rules of the
 * application system the client belongs to.
 *
 * Keys: the ID-token signing key (RS256) and the provider's cookie key are generated on first
 * start and kept in `app_secrets`, so every process on one database issues and checks the same.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { appSecret } from '../../auth/secrets';
import { findSignedInUser } from '../../auth/current-user';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';
import { databaseAdapter, pruneExpired } from './adapter';

/** Where the provider is mounted, under the server's origin. */
export const OIDC_PATH = '/api/oidc';

const SIGNING_KEY = 'oidc-signing-jwk';

/** The RS256 signing key (a private JWK), generated once and shared through `app_secrets`. */
async function signingKey(db: Db): Promise<crypto.JsonWebKey> {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };
  await db
    .insert(appSecrets)
    .values({ name: SIGNING_KEY, value: JSON.stringify(jwk) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SIGNING_KEY));
  return JSON.parse(row!.value) as crypto.JsonWebKey;
}

/**
 * Asks for the portal's interaction on every authorisation request that has not just come back
 * from it, so the account is always the one signed in to the portal now (someone who signed out
 * and another who signed in are never confused by the provider's own session).
 */
function portalPolicy() {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    // with prompt=none the provider answers this check's error at once (OpenID Connect Core
    // §3.1.2.6: a silent check that needs the user gets login_required), never the interaction
    new interactionPolicy.Check('portal_session', 'the portal session decides who signs in', 'login_required', (ctx: KoaContextWithOIDC) =>
      ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
    ),
    0,
  );
  return policy;
}

/**
 * The provider for `issuer` (e.g. `https://portal.example.gov.cn/api/oidc`). Claims: `sub` (the
 * user id), `name` (display name), `preferred_username` (account); scopes `openid profile`.
 */
export async function createProvider(db: Db, now: () => Date, issuer: string, trustProxy: boolean): Promise<Provider> {
  const configuration: Configuration = {
    adapter: databaseAdapter(db, now),
    clients: [],
    cookies: { keys: [await appSecret(db, 'oidc-cookies')] },
    jwks: { keys: [(await signingKey(db)) as never] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    scopes: ['openid', 'profile'],
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${OIDC_PATH}/interaction/${interaction.uid}`, policy: portalPolicy() },
    async findAccount(_ctx, id) {
      const user = /^\d{1,10}$/.test(id) ? await findSignedInUser(db, Number(id)) : null;
      if (user?.status !== 'active') return undefined;
      return { accountId: id, claims: async () => ({ sub: id, name: user.displayName, preferred_username: user.account }) };
    },
    ttl: { Session: 8 * 3600, Interaction: 600, Grant: 8 * 3600, AuthorizationCode: 60, AccessToken: 3600, IdToken: 3600 },
  };
  // expired rows are already ignored; dropping them at start keeps the table small
  await pruneExpired(db, now());
  const provider = new Provider(issuer, configuration);
  provider.proxy = trustProxy;
  return provider;
}
