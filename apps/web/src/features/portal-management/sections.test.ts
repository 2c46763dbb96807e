import { describe, expect, it } from 'vitest';
import { DEVICE, signedIn, type Access } from '@eco/contracts/api/endpoint';
import { rolesApi } from '@eco/contracts/api/roles';
import { usersApi } from '@eco/contracts/api/users';
import { ROLES, type Role } from '@eco/contracts/roles';
import { DEFAULT_SECTION, resolveSection, rolesOfSection, SECTION_ENDPOINTS, SECTION_KEYS, sectionsFor } from './sections';

/** Whether the server's guard lets `role` call an endpoint of `access` (docs/api.md §Access), written out here on purpose. */
const admits = (access: Access, role: Role) => access.kind === 'public' || (access.kind === 'signed-in' && (access.roles?.includes(role) ?? true));

describe('which sections a role sees', () => {
  it('gives administrators every section, account first', () => {
    expect(sectionsFor('admin')).toEqual([
      'account',
      'notices',
      'regulations',
      'applications',
      'tools',
      'oidcClients',
      'things',
      'alerts',
      'verification',
      'cameraTrap',
      'users',
      'organisations',
      'roles',
      'site',
      'audit',
    ]);
  });

  it('gives editors their account and the content sections, staff their account and field verification', () => {
    expect(sectionsFor('editor')).toEqual(['account', 'notices', 'regulations', 'applications', 'tools', 'things', 'alerts', 'verification', 'cameraTrap']);
    expect(sectionsFor('staff')).toEqual(['account', 'verification']);
  });

  it('gives every signed-in role its account', () => {
    for (const role of ROLES) expect(sectionsFor(role)[0]).toBe(DEFAULT_SECTION);
  });
});

describe('the menu follows the endpoint declarations', () => {
  it("offers no role a section whose screen's endpoints refuse that role", () => {
    for (const role of ROLES) {
      for (const key of sectionsFor(role)) {
        const refused = SECTION_ENDPOINTS[key].endpoints.filter((e) => !admits(e.access, role)).map((e) => e.operationId);
        expect({ role, key, refused }).toEqual({ role, key, refused: [] });
      }
    }
  });

  it('names at least one endpoint for every section, so none is offered by default', () => {
    for (const key of SECTION_KEYS) expect(SECTION_ENDPOINTS[key].endpoints.length, key).toBeGreaterThan(0);
    expect(rolesOfSection({ endpoints: [] })).toEqual([]);
  });

  it('changes with an endpoint’s access: editors would get 用户管理 if the user list admitted them', () => {
    const widened = { ...usersApi.listUsers, access: signedIn('admin', 'editor') };
    expect(rolesOfSection({ endpoints: [widened] })).toEqual(['admin', 'editor']);
    expect(rolesOfSection({ endpoints: [widened, usersApi.createUser] })).toEqual(['admin']);
    expect(rolesOfSection({ endpoints: [{ ...usersApi.listUsers, access: DEVICE }] })).toEqual([]);
  });

  it('narrows a section with `only`, and never widens one with it', () => {
    expect(rolesOfSection({ endpoints: [rolesApi.listRoles] })).toEqual(['admin', 'editor', 'staff']);
    expect(rolesOfSection({ endpoints: [rolesApi.listRoles], only: ['admin'] })).toEqual(['admin']);
    expect(rolesOfSection({ endpoints: [usersApi.listUsers], only: ['admin', 'editor', 'staff'] })).toEqual(['admin']);
  });
});

describe('the ?section= query', () => {
  it('opens the requested section when the role may use it', () => {
    expect(resolveSection('users', 'admin')).toBe('users');
    expect(resolveSection('audit', 'admin')).toBe('audit');
    expect(resolveSection('account', 'staff')).toBe('account');
  });

  it('falls back to the account for a section the role may not use', () => {
    expect(resolveSection('users', 'editor')).toBe(DEFAULT_SECTION);
    expect(resolveSection('site', 'staff')).toBe('account');
  });

  it('falls back to the account when the query is missing, unknown or hostile', () => {
    expect(resolveSection(null, 'admin')).toBe('account');
    expect(resolveSection('', 'admin')).toBe('account');
    expect(resolveSection('USERS', 'admin')).toBe('account');
    expect(resolveSection('toString', 'admin')).toBe('account');
    expect(resolveSection('__proto__', 'admin')).toBe('account');
  });
});
