/**
 * What `GET /api/roles` says of each role and permission, and that it is what the server enforces:
 * the permissions are checked against the endpoint declarations and against the route guards
 * themselves, as each role (who may call the endpoint: auth/access.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@eco/contracts/api/all-endpoints';
import type { Endpoint } from '@eco/contracts/api/endpoint';
import { ROLES, type Role } from '@eco/contracts/roles';
import type { RolesAnswer } from '@eco/contracts/users';
import { Browser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { PERMISSIONS, rolesAdmittedBy } from './permissions';
import { ROLE_INFO, ROLES_ANSWER } from './routes';

const permission = (key: string) => PERMISSIONS.find((p) => p.key === key)!;

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

  it('says that editors manage devices and their keys, and administrators alone users and the audit log', () => {
    const of = (role: Role) => ROLE_INFO.find((r) => r.role === role)!;
    expect(of('editor').descriptionZh).toContain('设备密钥');
    expect(of('editor').permissions).toContain('things');
    expect(permission('things').nameZh).toContain('设备密钥');
    expect(of('admin').descriptionEn).toMatch(/users.*audit log/);
    for (const key of ['users', 'audit', 'site']) expect(permission(key).roles).toEqual(['admin']);
    expect(of('staff').permissions).not.toContain('things');
  });

  it('names every permission in both languages, once each', () => {
    expect(new Set(PERMISSIONS.map((p) => p.key)).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) {
      expect(p.nameZh, p.key).toMatch(/[\u4e00-\u9fff]/);
      expect(p.nameEn, p.key).toMatch(/^[A-Z]/);
      expect(p.noteZh === null, p.key).toBe(p.noteEn === null);
    }
  });
});

describe('the permissions, derived from the endpoint declarations', () => {
  it('cover every endpoint a person calls exactly once (the devices’ pushes are not a role’s)', () => {
    const covered = PERMISSIONS.flatMap((p) => p.declarations.map((e) => e.operationId));
    expect(new Set(covered).size, 'an endpoint in two permissions').toBe(covered.length);
    const forPeople = ALL_ENDPOINTS.filter((e) => e.access.kind !== 'device').map((e) => e.operationId);
    expect([...covered].sort()).toEqual([...forPeople].sort());
  });

  it('group endpoints that admit the same roles, so a permission says exactly who may call each of them', () => {
    for (const p of PERMISSIONS) {
      for (const endpoint of p.declarations) expect([...rolesAdmittedBy(endpoint.access)], `${p.key}: ${endpoint.operationId}`).toEqual(p.roles);
    }
  });

  it('list for each role the permissions whose endpoints admit it', () => {
    for (const info of ROLE_INFO) {
      expect(info.permissions, info.role).toEqual(
        PERMISSIONS.filter((p) => p.declarations.every((e) => rolesAdmittedBy(e.access).includes(info.role))).map((p) => p.key),
      );
    }
  });
});

describe('GET /api/roles', () => {
  const ctx = useTestApp();
  const browsers = {} as Record<Role, Browser>;

  beforeAll(async () => {
    for (const role of ROLES) browsers[role] = (await signedInAs(ctx.app, ctx.database.db, role)).browser;
  });

  it('answers every signed-in user with the roles and permissions, never to be cached (Cache-Control: no-store)', async () => {
    const response = await browsers.staff.get<RolesAnswer>('/api/roles');
    const answer = dataOf(response);
    expect(answer).toEqual(ROLES_ANSWER);
    expect(answer.permissions.find((p) => p.key === 'things')?.endpoints).toContainEqual({ method: 'POST', path: '/api/things/{id}/keys' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  /** The endpoint's URL with `1` for each path parameter and a query parameter no endpoint takes. */
  const probe = (endpoint: Endpoint) => `${endpoint.path.replace(/\{\w+\}/g, '1')}?permissionProbe=1`;

  it('lists exactly the roles the route guards let through: each role on each endpoint of each permission', async () => {
    const answer = dataOf(await browsers.admin.get<RolesAnswer>('/api/roles'));
    const has = (role: Role, key: string) => answer.roles.find((r) => r.role === role)!.permissions.includes(key);
    let tried = 0;
    for (const p of PERMISSIONS) {
      for (const endpoint of p.declarations) {
        for (const role of ROLES) {
          // past the guard, the unknown query parameter is refused before the handler runs: nothing changes
          const response = await browsers[role].request(endpoint.method, probe(endpoint));
          const code = response.body?.success === false ? response.body.errorCode : 'ok';
          expect([response.status, code], `${role} ${endpoint.method} ${endpoint.path} (${p.key})`).toEqual(
            has(role, p.key) ? [400, 'VALIDATION_FAILED'] : [403, 'FORBIDDEN'],
          );
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(200);
  });

  it('refuses an unknown query parameter with 400 naming it', async () => {
    const response = await browsers.staff.get('/api/roles?lang=en');
    expect(response.status).toBe(400);
    expect(errorOf(response).details?.map((d) => d.field)).toEqual(['querystring/lang']);
  });

  it('answers 401 NOT_SIGNED_IN to a visitor', async () => {
    const response = await new Browser(ctx.app).get('/api/roles');
    expect(response.status).toBe(401);
    expect(errorOf(response).errorCode).toBe('NOT_SIGNED_IN');
  });
});
