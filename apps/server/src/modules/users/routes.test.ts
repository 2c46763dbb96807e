/**
 * User administration as an administrator's browser meets it: create (temporary password), list
 * and filter, edit, disable and enable, reset a password; the rules (accounts, self, last
 * administrator); an audit row for each write with what changed and never a secret; bad and
 * hostile input (the Big List of Naughty Strings) refused with 400 or stored exactly.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import { ACCOUNT_PATTERN } from '@eco/contracts/roles';
import type { TemporaryPassword, User } from '@eco/contracts/users';
import { verifyPassword } from '../../auth/password';
import { auditLog, organisations, users } from '../../db/schema';
import { Browser, createUser, signedInAs } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { acceptable, NAUGHTY_STRINGS } from '../../test/naughty';
import { countRows } from '../../test/test-database';
import { setUserStatus, updateUser } from './service';

const naughtyStrings = NAUGHTY_STRINGS;

describe('user administration', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  let admin: Browser;
  let adminId: number;
  let xian: { id: number; name: string };
  let beilin: { id: number; name: string };

  beforeAll(async () => {
    const signedIn = await signedInAs(ctx.app, db(), 'admin', { role: 'admin', account: 'chief.admin' });
    admin = signedIn.browser;
    adminId = signedIn.user.id;
    [xian] = await db().select({ id: organisations.id, name: organisations.name }).from(organisations).where(eq(organisations.divisionCode, '6101'));
    [beilin] = await db().select({ id: organisations.id, name: organisations.name }).from(organisations).where(eq(organisations.divisionCode, '610103'));
  });

  async function auditRows(action: string, entityId: number) {
    return db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
  }

  async function create(body: Record<string, unknown>) {
    return admin.post<TemporaryPassword>('/api/users', body);
  }

  describe('POST /api/users', () => {
    it('creates a user with a temporary password shown once, which works once and must be changed', async () => {
      const response = await create({ account: 'Wang.Fang', displayName: '王芳', role: 'staff', organisationId: xian.id });
      expect(response.status).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const { user, temporaryPassword } = dataOf(response);
      expect(user).toEqual({
        id: expect.any(Number),
        account: 'wang.fang',
        displayName: '王芳',
        role: 'staff',
        organisation: { id: xian.id, name: '西安市', level: 'city' },
        status: 'active',
        mustChangePassword: true,
        lastSignInAt: null,
        createdAt: expect.stringMatching(/\+08:00$/),
        updatedAt: expect.stringMatching(/\+08:00$/),
      });
      expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      // the hash is argon2id, and never the password itself
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(row!.passwordHash, temporaryPassword)).toBe(true);
      // the log has who, what and from where, but no secret
      const [entry] = await auditRows('user.create', user.id);
      expect(entry).toMatchObject({
        actorId: adminId,
        actorAccount: 'chief.admin',
        ip: '127.0.0.1',
        entityType: 'user',
        before: null,
        after: { account: 'wang.fang', displayName: '王芳', role: 'staff', organisationId: xian.id, status: 'active', mustChangePassword: true },
      });
      expect(JSON.stringify(entry)).not.toContain(temporaryPassword);
      expect(JSON.stringify(entry)).not.toContain('argon2');
      const browser = new Browser(ctx.app);
      expect(dataOf(await browser.signIn('wang.fang', temporaryPassword)).user.mustChangePassword).toBe(true);
    });

    it('answers 409 ACCOUNT_TAKEN for an account that exists in any case, changing nothing', async () => {
      await create({ account: 'li.na', displayName: '李娜', role: 'editor', organisationId: null });
      const before = await countRows(db());
      const response = await create({ account: 'LI.NA', displayName: '另一个李娜', role: 'staff', organisationId: null });
      expect(response.status).toBe(409);
      expect(errorOf(response).errorCode).toBe('ACCOUNT_TAKEN');
      expect(await countRows(db())).toEqual(before);
    });

    it('answers 404 ORGANISATION_NOT_FOUND for an organisation that does not exist, changing nothing', async () => {
      const before = await countRows(db());
      const response = await create({ account: 'nobody.org', displayName: '无机构', role: 'staff', organisationId: 999_999 });
      expect(response.status).toBe(404);
      expect(errorOf(response).errorCode).toBe('ORGANISATION_NOT_FOUND');
      expect(await countRows(db())).toEqual(before);
    });

    it.each([
      [{ account: 'ab', displayName: '太短', role: 'staff', organisationId: null }, 'body/account'],
      [{ account: '-dash', displayName: '横线开头', role: 'staff', organisationId: null }, 'body/account'],
      [{ account: '张伟', displayName: '中文账号', role: 'staff', organisationId: null }, 'body/account'],
      [{ account: 'a'.repeat(33), displayName: '太长', role: 'staff', organisationId: null }, 'body/account'],
      [{ account: 'root', displayName: '超级', role: 'root', organisationId: null }, 'body/role'],
      [{ account: 'typed.name', displayName: 123, role: 'staff', organisationId: null }, 'body/displayName'],
      [{ account: 'typed.org', displayName: '类型', role: 'staff', organisationId: '1' }, 'body/organisationId'],
      [{ account: 'typed.org0', displayName: '零', role: 'staff', organisationId: 0 }, 'body/organisationId'],
      [{ account: 'null.name', displayName: null, role: 'staff', organisationId: null }, 'body/displayName'],
      [{ account: 'blank.name', displayName: '   ', role: 'staff', organisationId: null }, 'body/displayName'],
      [{ account: 'long.name', displayName: '林'.repeat(51), role: 'staff', organisationId: null }, 'body/displayName'],
      [{ account: 'nul.name', displayName: '张\u0000伟', role: 'staff', organisationId: null }, 'body/displayName'],
      [{ account: 'missing.org', displayName: '缺机构', role: 'staff' }, 'body/organisationId'],
      [{ displayName: '缺账号', role: 'staff', organisationId: null }, 'body/account'],
    ])('refuses %j with 400 naming %s, changing nothing', async (body, field) => {
      const before = await countRows(db());
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      expect(errorOf(response).details?.map((d) => d.field)).toContain(field);
      expect(await countRows(db())).toEqual(before);
    });

    it('refuses an unknown property with 400 naming it, creating nothing', async () => {
      const before = await countRows(db());
      const response = await create({ account: 'extra.field', displayName: '多余字段', role: 'staff', organisationId: null, password: 'Chosen-by-admin-1' });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/password' }] });
      expect(await countRows(db())).toEqual(before);
    });

    it('refuses a body that is not an object', async () => {
      for (const body of ['[]', '"text"', 'null']) {
        const response = await admin.request('POST', '/api/users', body, { headers: { 'content-type': 'application/json' } });
        expect(response.status).toBe(400);
      }
    });
  });

  describe('GET /api/users', () => {
    beforeAll(async () => {
      await createUser(db(), { role: 'staff', account: 'zhao.lei', displayName: '赵磊', organisationId: beilin.id });
      await createUser(db(), { role: 'editor', account: 'qian.jing', displayName: '钱静', organisationId: xian.id, status: 'disabled' });
      await createUser(db(), { role: 'staff', account: 'sun_100', displayName: '孙 100%' });
    });

    const list = async (query: string) => dataOf(await admin.get<Page<User>>(`/api/users?${query}`));

    it('lists users by account, paged', async () => {
      const all = await list('pageSize=100');
      expect(all.items.map((u) => u.account)).toEqual([...all.items.map((u) => u.account)].sort());
      const [total] = await db().select({ n: count() }).from(users);
      expect(all.total).toBe(total!.n);
      const page2 = await list('pageSize=2&page=2');
      expect(page2.items.map((u) => u.id)).toEqual(all.items.slice(2, 4).map((u) => u.id));
      expect((await admin.get('/api/users?pageSize=101')).status).toBe(400);
    });

    it('finds a keyword in the account or the display name, ignoring case; two Chinese characters work', async () => {
      expect((await list('keyword=ZHAO')).items.map((u) => u.account)).toEqual(['zhao.lei']);
      expect((await list(`keyword=${encodeURIComponent('钱静')}`)).items.map((u) => u.account)).toEqual(['qian.jing']);
      expect((await list(`keyword=${encodeURIComponent('100%')}`)).items.map((u) => u.account)).toEqual(['sun_100']);
    });

    it('matches % and _ literally', async () => {
      expect((await list(`keyword=${encodeURIComponent('%')}`)).items.map((u) => u.account)).toEqual(['sun_100']);
      const underscore = await list(`keyword=${encodeURIComponent('_')}&pageSize=100`);
      expect(underscore.items.map((u) => u.account)).toContain('sun_100');
      expect(underscore.items.every((u) => u.account.includes('_') || u.displayName.includes('_'))).toBe(true);
    });

    it('filters by role, status and organisation', async () => {
      expect((await list('role=editor')).items.every((u) => u.role === 'editor')).toBe(true);
      expect((await list('status=disabled')).items.map((u) => u.account)).toContain('qian.jing');
      expect((await list('status=disabled')).items.every((u) => u.status === 'disabled')).toBe(true);
      expect((await list(`organisationId=${beilin.id}`)).items.map((u) => u.account)).toEqual(['zhao.lei']);
      expect((await list(`role=staff&organisationId=${xian.id}&status=disabled`)).total).toBe(0);
      expect((await admin.get('/api/users?role=root')).status).toBe(400);
    });

    it('is never cached: the list and one user answer Cache-Control: no-store', async () => {
      const response = await admin.get<Page<User>>('/api/users');
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const [first] = dataOf(response).items;
      expect((await admin.get(`/api/users/${first!.id}`)).headers['cache-control']).toBe('no-store');
    });

    it('refuses an unknown query parameter with 400 naming it', async () => {
      const response = await admin.get('/api/users?pagesize=10');
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'querystring/pagesize' }] });
    });

    it('answers one user, or 404 USER_NOT_FOUND', async () => {
      const [zhao] = (await list('keyword=zhao.lei')).items;
      expect(dataOf(await admin.get<User>(`/api/users/${zhao!.id}`))).toEqual(zhao);
      const missing = await admin.get('/api/users/999999');
      expect(missing.status).toBe(404);
      expect(errorOf(missing).errorCode).toBe('USER_NOT_FOUND');
      expect((await admin.get('/api/users/abc')).status).toBe(400);
    });
  });

  describe('PATCH /api/users/:id', () => {
    it('changes the fields given and records only what changed', async () => {
      const user = await createUser(db(), { role: 'staff', displayName: '周明' });
      const response = await admin.patch<User>(`/api/users/${user.id}`, { displayName: '周明（林业局）', role: 'editor', organisationId: beilin.id });
      expect(response.status).toBe(200);
      expect(dataOf(response)).toMatchObject({
        displayName: '周明（林业局）',
        role: 'editor',
        organisation: { id: beilin.id, name: '碑林区', level: 'county' },
      });
      const [entry] = await auditRows('user.update', user.id);
      expect(entry).toMatchObject({
        actorId: adminId,
        before: { displayName: '周明', role: 'staff', organisationId: null },
        after: { displayName: '周明（林业局）', role: 'editor', organisationId: beilin.id },
      });
      await admin.patch(`/api/users/${user.id}`, { organisationId: null, displayName: '周明（林业局）' });
      const entries = await auditRows('user.update', user.id);
      expect(entries[1]).toMatchObject({ before: { organisationId: beilin.id }, after: { organisationId: null } });
      expect(Object.keys(entries[1]!.after!)).toEqual(['organisationId']);
    });

    it('writes nothing when nothing changes', async () => {
      const user = await createUser(db(), { role: 'staff', displayName: '不变' });
      expect((await admin.patch(`/api/users/${user.id}`, {})).status).toBe(200);
      expect((await admin.patch(`/api/users/${user.id}`, { displayName: '不变', role: 'staff' })).status).toBe(200);
      expect(await auditRows('user.update', user.id)).toEqual([]);
    });

    it('does not let an administrator change their own role (409 CANNOT_CHANGE_SELF), but their name', async () => {
      const response = await admin.patch(`/api/users/${adminId}`, { role: 'staff' });
      expect(response.status).toBe(409);
      expect(errorOf(response).errorCode).toBe('CANNOT_CHANGE_SELF');
      expect((await admin.patch(`/api/users/${adminId}`, { displayName: '首席管理员' })).status).toBe(200);
      expect((await admin.session())?.role).toBe('admin');
    });

    it('refuses an attempt to change the account, naming it, and changes nothing', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const response = await admin.patch(`/api/users/${user.id}`, { account: 'renamed', displayName: '改名' });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/account' }] });
      const after = dataOf(await admin.get<User>(`/api/users/${user.id}`));
      expect(after.account).toBe(user.account);
      expect(after.displayName).not.toBe('改名');
    });

    it('answers 404 for a user or an organisation that does not exist', async () => {
      expect(errorOf(await admin.patch('/api/users/999999', { displayName: '无' })).errorCode).toBe('USER_NOT_FOUND');
      const user = await createUser(db(), { role: 'staff' });
      expect(errorOf(await admin.patch(`/api/users/${user.id}`, { organisationId: 999_999 })).errorCode).toBe('ORGANISATION_NOT_FOUND');
    });

    it('applies a changed role at the next request of that user', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      expect((await browser.get('/api/users')).status).toBe(403);
      await admin.patch(`/api/users/${user.id}`, { role: 'admin' });
      expect((await browser.get('/api/users')).status).toBe(200);
      await admin.patch(`/api/users/${user.id}`, { role: 'staff' });
      expect((await browser.get('/api/users')).status).toBe(403);
    });
  });

  describe('disable, enable, reset password', () => {
    it('disables and enables a user, recording each', async () => {
      const user = await createUser(db(), { role: 'editor' });
      const disabled = await admin.post<User>(`/api/users/${user.id}/disable`);
      expect(dataOf(disabled).status).toBe('disabled');
      expect((await new Browser(ctx.app).signIn(user.account, user.password)).status).toBe(401);
      // again: already so, nothing written
      expect((await admin.post(`/api/users/${user.id}/disable`)).status).toBe(200);
      const enabled = await admin.post<User>(`/api/users/${user.id}/enable`);
      expect(dataOf(enabled).status).toBe('active');
      expect((await new Browser(ctx.app).signIn(user.account, user.password)).status).toBe(200);
      expect((await auditRows('user.disable', user.id)).map((e) => [e.before, e.after])).toEqual([
        [{ status: 'active' }, { status: 'disabled', sessionsEnded: 0 }],
      ]);
      expect((await auditRows('user.enable', user.id)).map((e) => [e.before, e.after])).toEqual([[{ status: 'disabled' }, { status: 'active' }]]);
    });

    it('does not let an administrator disable themself or reset their own password (409 CANNOT_CHANGE_SELF)', async () => {
      const before = await countRows(db());
      for (const action of ['disable', 'reset-password']) {
        const response = await admin.post(`/api/users/${adminId}/${action}`);
        expect(response.status).toBe(409);
        expect(errorOf(response).errorCode).toBe('CANNOT_CHANGE_SELF');
      }
      expect(await countRows(db())).toEqual({ ...before, sessions: before.sessions });
      expect((await admin.session())?.id).toBe(adminId);
    });

    it('lets one administrator disable another while an active one remains', async () => {
      const other = await createUser(db(), { role: 'admin' });
      expect(dataOf(await admin.post<User>(`/api/users/${other.id}/disable`)).status).toBe('disabled');
    });

    it('never leaves the portal without an active administrator (409 LAST_ADMIN)', async () => {
      // an administrator acting while every other administrator was disabled or demoted meanwhile:
      // only a race reaches this through the API, so the service is called as the route would
      const lone = await createUser(db(), { role: 'admin' });
      const others = await db()
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
      await db().update(users).set({ status: 'disabled' }).where(eq(users.role, 'admin'));
      await db().update(users).set({ status: 'active' }).where(eq(users.id, lone.id));
      try {
        const acting = { actor: { id: 0, account: 'ghost' }, ip: '127.0.0.1' };
        const now = () => new Date();
        await expect(setUserStatus(db(), now, acting, lone.id, 'disabled')).rejects.toMatchObject({ code: 'LAST_ADMIN' });
        await expect(updateUser(db(), now, acting, lone.id, { role: 'editor' })).rejects.toMatchObject({ code: 'LAST_ADMIN' });
        const [row] = await db().select().from(users).where(eq(users.id, lone.id));
        expect(row).toMatchObject({ role: 'admin', status: 'active' });
      } finally {
        for (const { id } of others) await db().update(users).set({ status: 'active' }).where(eq(users.id, id));
      }
    });

    it('resets a password: a new temporary one, the old one gone, a change required, the record without secrets', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const response = await admin.post<TemporaryPassword>(`/api/users/${user.id}/reset-password`);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { user: after, temporaryPassword } = dataOf(response);
      expect(after.mustChangePassword).toBe(true);
      expect((await new Browser(ctx.app).signIn(user.account, user.password)).status).toBe(401);
      expect((await new Browser(ctx.app).signIn(user.account, temporaryPassword)).status).toBe(200);
      const [entry] = await auditRows('user.reset_password', user.id);
      expect(entry).toMatchObject({ before: { mustChangePassword: false }, after: { mustChangePassword: true, sessionsEnded: 0 } });
      expect(JSON.stringify(entry)).not.toContain(temporaryPassword);
    });

    it('refuses a body on disable, enable and reset-password, changing nothing', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const before = await countRows(db());
      for (const action of ['disable', 'enable', 'reset-password']) {
        const response = await admin.post(`/api/users/${user.id}/${action}`, { reason: '离职' });
        expect(response.status, action).toBe(400);
        expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      }
      expect(await countRows(db())).toEqual(before);
      expect(dataOf(await admin.get<User>(`/api/users/${user.id}`))).toMatchObject({ status: 'active', mustChangePassword: false });
    });

    it('answers 404 USER_NOT_FOUND for each action on a user that does not exist', async () => {
      for (const action of ['disable', 'enable', 'reset-password']) {
        expect(errorOf(await admin.post(`/api/users/999999/${action}`)).errorCode).toBe('USER_NOT_FOUND');
      }
    });
  });

  describe('hostile input: the Big List of Naughty Strings', () => {
    it(`stores each of the ${naughtyStrings.length} strings as a display name exactly (trimmed), or refuses it with 400; never a 500`, async () => {
      const user = await createUser(db(), { role: 'staff' });
      let stored = 0;
      for (const sent of naughtyStrings) {
        // one-line text is trimmed before it is checked (docs/api.md §Text)
        const naughty = sent.trim();
        const response = await admin.patch<User>(`/api/users/${user.id}`, { displayName: sent });
        const ok = acceptable(naughty, { min: 1, max: 50, notBlank: true });
        expect(response.status, JSON.stringify(naughty)).toBe(ok ? 200 : 400);
        if (!ok) {
          expect(new Set(errorOf(response).details?.map((d) => d.field))).toEqual(new Set(['body/displayName']));
          continue;
        }
        stored++;
        expect(dataOf(response).displayName, JSON.stringify(naughty)).toBe(naughty);
        expect(dataOf(await admin.get<User>(`/api/users/${user.id}`)).displayName).toBe(naughty);
      }
      // the refused ones are the too long (153), blank or with control characters
      expect(stored).toBeGreaterThan(300);
    });

    it('accepts a naughty string as an account only when it follows the account rules (once trimmed), else 400', async () => {
      let created = 0;
      for (const sent of naughtyStrings) {
        const naughty = sent.trim();
        const response = await create({ account: sent, displayName: '顽皮', role: 'staff', organisationId: null });
        expect([201, 400, 409], JSON.stringify(naughty)).toContain(response.status);
        if (response.status === 201) {
          created++;
          expect(new RegExp(ACCOUNT_PATTERN).test(naughty)).toBe(true);
          expect(dataOf(response).user.account).toBe(naughty.toLowerCase());
        }
        if (response.status === 409) expect(errorOf(response).errorCode).toBe('ACCOUNT_TAKEN');
      }
      expect(created).toBeGreaterThan(0);
    });

    it('takes each string as a search keyword without failing', async () => {
      for (const naughty of naughtyStrings) {
        const response = await admin.get(`/api/users?keyword=${encodeURIComponent(naughty)}`);
        expect([200, 400], JSON.stringify(naughty)).toContain(response.status);
      }
    });
  });
});
