/**
 * Single sign-on end to end: the portal listens on 127.0.0.1 as an OpenID provider; a relying
 * party built with `openid-client` (the application system) runs the authorisation-code flow with
 * PKCE, while a "browser" (fetch with a cookie jar, following redirects by hand) carries the
 * portal session. The user signed in to the portal gets in without a password; a user the
 * application's rules refuse gets the standard error; a visitor not signed in is sent to the
 * portal's sign-in page and, once signed in there, straight back into the flow (a silent
 * `prompt=none` check gets `login_required`); the account always follows the portal session; a
 * wrong secret or a missing PKCE verifier is refused; expired provider rows are pruned.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedApplication } from '@eco/contracts/applications';
import type { OidcClientWithSecret } from '@eco/contracts/oidc-clients';
import { auditLog, oidcPayloads, organisations } from '../../db/schema';
import { Browser, createUser, signedInAs, type TestUser } from '../../test/browser';
import { buildTestApp, dataOf } from '../../test/test-app';
import { createLoadedDatabase, type TestDatabase } from '../../test/test-database';
import { schedulePruning } from './adapter';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A browser over real HTTP: keeps cookies (ignoring paths; fine for one host), follows redirects by hand. */
class HttpBrowser {
  private readonly jar = new Map<string, string>();
  constructor(private readonly origin: string) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(new URL(url, this.origin), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  async signIn(user: TestUser): Promise<void> {
    const session = (await (await this.fetch('/api/session')).json()) as { data: { csrfToken: string } };
    const response = await this.fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken, origin: this.origin },
      body: JSON.stringify({ account: user.account, password: user.password }),
    });
    expect(response.status).toBe(200);
  }

  async signOut(): Promise<void> {
    const session = (await (await this.fetch('/api/session')).json()) as { data: { csrfToken: string } };
    const response = await this.fetch('/api/session', { method: 'DELETE', headers: { 'x-csrf-token': session.data.csrfToken, origin: this.origin } });
    expect(response.status).toBeLessThan(300);
  }

  /** Follows redirects from `url` until one leaves for `stopAt` (answered) or a page is served (error). */
  async follow(url: string, stopAt: string): Promise<URL> {
    let next = new URL(url, this.origin).href;
    for (let hops = 0; hops < 10; hops += 1) {
      const response = await this.fetch(next);
      const location = response.headers.get('location');
      if (!location) throw new Error(`no redirect from ${next}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      const target = new URL(location, next);
      if (target.href.startsWith(stopAt)) return target;
      next = target.href;
    }
    throw new Error('too many redirects');
  }
}

describe('single sign-on: the portal as an OpenID Connect provider', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  let issuer: string;
  const redirectUri = 'http://127.0.0.1:9/callback'; // the relying party's callback; never fetched
  let registered: OidcClientWithSecret;
  let rp: client.Configuration;
  let xianStaff: TestUser;
  let baojiStaff: TestUser;
  let appId: number;
  const db = () => database.db;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    issuer = `${origin}/api/oidc`;
    database = await createLoadedDatabase();
    app = await buildTestApp(database, undefined, { oidcIssuer: issuer });
    await app.listen({ port, host: '127.0.0.1' });

    const orgId = async (code: string) => (await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.divisionCode, code)))[0]!.id;
    xianStaff = await createUser(db(), { role: 'staff', organisationId: await orgId('610103'), displayName: '碑林区林业局王工' });
    baojiStaff = await createUser(db(), { role: 'staff', organisationId: await orgId('6103') });
    const admin = (await signedInAs(app, db(), 'admin')).browser;
    appId = dataOf(
      await admin.post<ManagedApplication>('/api/manage/applications', {
        code: 'xian-forest',
        name: '西安林业一张图',
        icon: 'map',
        category: '资源管理',
        description: '',
        entryUrl: 'https://example.com/xian-forest',
        status: 'online',
        maintenanceNotice: null,
        access: 'organisations',
        accessRoles: [],
        accessOrganisationIds: [await orgId('6101')],
        sortOrder: 1,
      }),
    ).id;
    registered = dataOf(
      await admin.post<OidcClientWithSecret>('/api/manage/oidc-clients', { name: '西安林业一张图', redirectUris: [redirectUri], applicationId: appId }),
    );
    rp = await client.discovery(new URL(issuer), registered.client.clientId, undefined, client.ClientSecretBasic(registered.clientSecret), {
      execute: [client.allowInsecureRequests],
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  /** The relying party's authorisation request (with PKCE unless `pkce: false`), and what it must remember. */
  async function request(options: { pkce?: boolean; prompt?: string } = {}) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const parameters: Record<string, string> = { redirect_uri: redirectUri, scope: 'openid profile', state };
    if (options.pkce !== false) Object.assign(parameters, { code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    if (options.prompt) parameters.prompt = options.prompt;
    return { url: client.buildAuthorizationUrl(rp, parameters).href, verifier, state };
  }

  async function authorise(browser: HttpBrowser, options: { pkce?: boolean; prompt?: string } = {}) {
    const { url, verifier, state } = await request(options);
    const callback = await browser.follow(url, redirectUri);
    return { callback, verifier, state };
  }

  /** The `returnTo` of the portal's sign-in page `page` (`/#/portal-management?returnTo=…`). */
  function returnToOf(page: URL): string | null {
    return new URLSearchParams(page.hash.slice(page.hash.indexOf('?') + 1)).get('returnTo');
  }

  it('publishes its discovery document at the issuer', () => {
    expect(rp.serverMetadata()).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('signs the portal user in to the application system without a second password (code flow with PKCE)', async () => {
    const browser = new HttpBrowser(origin);
    await browser.signIn(xianStaff);
    const { callback, verifier, state } = await authorise(browser);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: issuer, sub: String(xianStaff.id), aud: registered.client.clientId });
    const userInfo = await client.fetchUserInfo(rp, tokens.access_token, claims.sub);
    expect(userInfo).toMatchObject({ sub: String(xianStaff.id), name: '碑林区林业局王工', preferred_username: xianStaff.account });
  });

  it('refuses a user the application system does not admit, with access_denied', async () => {
    const browser = new HttpBrowser(origin);
    await browser.signIn(baojiStaff);
    const { callback, verifier, state } = await authorise(browser);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    await expect(client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state })).rejects.toMatchObject({
      error: 'access_denied',
    });
  });

  it('sends a visitor not signed in to the portal to its sign-in page, and back into the flow once signed in', async () => {
    const browser = new HttpBrowser(origin);
    const { url, verifier, state } = await request();
    const signInPage = await browser.follow(url, `${origin}/#/portal-management`);
    expect(signInPage.origin + signInPage.pathname).toBe(`${origin}/`);
    const returnTo = returnToOf(signInPage);
    expect(returnTo).toMatch(/^\/api\/oidc\/interaction\/[\w-]+$/);

    // what the sign-in form does: sign in, then open returnTo (a full page load in the same browser)
    await browser.signIn(xianStaff);
    const callback = await browser.follow(returnTo!, redirectUri);
    expect(callback.searchParams.get('error')).toBeNull();
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()).toMatchObject({ iss: issuer, sub: String(xianStaff.id) });
  });

  it('sends a user still to change a temporary password to the sign-in page too, never into the system', async () => {
    const pending = await createUser(db(), { role: 'staff', mustChangePassword: true });
    const browser = new HttpBrowser(origin);
    await browser.signIn(pending);
    const signInPage = await browser.follow((await request()).url, `${origin}/#/portal-management`);
    expect(returnToOf(signInPage)).toMatch(/^\/api\/oidc\/interaction\//);
  });

  it('answers a silent check (prompt=none) of a visitor not signed in with login_required', async () => {
    const { callback } = await authorise(new HttpBrowser(origin), { prompt: 'none' });
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('removes expired provider rows while running, and keeps the live ones', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3600_000);
    await db()
      .insert(oidcPayloads)
      .values([
        { model: 'Session', id: 'expired-for-pruning', payload: {}, expiresAt: past },
        { model: 'Session', id: 'live-for-pruning', payload: {}, expiresAt: future },
      ]);
    const errors: unknown[] = [];
    const stop = schedulePruning(
      db(),
      () => new Date(),
      (error) => errors.push(error),
      20,
    );
    try {
      const ids = async () => (await db().select({ id: oidcPayloads.id }).from(oidcPayloads)).map((row) => row.id);
      // the pruning runs every 20 ms; a loaded machine may take far longer to get to it
      await expect.poll(ids, { timeout: 120_000 }).not.toContain('expired-for-pruning');
      expect(await ids()).toContain('live-for-pruning');
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it('follows the portal session when the person at the browser changes', async () => {
    const browser = new HttpBrowser(origin);
    await browser.signIn(xianStaff);
    const first = await authorise(browser);
    expect((await client.authorizationCodeGrant(rp, first.callback, { pkceCodeVerifier: first.verifier, expectedState: first.state })).claims()!.sub).toBe(
      String(xianStaff.id),
    );
    await browser.signOut();
    await browser.signIn(baojiStaff);
    const second = await authorise(browser);
    expect(second.callback.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses an authorisation request without PKCE', async () => {
    const browser = new HttpBrowser(origin);
    await browser.signIn(xianStaff);
    const { callback } = await authorise(browser, { pkce: false });
    expect(callback.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses to exchange a code with a wrong secret', async () => {
    const browser = new HttpBrowser(origin);
    await browser.signIn(xianStaff);
    const { callback, verifier, state } = await authorise(browser);
    const impostor = new client.Configuration(rp.serverMetadata(), registered.client.clientId, undefined, client.ClientSecretBasic('not-the-secret'));
    client.allowInsecureRequests(impostor);
    await expect(client.authorizationCodeGrant(impostor, callback, { pkceCodeVerifier: verifier, expectedState: state })).rejects.toMatchObject({
      status: 401,
      cause: [expect.objectContaining({ parameters: expect.objectContaining({ error: 'invalid_client' }) })],
    });
  });

  it('launches the system through third-party-initiated login, and audits the client without its secret', async () => {
    const browser = new Browser(app);
    await browser.signIn(xianStaff.account, xianStaff.password);
    await browser.session();
    const { url } = dataOf(await browser.post<{ url: string }>(`/api/applications/${appId}/launch`));
    const launched = new URL(url);
    expect(launched.origin + launched.pathname).toBe('https://example.com/xian-forest');
    expect(launched.searchParams.get('iss')).toBe(issuer);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'oidc_client.create'));
    expect(entry!.after).toMatchObject({ redirectUris: [redirectUri], applicationId: appId });
    expect(JSON.stringify(entry)).not.toContain(registered.clientSecret);
  });

  it('answers an unknown or expired sign-in request with a plain explanation, not an error page', async () => {
    const browser = new HttpBrowser(origin);
    await browser.signIn(xianStaff);
    const response = await browser.fetch('/api/oidc/interaction/not-a-real-uid');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('登录请求已失效');
  });

  it('lets only administrators register clients', async () => {
    const editor = (await signedInAs(app, db(), 'editor')).browser;
    expect((await editor.post('/api/manage/oidc-clients', { name: 'x', redirectUris: [redirectUri], applicationId: null })).status).toBe(403);
    expect((await editor.get('/api/manage/oidc-clients')).status).toBe(403);
  });
});
