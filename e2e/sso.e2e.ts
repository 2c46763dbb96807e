/**
 * Single sign-on in Chromium, as someone who opens an application system directly: the system (a
 * small relying party built with `openid-client`, on 127.0.0.1 and a free port for this file)
 * sends a visitor who is not signed in to the portal to the portal's sign-in page, which says they
 * will go straight back; after signing in there (and after the forced change of a temporary
 * password) the browser lands in the system, signed in, with no second click. A `returnTo` pointing anywhere but the portal's own provider is ignored.
 *
 * The server under test has the default issuer `http://localhost:<port>/api/oidc` (README,
 * OIDC_ISSUER), so this flow runs on `localhost` while the other specs use 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OidcClientWithSecret } from '@eco/contracts/oidc-clients';
import type { TemporaryPassword } from '@eco/contracts/users';
import { appUrl, baseUrl, useBrowser } from './support/browser';
import { admin, apiAsPage, headerUser, signIn, signInForm, submitSignIn, uniqueAccount } from './support/portal';

const browser = useBrowser();

/** The application system: `/login` starts the code flow with PKCE, `/callback` finishes it and greets the user. */
class RelyingParty {
  private readonly server = http.createServer((request, response) => void this.handle(request, response));
  private readonly pending = new Map<string, string>(); // state → PKCE verifier
  private configuration: client.Configuration | undefined;
  origin = '';

  get redirectUri(): string {
    return `${this.origin}/callback`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Discovers the provider at `issuer` and takes the registered client's credentials. */
  async register(issuer: string, registered: OidcClientWithSecret): Promise<void> {
    this.configuration = await client.discovery(new URL(issuer), registered.client.clientId, undefined, client.ClientSecretBasic(registered.clientSecret), {
      execute: [client.allowInsecureRequests],
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const page = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><meta charset="utf-8"><title>西安林业一张图</title>${body}`);
    };
    try {
      if (!this.configuration) return page(503, '<h1>not registered yet</h1>');
      if (url.pathname === '/login') {
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        this.pending.set(state, verifier);
        const target = client.buildAuthorizationUrl(this.configuration, {
          redirect_uri: this.redirectUri,
          scope: 'openid profile',
          state,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        });
        response.writeHead(302, { location: target.href });
        return void response.end();
      }
      if (url.pathname === '/callback') {
        const state = url.searchParams.get('state') ?? '';
        const verifier = this.pending.get(state);
        if (!verifier) return page(400, '<h1>unknown state</h1>');
        this.pending.delete(state);
        const tokens = await client.authorizationCodeGrant(this.configuration, url, { pkceCodeVerifier: verifier, expectedState: state });
        const claims = tokens.claims()!;
        const info = await client.fetchUserInfo(this.configuration, tokens.access_token, claims.sub);
        return page(200, `<h1 class="welcome">欢迎，${String(info.name)}</h1><p class="account">${String(info.preferred_username)}</p>`);
      }
      page(404, '<h1>not found</h1>');
    } catch (error) {
      page(500, `<h1 class="rp-error">${error instanceof Error ? error.message : String(error)}</h1>`);
    }
  }
}

describe('single sign-on from an application system opened directly', () => {
  const rp = new RelyingParty();
  /** The portal under the issuer's host name (localhost), where the flow runs. */
  let portal: string;

  beforeAll(async () => {
    await rp.listen();
    portal = baseUrl().replace('127.0.0.1', 'localhost');
  });
  afterAll(async () => {
    await rp.close();
  });

  let registered = false;

  /** Registers the relying party as a client of the portal (as an administrator does in 单点登录), once; `page` is signed in as one. */
  async function registerClient(page: Page): Promise<void> {
    if (registered) return;
    const client = await apiAsPage<OidcClientWithSecret>(page, 'POST', '/api/manage/oidc-clients', {
      name: `西安林业一张图 e2e ${Date.now().toString(36)}`,
      redirectUris: [rp.redirectUri],
      applicationId: null,
    });
    await rp.register(`${portal}/api/oidc`, client);
    registered = true;
  }

  it('sends a visitor to the portal sign-in page and, once signed in, straight into the system', async () => {
    const adminPage = await browser.newPage();
    await signIn(adminPage, admin().account, admin().password);
    await registerClient(adminPage);

    const page = await browser.newPage();
    await page.goto(`${rp.origin}/login`);
    await page.waitForURL((url) => url.origin === portal && url.hash.startsWith('#/portal-management?returnTo='));
    const form = signInForm(page);
    await form.card.locator('.sso-continue').getByText('登录门户后将自动返回应用系统', { exact: false }).waitFor();

    await submitSignIn(page, admin().account, admin().password);
    await page.waitForURL((url) => url.origin === rp.origin && url.pathname === '/callback');
    expect(await page.locator('h1').innerText()).toBe('欢迎，系统管理员');
    expect(await page.locator('.account').innerText()).toBe(admin().account);
  });

  it('takes a user with a temporary password through the forced change, then straight into the system', async () => {
    const adminPage = await browser.newPage();
    await signIn(adminPage, admin().account, admin().password);
    await registerClient(adminPage);
    const account = uniqueAccount('sso');
    const created = await apiAsPage<TemporaryPassword>(adminPage, 'POST', '/api/users', {
      account,
      displayName: '赵单点',
      role: 'editor',
      organisationId: null,
    });

    const page = await browser.newPage();
    await page.goto(`${rp.origin}/login`);
    await page.waitForURL((url) => url.origin === portal && url.hash.includes('returnTo='));
    await submitSignIn(page, account, created.temporaryPassword);
    const forced = page.locator('.forced-password-change');
    await forced.getByText('请设置新密码', { exact: true }).waitFor();
    await forced.getByLabel('临时密码', { exact: true }).fill(created.temporaryPassword);
    await forced.getByLabel('新密码', { exact: true }).fill('Hanjiang-Forest-Trail-31');
    await forced.getByLabel('确认新密码', { exact: true }).fill('Hanjiang-Forest-Trail-31');
    await forced.getByRole('button', { name: '设置新密码并继续' }).click();
    await page.waitForURL((url) => url.origin === rp.origin && url.pathname === '/callback');
    expect(await page.locator('h1').innerText()).toBe('欢迎，赵单点');
    expect(await page.locator('.account').innerText()).toBe(account);
  });

  it('ignores a returnTo that leads anywhere but the portal’s own provider', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.context().route('https://evil.example/**', async (route) => {
      requested.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' });
    });
    await signIn(page, admin().account, admin().password, `/portal-management?returnTo=${encodeURIComponent('https://evil.example/x')}`);
    for (const hostile of ['//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)']) {
      await page.goto(appUrl(`/portal-management?returnTo=${encodeURIComponent(hostile)}`));
      await page.locator('.pm-nav').waitFor();
    }
    await headerUser(page).waitFor();
    expect(new URL(page.url()).origin).toBe(baseUrl());
    expect(requested).toEqual([]);
    expect(dialogs).toEqual([]); // the javascript: URL never ran
  });
});
