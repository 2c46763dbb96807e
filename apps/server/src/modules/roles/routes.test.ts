/** What `GET /api/roles` says of each role (who may call it: auth/access.test.ts, which also checks the answer). */
import { describe, expect, it } from 'vitest';
import { ROLES } from '@eco/contracts/roles';
import type { RoleInfo } from '@eco/contracts/users';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { ROLE_INFO } from './routes';

describe('the roles and what each may do', () => {
  it('describes every role, in Chinese and English', () => {
    expect(ROLE_INFO.map((r) => r.role)).toEqual([...ROLES]);
    for (const role of ROLE_INFO) {
      expect(role.nameZh).toMatch(/^[\u4e00-\u9fff]+$/);
      expect(role.descriptionZh).toMatch(/[\u4e00-\u9fff]/);
      expect(role.nameEn).toMatch(/^[A-Z][a-z]+$/);
      expect(role.descriptionEn.length).toBeGreaterThan(20);
    }
  });

  it('says what the server enforces: administrators alone have users, settings and the audit log', () => {
    const of = (role: string) => ROLE_INFO.find((r) => r.role === role)!.descriptionEn;
    expect(of('admin')).toMatch(/users.*site settings.*audit log/);
    expect(of('editor')).not.toMatch(/users|audit/);
    expect(of('staff')).toMatch(/organisation/);
  });
});

describe('GET /api/roles', () => {
  const ctx = useTestApp();

  it('answers every signed-in user, never to be cached (Cache-Control: no-store)', async () => {
    const { browser } = await signedInAs(ctx.app, ctx.database.db, 'staff');
    const response = await browser.get<RoleInfo[]>('/api/roles');
    expect(dataOf(response)).toEqual(ROLE_INFO);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses an unknown query parameter with 400 naming it', async () => {
    const { browser } = await signedInAs(ctx.app, ctx.database.db, 'staff');
    const response = await browser.get('/api/roles?lang=en');
    expect(response.status).toBe(400);
    expect(errorOf(response).details?.map((d) => d.field)).toEqual(['querystring/lang']);
  });

  it('answers 401 NOT_SIGNED_IN to a visitor', async () => {
    const response = await new Browser(ctx.app).get('/api/roles');
    expect(response.status).toBe(401);
    expect(errorOf(response).errorCode).toBe('NOT_SIGNED_IN');
  });
});
