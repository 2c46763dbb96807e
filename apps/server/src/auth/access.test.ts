/**
 * Who may call what, checked on the server: every management endpoint against an anonymous
 * visitor, staff, an editor, an administrator, and a user who must change their password first.
 * A refusal is the envelope with 401 or 403 and changes nothing, not even the audit log.
 */
import { asc, eq, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@eco/contracts/roles';
import { auditLog, organisations, siteSettings, users } from '../db/schema';
import { ROLES_ANSWER } from '../modules/roles/routes';
import { Browser, createUser, signedInAs } from '../test/browser';
import { useTestApp } from '../test/test-app';

type Actor = 'anonymous' | Role | 'must-change';
const ACTORS: Actor[] = ['anonymous', 'staff', 'editor', 'admin', 'must-change'];

interface Ids {
  user: number;
  organisation: number;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  url: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** who gets past the guard: the roles, or every signed-in user */
  allowed: readonly Role[] | 'signed-in';
  /** may a user who must change their password call it */
  duringPasswordChange?: boolean;
  /** the status of an allowed call */
  ok: number;
  /** what an allowed call answers, where the matrix checks it */
  data?: unknown;
}

let created = 0;

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/organisations', url: () => '/api/organisations', allowed: 'signed-in', ok: 200 },
  { method: 'GET', path: '/api/roles', url: () => '/api/roles', allowed: 'signed-in', ok: 200, data: ROLES_ANSWER },
  {
    method: 'PUT',
    path: '/api/session/password',
    url: () => '/api/session/password',
    // past the guard, the policy refuses a 3-character password: the guard let it through
    body: () => ({ currentPassword: 'whatever-it-is', newPassword: 'abc' }),
    allowed: 'signed-in',
    duringPasswordChange: true,
    ok: 400,
  },
  { method: 'GET', path: '/api/users', url: () => '/api/users', allowed: ['admin'], ok: 200 },
  { method: 'GET', path: '/api/users/:id', url: ({ user }) => `/api/users/${user}`, allowed: ['admin'], ok: 200 },
  {
    method: 'POST',
    path: '/api/users',
    url: () => '/api/users',
    body: () => ({ account: `matrix.${++created}`, displayName: '矩阵', role: 'staff', organisationId: null }),
    allowed: ['admin'],
    ok: 201,
  },
  {
    method: 'PATCH',
    path: '/api/users/:id',
    url: ({ user }) => `/api/users/${user}`,
    body: () => ({ displayName: `改名 ${++created}` }),
    allowed: ['admin'],
    ok: 200,
  },
  { method: 'POST', path: '/api/users/:id/disable', url: ({ user }) => `/api/users/${user}/disable`, allowed: ['admin'], ok: 200 },
  { method: 'POST', path: '/api/users/:id/enable', url: ({ user }) => `/api/users/${user}/enable`, allowed: ['admin'], ok: 200 },
  { method: 'POST', path: '/api/users/:id/reset-password', url: ({ user }) => `/api/users/${user}/reset-password`, allowed: ['admin'], ok: 200 },
  {
    method: 'PATCH',
    path: '/api/organisations/:id',
    url: ({ organisation }) => `/api/organisations/${organisation}`,
    body: () => ({ name: `机构 ${++created}` }),
    allowed: ['admin'],
    ok: 200,
  },
  {
    method: 'PUT',
    path: '/api/site',
    url: () => '/api/site',
    body: () => ({ title: `门户 ${++created}`, provinceName: '陕西省', footer: '', recordNumber: '', opsPlatformUrl: null }),
    allowed: ['admin'],
    ok: 200,
  },
  { method: 'GET', path: '/api/audit-log', url: () => '/api/audit-log', allowed: ['admin'], ok: 200 },
  { method: 'GET', path: '/api/audit-log.csv', url: () => '/api/audit-log.csv', allowed: ['admin'], ok: 200 },
];

/** What the endpoint should answer `actor`: a status and, for a refusal, the code. */
function expected(endpoint: Endpoint, actor: Actor): { status: number; code?: string } {
  if (actor === 'anonymous') return { status: 401, code: 'NOT_SIGNED_IN' };
  if (actor === 'must-change') return endpoint.duringPasswordChange ? { status: endpoint.ok } : { status: 403, code: 'PASSWORD_CHANGE_REQUIRED' };
  if (endpoint.allowed !== 'signed-in' && !endpoint.allowed.includes(actor)) return { status: 403, code: 'FORBIDDEN' };
  return { status: endpoint.ok };
}

describe('access: every management endpoint, every kind of user', () => {
  const ctx = useTestApp({ loaded: true });
  const browsers = {} as Record<Actor, Browser>;
  const ids = {} as Ids;

  beforeAll(async () => {
    const db = ctx.database.db;
    browsers.anonymous = new Browser(ctx.app);
    await browsers.anonymous.session();
    for (const role of ['staff', 'editor', 'admin'] as const) browsers[role] = (await signedInAs(ctx.app, db, role)).browser;
    browsers['must-change'] = (await signedInAs(ctx.app, db, 'staff', { role: 'staff', mustChangePassword: true })).browser;
    ids.user = (await createUser(db, { role: 'staff', account: 'matrix.target' })).id;
    [{ id: ids.organisation }] = (await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.divisionCode, '6102'))) as [
      { id: number },
    ];
  });

  /** Everything a refused request must leave as it was (sessions aside: using one touches it). */
  async function state() {
    const db = ctx.database.db;
    return {
      users: await db.select().from(users).orderBy(asc(users.id)),
      organisations: await db.select().from(organisations).orderBy(asc(organisations.id)),
      site: await db.select().from(siteSettings),
      lastAudit: (await db.select({ id: max(auditLog.id) }).from(auditLog))[0]!.id,
    };
  }

  for (const endpoint of ENDPOINTS) {
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      for (const actor of ACTORS) {
        const { status, code } = expected(endpoint, actor);
        it(`${actor}: ${status}${code ? ` ${code}` : ''}`, async () => {
          const before = code ? await state() : null;
          const response = await browsers[actor].request(endpoint.method, endpoint.url(ids), endpoint.body?.(ids));
          expect(response.status, response.raw.slice(0, 300)).toBe(status);
          if (code) {
            expect(response.body).toEqual({ success: false, errorCode: code, errorMessage: expect.any(String), showType: 2 });
            expect(await state()).toEqual(before);
          } else if (endpoint.data !== undefined) {
            expect(response.body).toEqual({ success: true, data: endpoint.data });
          }
        });
      }
    });
  }
});
