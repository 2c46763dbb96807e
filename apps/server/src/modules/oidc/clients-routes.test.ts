/**
 * Managing single sign-on clients (门户管理 → 单点登录) as an administrator meets it: a secret shown
 * once and never cached or audited, rotation, strict input (unknown properties, fragments and
 * control characters in redirect URIs refused, nothing changed), and administrators only.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OidcClient, OidcClientList, OidcClientWithSecret } from '@eco/contracts/oidc-clients';
import { auditLog, oidcClients } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

const input = { name: '西安林业一张图', redirectUris: ['https://gis.example.com/callback'], applicationId: null };

describe('single sign-on clients', () => {
  const ctx = useTestApp();
  const clientRows = () => ctx.database.db.select().from(oidcClients).orderBy(oidcClients.clientId);
  let admin: Browser;
  let editor: Browser;
  let registered: OidcClientWithSecret;

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, ctx.database.db, 'admin')).browser;
    editor = (await signedInAs(ctx.app, ctx.database.db, 'editor')).browser;
    const response = await admin.post<OidcClientWithSecret>('/api/manage/oidc-clients', input);
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    registered = dataOf(response);
  });

  it('shows a new secret once, never caches it, and never lists or audits it', async () => {
    expect(registered.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(registered.client).toMatchObject({ name: input.name, redirectUris: input.redirectUris, application: null, disabled: false });
    const list = await admin.get<OidcClientList>('/api/manage/oidc-clients');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(dataOf(list)).toEqual({ issuer: null, clients: [registered.client] });
    expect(list.raw).not.toContain(registered.clientSecret);
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, registered.client.clientId));
    expect(entries.map((e) => e.action)).toEqual(['oidc_client.create']);
    expect(JSON.stringify(entries)).not.toContain(registered.clientSecret);
  });

  it('replaces the secret, answered once and not cached', async () => {
    const response = await admin.post<OidcClientWithSecret>(`/api/manage/oidc-clients/${registered.client.clientId}/rotate-secret`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const rotated = dataOf(response);
    expect(rotated.clientSecret).not.toBe(registered.clientSecret);
    const [row] = await ctx.database.db.select().from(oidcClients).where(eq(oidcClients.clientId, registered.client.clientId));
    expect(row!.clientSecret).toBe(rotated.clientSecret);
  });

  it('changes and disables a client, trimming its name and dropping duplicate redirect URIs', async () => {
    const uri = 'https://gis.example.com/callback2';
    const changed = dataOf(
      await admin.patch<OidcClient>(`/api/manage/oidc-clients/${registered.client.clientId}`, { name: '  一张图  ', redirectUris: [uri, uri], disabled: true }),
    );
    expect(changed).toMatchObject({ name: '一张图', redirectUris: [uri], disabled: true });
  });

  it('refuses unknown properties and bad redirect URIs with 400 naming them, changing nothing', async () => {
    const before = await countRows(ctx.database.db);
    const clientsBefore = await clientRows();
    const cases: [string, () => Promise<{ status: number; body: unknown }>, string][] = [
      ['a secret chosen by the caller', () => admin.post('/api/manage/oidc-clients', { ...input, clientSecret: 'mine' }), 'body/clientSecret'],
      [
        'a client id chosen by the caller',
        () => admin.patch(`/api/manage/oidc-clients/${registered.client.clientId}`, { clientId: 'eco-mine' }),
        'body/clientId',
      ],
      [
        'a redirect URI with a fragment',
        () => admin.post('/api/manage/oidc-clients', { ...input, redirectUris: ['https://gis.example.com/cb#x'] }),
        'body/redirectUris/0',
      ],
      [
        'a NUL in a redirect URI',
        () => admin.post('/api/manage/oidc-clients', { ...input, redirectUris: ['https://gis.example.com/c\u0000b'] }),
        'body/redirectUris/0',
      ],
      ['no redirect URI', () => admin.post('/api/manage/oidc-clients', { ...input, redirectUris: [] }), 'body/redirectUris'],
      ['an application id as text', () => admin.post('/api/manage/oidc-clients', { ...input, applicationId: '1' }), 'body/applicationId'],
    ];
    for (const [name, send, field] of cases) {
      const response = await send();
      expect(response.status, name).toBe(400);
      const error = errorOf(response as never);
      expect(error.errorCode, name).toBe('VALIDATION_FAILED');
      expect(
        error.details?.map((d) => d.field),
        name,
      ).toContain(field);
    }
    expect(await countRows(ctx.database.db)).toEqual(before);
    expect(await clientRows()).toEqual(clientsBefore);
  });

  it('answers 404 for a client or an application system that does not exist', async () => {
    const missing = await admin.patch('/api/manage/oidc-clients/eco-missing', { disabled: true });
    expect([missing.status, errorOf(missing).errorCode]).toEqual([404, 'OIDC_CLIENT_NOT_FOUND']);
    const rotate = await admin.post('/api/manage/oidc-clients/eco-missing/rotate-secret');
    expect([rotate.status, errorOf(rotate).errorCode]).toEqual([404, 'OIDC_CLIENT_NOT_FOUND']);
    const application = await admin.post('/api/manage/oidc-clients', { ...input, applicationId: 999_999 });
    expect([application.status, errorOf(application).errorCode]).toEqual([404, 'APPLICATION_NOT_FOUND']);
  });

  it('is for administrators only', async () => {
    const before = await countRows(ctx.database.db);
    const clientsBefore = await clientRows();
    expect((await editor.get('/api/manage/oidc-clients')).status).toBe(403);
    expect((await editor.post('/api/manage/oidc-clients', input)).status).toBe(403);
    expect((await editor.post(`/api/manage/oidc-clients/${registered.client.clientId}/rotate-secret`)).status).toBe(403);
    const anonymous = new Browser(ctx.app);
    expect((await anonymous.get('/api/manage/oidc-clients')).status).toBe(401);
    expect(await countRows(ctx.database.db)).toEqual(before);
    expect(await clientRows()).toEqual(clientsBefore);
  });
});
