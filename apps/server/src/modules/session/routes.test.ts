/**
 * Sign-in, sessions and one's own password as a browser meets them: cookies, rotation, sign-out,
 * idle expiry, the attempt limits, the generic failure message, CSRF refusals and the password
 * policy. The clock is the app's (`now`), moved forward by the tests.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@eco/contracts/site';
import type { FastifyInstance } from 'fastify';
import { storedSid } from '../../auth/session-store';
import { auditLog, sessions, siteSettings, users } from '../../db/schema';
import { ERROR_CODES } from '@eco/contracts/error-codes';
import { Browser, createUser, OWN_ORIGIN, signedInAs } from '../../test/browser';
import { buildTestApp, errorOf, useTestApp } from '../../test/test-app';
import { ATTEMPT_LIMITS } from './service';

let clock = new Date('2026-11-22T08:00:00+08:00').getTime();
const minutes = (n: number) => n * 60_000;

describe('the session', () => {
  const ctx = useTestApp({ now: () => new Date(clock) });
  const db = () => ctx.database.db;

  /** Audit rows of `action` about user `id`. */
  async function auditOf(action: string, id: number) {
    return db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));
  }

  async function sessionRows(userId: number): Promise<number> {
    const [row] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
    return row!.n;
  }

  describe('GET /api/session', () => {
    it('answers no user and a CSRF token to an anonymous visitor, in an HttpOnly SameSite=Strict cookie secret', async () => {
      const browser = new Browser(ctx.app);
      const response = await browser.get<{ user: CurrentUser | null; csrfToken: string }>('/api/session');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: { user: null, csrfToken: expect.stringMatching(/^[\w-]{20,}$/), uploadMaxBytes: 50 * 1024 * 1024 },
      });
      expect(response.headers['cache-control']).toBe('no-store');
      const secret = response.setCookies.get('eco_csrf')!;
      expect(secret).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      // no session is stored for a visitor
      expect(response.setCookies.has('eco_session')).toBe(false);
    });

    it('keeps the CSRF secret once set: a later visit gets a new token for the same secret', async () => {
      const browser = new Browser(ctx.app);
      await browser.session();
      const secret = browser.cookies.get('eco_csrf');
      const second = await browser.get('/api/session');
      expect(second.setCookies.has('eco_csrf')).toBe(false);
      expect(browser.cookies.get('eco_csrf')).toBe(secret);
    });
  });

  describe('signing in', () => {
    it('answers the user and sets an HttpOnly, SameSite=Lax browser-session cookie (not Secure over HTTP by default)', async () => {
      const user = await createUser(db(), { role: 'editor' });
      const browser = new Browser(ctx.app);
      const response = await browser.signIn(user.account.toUpperCase(), user.password);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: { user: { id: user.id, account: user.account, displayName: expect.any(String), role: 'editor', organisation: null, mustChangePassword: false } },
      });
      expect(response.headers['cache-control']).toBe('no-store');
      const cookie = response.setCookies.get('eco_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy();
      // idle expiry is the server's; the cookie lives as long as the browser
      expect(cookie.expires).toBeUndefined();
      expect(cookie.maxAge).toBeUndefined();
      expect((await browser.session())?.id).toBe(user.id);
      expect(await auditOf('session.sign_in', user.id)).toEqual([expect.objectContaining({ actorId: user.id, actorAccount: user.account, ip: '127.0.0.1' })]);
      const [row] = await db().select({ at: users.lastSignInAt }).from(users).where(eq(users.id, user.id));
      expect(row!.at!.getTime()).toBe(clock);
    });

    it.each([
      ['auto', 'https', true],
      ['auto', 'http', false],
      ['true', 'https', true],
      ['false', 'https', false],
    ] as const)('with COOKIE_SECURE=%s over %s, the cookies are Secure: %s', async (setting, protocol, secure) => {
      const app = await buildTestApp(ctx.database, () => new Date(clock), { cookieSecure: setting === 'auto' ? 'auto' : setting === 'true', trustProxy: true });
      try {
        const user = await createUser(db(), { role: 'staff' });
        const browser = new Browser(app);
        const headers = { 'x-forwarded-proto': protocol };
        const visit = await browser.get('/api/session', { headers });
        browser.csrfToken = (visit.body as { data: { csrfToken: string } }).data.csrfToken;
        expect(Boolean(visit.setCookies.get('eco_csrf')!.secure)).toBe(secure);
        const response = await browser.post(
          '/api/session',
          { account: user.account, password: user.password },
          { headers: { ...headers, origin: `${protocol}://localhost:80` } },
        );
        expect(response.status).toBe(200);
        expect(Boolean(response.setCookies.get('eco_session')!.secure)).toBe(secure);
      } finally {
        await app.close();
      }
    });

    it('sends no session cookie over plain HTTP when COOKIE_SECURE=true (a browser would not keep it)', async () => {
      const app = await buildTestApp(ctx.database, () => new Date(clock), { cookieSecure: true });
      try {
        const user = await createUser(db(), { role: 'staff' });
        const browser = new Browser(app);
        const response = await browser.signIn(user.account, user.password);
        expect(response.status).toBe(200);
        expect(response.setCookies.has('eco_session')).toBe(false);
        expect(await sessionRows(user.id)).toBe(0);
      } finally {
        await app.close();
      }
    });

    it('gives a new session id at every sign-in: the previous id no longer works', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const browser = new Browser(ctx.app);
      await browser.signIn(user.account, user.password);
      const first = browser.cookies.get('eco_session')!;
      const again = await browser.signIn(user.account, user.password);
      const second = browser.cookies.get('eco_session')!;
      expect(again.status).toBe(200);
      expect(second).not.toBe(first);
      const stale = new Browser(ctx.app);
      stale.cookies.set('eco_session', first);
      expect(await stale.session()).toBeNull();
      expect((await browser.session())?.id).toBe(user.id);
      expect(await sessionRows(user.id)).toBe(1);
    });

    it('replaces a session id planted before sign-in (session fixation)', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const victim = new Browser(ctx.app);
      victim.cookies.set('eco_session', 'planted-by-attacker.signature');
      await victim.signIn(user.account, user.password);
      expect(victim.cookies.get('eco_session')).not.toBe('planted-by-attacker.signature');
      expect((await victim.session())?.id).toBe(user.id);
    });

    it('keeps in the table only a hash of the session id, never the id the cookie carries', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const browser = new Browser(ctx.app);
      await browser.signIn(user.account, user.password);
      const sid = decodeURIComponent(browser.cookies.get('eco_session')!).split('.')[0]!;
      const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
      expect(row!.sid).toBe(storedSid(sid));
      expect(row!.sid).not.toContain(sid);
    });
  });

  describe('failed sign-ins', () => {
    it('answers an unknown account, a wrong password and a disabled account with the same 401', async () => {
      const active = await createUser(db(), { role: 'staff' });
      const disabled = await createUser(db(), { role: 'staff', status: 'disabled' });
      const browser = new Browser(ctx.app, '10.1.0.1');
      const answers = [
        await browser.signIn('no-such-account', 'Whatever-123456'),
        await browser.signIn(active.account, 'not-the-password'),
        await browser.signIn(disabled.account, disabled.password),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ success: false, errorCode: 'SIGN_IN_FAILED', errorMessage: ERROR_CODES.SIGN_IN_FAILED.zh, showType: 2 });
        expect(answer.setCookies.has('eco_session')).toBe(false);
      }
      expect(new Set(answers.map((a) => a.raw)).size).toBe(1);
      // the log tells administrators why
      const failures = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'session.sign_in_failed'), eq(auditLog.ip, '10.1.0.1')));
      expect(failures.map((f) => [f.actorAccount, f.actorId, f.after])).toEqual([
        ['no-such-account', null, { reason: 'unknown_account' }],
        [active.account, active.id, { reason: 'wrong_password' }],
        [disabled.account, disabled.id, { reason: 'disabled' }],
      ]);
    });

    it('says it in English when asked', async () => {
      const browser = new Browser(ctx.app, '10.1.0.2');
      const answer = await browser.signIn('no-such-account', 'Whatever-123456', { headers: { 'accept-language': 'en-US' } });
      expect(errorOf(answer).errorMessage).toBe('Wrong account or password');
    });

    it(`limits failures per account to ${ATTEMPT_LIMITS.perAccount} in 15 minutes, with Retry-After, even from other addresses`, async () => {
      const user = await createUser(db(), { role: 'staff' });
      const started = clock;
      for (let i = 0; i < ATTEMPT_LIMITS.perAccount; i++) {
        const answer = await new Browser(ctx.app, `10.2.0.${i + 1}`).signIn(user.account, 'wrong-password-1');
        expect(answer.status).toBe(401);
        clock += minutes(1);
      }
      // the right password no longer helps, from yet another address
      const limited = await new Browser(ctx.app, '10.2.1.1').signIn(user.account, user.password);
      expect(limited.status).toBe(429);
      expect(errorOf(limited).errorCode).toBe('TOO_MANY_ATTEMPTS');
      // the oldest failure leaves the window 15 minutes after it happened
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBe((started + ATTEMPT_LIMITS.windowMs - clock) / 1000);
      expect(errorOf(limited).errorMessage).toContain(String(retryAfter));
      clock += retryAfter * 1000 - 1000;
      expect((await new Browser(ctx.app, '10.2.1.2').signIn(user.account, user.password)).status).toBe(429);
      clock += 1000;
      expect((await new Browser(ctx.app, '10.2.1.3').signIn(user.account, user.password)).status).toBe(200);
    });

    it('writes nothing for a limited attempt', async () => {
      const user = await createUser(db(), { role: 'staff' });
      for (let i = 0; i < ATTEMPT_LIMITS.perAccount; i++) await new Browser(ctx.app, '10.3.0.1').signIn(user.account, 'wrong-password-1');
      const [before] = await db().select({ n: count() }).from(auditLog);
      expect((await new Browser(ctx.app, '10.3.0.1').signIn(user.account, user.password)).status).toBe(429);
      const [after] = await db().select({ n: count() }).from(auditLog);
      expect(after).toEqual(before);
      clock += ATTEMPT_LIMITS.windowMs;
    });

    it(`limits failures per address to ${ATTEMPT_LIMITS.perAddress} in 15 minutes, whatever the accounts`, async () => {
      const address = '10.4.0.1';
      for (let i = 0; i < ATTEMPT_LIMITS.perAddress; i++) {
        expect((await new Browser(ctx.app, address).signIn(`sprayed-${i}`, 'Spring2026!!')).status).toBe(401);
      }
      const user = await createUser(db(), { role: 'staff' });
      const limited = await new Browser(ctx.app, address).signIn(user.account, user.password);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(ATTEMPT_LIMITS.windowMs / 1000);
      // another address is not limited
      expect((await new Browser(ctx.app, '10.4.0.2').signIn(user.account, user.password)).status).toBe(200);
      clock += ATTEMPT_LIMITS.windowMs;
      expect((await new Browser(ctx.app, address).signIn(user.account, user.password)).status).toBe(200);
    });

    it('clears the failures of an account when it signs in', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const browser = new Browser(ctx.app, '10.5.0.1');
      for (let i = 0; i < ATTEMPT_LIMITS.perAccount - 1; i++) await browser.signIn(user.account, 'wrong-password-1');
      expect((await browser.signIn(user.account, user.password)).status).toBe(200);
      for (let i = 0; i < ATTEMPT_LIMITS.perAccount - 1; i++) expect((await browser.signIn(user.account, 'wrong-password-1')).status).toBe(401);
      expect((await browser.signIn(user.account, user.password)).status).toBe(200);
    });

    it('counts parallel guesses: no more than the limit get through to the password check', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const browser = new Browser(ctx.app, '10.6.0.1');
      await browser.session();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => browser.post('/api/session', { account: user.account, password: 'wrong-password-1' })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(ATTEMPT_LIMITS.perAccount);
      expect(statuses.filter((s) => s === 429)).toHaveLength(12 - ATTEMPT_LIMITS.perAccount);
      clock += ATTEMPT_LIMITS.windowMs;
    });

    it.each([
      [{ account: 'someone' }, 'body/password'],
      [{ password: 'x' }, 'body/account'],
      [{ account: 'a\u0000b', password: 'Whatever-123456' }, 'body/account'],
      [{ account: 42, password: 'Whatever-123456' }, 'body/account'],
      [{ account: 'someone', password: 'x'.repeat(1025) }, 'body/password'],
    ])('refuses %j with 400 naming %s, recording nothing', async (body, field) => {
      const browser = new Browser(ctx.app, '10.7.0.1');
      await browser.session();
      const [before] = await db().select({ n: count() }).from(auditLog);
      const answer = await browser.post('/api/session', body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).details?.map((d) => d.field)).toContain(field);
      const [after] = await db().select({ n: count() }).from(auditLog);
      expect(after).toEqual(before);
    });
  });

  describe('unknown properties', () => {
    it('refuses a sign-in with an unknown property with 400 naming it: no session, no record', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const browser = new Browser(ctx.app, '10.8.0.1');
      await browser.session();
      const response = await browser.post('/api/session', { account: user.account, password: user.password, remember: true });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/remember' }] });
      expect(browser.cookies.has('eco_session')).toBe(false);
      expect(await auditOf('session.sign_in', user.id)).toEqual([]);
    });

    it('refuses a password change with an unknown property with 400 naming it, changing nothing', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      const [before] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      const response = await browser.put('/api/session/password', {
        currentPassword: user.password,
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/confirmPassword' }] });
      const [after] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(after).toEqual(before);
      expect((await browser.session())?.id).toBe(user.id);
    });

    it('refuses a body on sign-out, keeping the session', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      const response = await browser.request('DELETE', '/api/session', { everywhere: true });
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      expect((await browser.session())?.id).toBe(user.id);
    });
  });

  describe('signing out', () => {
    it('deletes the session row, clears the cookie, and the old cookie no longer works', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      const cookie = browser.cookies.get('eco_session')!;
      const response = await browser.delete('/api/session');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: null });
      expect(response.setCookies.get('eco_session')?.cleared).toBe(true);
      expect(await sessionRows(user.id)).toBe(0);
      const replay = new Browser(ctx.app);
      replay.cookies.set('eco_session', cookie);
      expect(await replay.session()).toBeNull();
      expect(await auditOf('session.sign_out', user.id)).toHaveLength(1);
    });

    it('answers 200 to a visitor who is not signed in, recording nothing', async () => {
      const browser = new Browser(ctx.app);
      await browser.session();
      expect((await browser.delete('/api/session')).status).toBe(200);
    });
  });

  describe('idle expiry (SESSION_IDLE_MINUTES, default 30)', () => {
    it('keeps a session that is used, and ends one left idle for 30 minutes', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      for (let i = 0; i < 3; i++) {
        clock += minutes(29);
        expect((await browser.session())?.id).toBe(user.id);
      }
      clock += minutes(30);
      expect(await browser.session()).toBeNull();
      // the expired row is gone, not merely ignored
      expect(await sessionRows(user.id)).toBe(0);
    });

    it('ends it at exactly the idle time', async () => {
      const { browser } = await signedInAs(ctx.app, db(), 'staff');
      clock += minutes(30) - 1;
      expect(await browser.session()).not.toBeNull();
      clock += minutes(30);
      expect(await browser.session()).toBeNull();
    });

    it('follows SESSION_IDLE_MINUTES', async () => {
      const app = await buildTestApp(ctx.database, () => new Date(clock), { sessionIdleMinutes: 5 });
      try {
        const { browser } = await signedInAs(app, db(), 'staff');
        clock += minutes(4);
        expect(await browser.session()).not.toBeNull();
        clock += minutes(5);
        expect(await browser.session()).toBeNull();
      } finally {
        await app.close();
      }
    });

    it('keeps a session used every 20 s alive with SESSION_IDLE_MINUTES=1, and ends it after 61 s of silence', async () => {
      const app = await buildTestApp(ctx.database, () => new Date(clock), { sessionIdleMinutes: 1 });
      try {
        const { browser, user } = await signedInAs(app, db(), 'staff');
        // three minutes of requests, each well within the idle time of the one before
        for (let elapsed = 0; elapsed < minutes(3); elapsed += 20_000) {
          clock += 20_000;
          expect((await browser.session())?.id, `after ${(elapsed + 20_000) / 1000} s`).toBe(user.id);
        }
        expect((await browser.get('/api/roles')).status).toBe(200);
        clock += 61_000;
        expect(await browser.session()).toBeNull();
        expect(await sessionRows(user.id)).toBe(0);
      } finally {
        await app.close();
      }
    });

    it('with the default 30 minutes, writes a used session at most once a minute', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      const expiry = async () => (await db().select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id)))[0]!.at.getTime();
      const first = await expiry();
      clock += 30_000;
      expect(await browser.session()).not.toBeNull();
      expect(await expiry()).toBe(first);
      clock += 30_000;
      expect(await browser.session()).not.toBeNull();
      expect(await expiry()).toBe(clock + minutes(30));
    });

    it('answers 401 NOT_SIGNED_IN to a signed-in endpoint once the session has expired', async () => {
      const { browser } = await signedInAs(ctx.app, db(), 'staff');
      clock += minutes(31);
      const response = await browser.get('/api/roles');
      expect(response.status).toBe(401);
      expect(errorOf(response).errorCode).toBe('NOT_SIGNED_IN');
    });
  });

  describe('sessions of a user an administrator changes', () => {
    it('ends every session of a disabled user at once', async () => {
      const { browser: admin } = await signedInAs(ctx.app, db(), 'admin');
      const { browser: staff, user } = await signedInAs(ctx.app, db(), 'staff');
      const other = new Browser(ctx.app);
      await other.signIn(user.account, user.password);
      expect(await sessionRows(user.id)).toBe(2);
      expect((await admin.post(`/api/users/${user.id}/disable`)).status).toBe(200);
      expect(await sessionRows(user.id)).toBe(0);
      expect(await staff.session()).toBeNull();
      expect(await other.session()).toBeNull();
      expect((await new Browser(ctx.app).signIn(user.account, user.password)).status).toBe(401);
    });

    it('ends the sessions of a user whose password was reset, and makes them change it before anything else', async () => {
      const { browser: admin } = await signedInAs(ctx.app, db(), 'admin');
      const { browser: old, user } = await signedInAs(ctx.app, db(), 'staff');
      const reset = await admin.post<{ temporaryPassword: string }>(`/api/users/${user.id}/reset-password`);
      expect(reset.status).toBe(200);
      const temporary = (reset.body as { data: { temporaryPassword: string } }).data.temporaryPassword;
      expect(await old.session()).toBeNull();
      expect((await new Browser(ctx.app).signIn(user.account, user.password)).status).toBe(401);

      const browser = new Browser(ctx.app);
      const signIn = await browser.signIn(user.account, temporary);
      expect(signIn.status).toBe(200);
      expect((signIn.body as { data: { user: CurrentUser } }).data.user.mustChangePassword).toBe(true);
      // only reading the session, changing the password and signing out are allowed
      expect((await browser.session())?.mustChangePassword).toBe(true);
      for (const response of [await browser.get('/api/roles'), await browser.get('/api/organisations')]) {
        expect(response.status).toBe(403);
        expect(errorOf(response).errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
      }
      // reading the session again works too (the web app reloads it after any change)
      expect((await browser.get('/api/session')).status).toBe(200);
      const changed = await browser.put('/api/session/password', { currentPassword: temporary, newPassword: 'a brand new passphrase' });
      expect(changed.status).toBe(200);
      expect((changed.body as { data: { user: CurrentUser } }).data.user.mustChangePassword).toBe(false);
      expect((await browser.get('/api/roles')).status).toBe(200);
    });
  });

  it('lets a user who must change their password sign out', async () => {
    const user = await createUser(db(), { role: 'staff', mustChangePassword: true });
    const browser = new Browser(ctx.app);
    expect((await browser.signIn(user.account, user.password)).status).toBe(200);
    expect((await browser.session())?.mustChangePassword).toBe(true);
    const response = await browser.delete('/api/session');
    expect(response.status).toBe(200);
    expect(await browser.session()).toBeNull();
    expect(await auditOf('session.sign_out', user.id)).toHaveLength(1);
  });

  describe('PUT /api/session/password', () => {
    const NEW = 'correct horse battery staple';

    it('changes the password, ends the other sessions, and gives this one a new id', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'editor');
      const elsewhere = new Browser(ctx.app);
      await elsewhere.signIn(user.account, user.password);
      const before = browser.cookies.get('eco_session')!;
      const response = await browser.put('/api/session/password', { currentPassword: user.password, newPassword: NEW });
      expect(response.status).toBe(200);
      expect(browser.cookies.get('eco_session')).not.toBe(before);
      expect((await browser.session())?.id).toBe(user.id);
      expect(await elsewhere.session()).toBeNull();
      const replay = new Browser(ctx.app);
      replay.cookies.set('eco_session', before);
      expect(await replay.session()).toBeNull();
      expect((await new Browser(ctx.app).signIn(user.account, user.password)).status).toBe(401);
      expect((await new Browser(ctx.app).signIn(user.account, NEW)).status).toBe(200);
      const [entry] = await auditOf('session.password_change', user.id);
      expect(entry).toMatchObject({ actorId: user.id, before: { mustChangePassword: false }, after: { mustChangePassword: false, otherSessionsEnded: 1 } });
      expect(JSON.stringify(entry)).not.toContain(NEW);
      expect(JSON.stringify(entry)).not.toContain('argon2');
    });

    it.each([
      ['too short', 'Short-9ch', '至少 10 个字符', 'at least 10 characters'],
      ['too long', 'x'.repeat(129), '最多 128 个字符', 'at most 128 characters'],
      ['a common password', 'Password123', '常用密码', 'commonly used password'],
      ['a common password in another case', 'QWERTYUIOP', '常用密码', 'commonly used password'],
      ['containing the account', '{account}-2026!', '不能包含账号', 'must not contain the account'],
      ['the current one', '{password}', '不能与当前密码相同', 'must differ from the current password'],
    ])('refuses a new password %s with 400 PASSWORD_POLICY saying which rule, changing nothing', async (_name, candidate, zh, en) => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      const newPassword = candidate.replace('{account}', user.account.toUpperCase()).replace('{password}', user.password);
      const [hashBefore] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      const response = await browser.put('/api/session/password', { currentPassword: user.password, newPassword });
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({
        errorCode: 'PASSWORD_POLICY',
        errorMessage: `${ERROR_CODES.PASSWORD_POLICY.zh}：${errorOf(response).errorMessage.split('：')[1]}`,
      });
      expect(errorOf(response).errorMessage).toContain(zh);
      const english = await browser.put('/api/session/password', { currentPassword: user.password, newPassword }, { headers: { 'accept-language': 'en-US' } });
      expect(errorOf(english).errorMessage).toContain(en);
      const [hashAfter] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(hashAfter).toEqual(hashBefore);
      expect(await auditOf('session.password_change', user.id)).toEqual([]);
    });

    it('counts characters, not UTF-16 units: ten emoji are ten characters', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      expect((await browser.put('/api/session/password', { currentPassword: user.password, newPassword: '🌲'.repeat(9) })).status).toBe(400);
      expect((await browser.put('/api/session/password', { currentPassword: user.password, newPassword: '🌲'.repeat(10) })).status).toBe(200);
    });

    it('refuses a wrong current password with 400 CURRENT_PASSWORD_WRONG, recorded and counted like a failed sign-in', async () => {
      const { browser, user } = await signedInAs(ctx.app, db(), 'staff');
      for (let i = 0; i < ATTEMPT_LIMITS.perAccount; i++) {
        const response = await browser.put('/api/session/password', { currentPassword: `wrong-${i}-password`, newPassword: NEW });
        expect(response.status).toBe(400);
        expect(errorOf(response).errorCode).toBe('CURRENT_PASSWORD_WRONG');
      }
      expect(await auditOf('session.password_change_failed', user.id)).toHaveLength(ATTEMPT_LIMITS.perAccount);
      const limited = await browser.put('/api/session/password', { currentPassword: user.password, newPassword: NEW });
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      clock += ATTEMPT_LIMITS.windowMs;
    });

    it('answers 401 to a visitor who is not signed in', async () => {
      const browser = new Browser(ctx.app);
      await browser.session();
      const response = await browser.put('/api/session/password', { currentPassword: 'whatever-123', newPassword: NEW });
      expect(response.status).toBe(401);
      expect(errorOf(response).errorCode).toBe('NOT_SIGNED_IN');
    });
  });

  describe('protection against cross-site requests', () => {
    const settings = async () => (await db().select().from(siteSettings))[0];
    const rows = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
    const write = { title: '被篡改的标题', provinceName: '陕西省', footer: '', recordNumber: '', opsPlatformUrl: null };

    /** An administrator's browser and a request to change the site settings, refused for `reason`. */
    async function refused(send: (browser: Browser) => Promise<{ status: number; body: unknown }>) {
      const { browser } = await signedInAs(ctx.app, db(), 'admin');
      const [before, auditBefore] = [await settings(), await rows()];
      const response = await send(browser);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ success: false, errorCode: 'CSRF_REJECTED', showType: 2 });
      expect(await settings()).toEqual(before);
      expect(await rows()).toBe(auditBefore);
    }

    it('refuses a write without the x-csrf-token header', () => refused((b) => b.put('/api/site', write, { noCsrf: true })));
    it('refuses a write with a wrong token', () => refused((b) => b.put('/api/site', write, { headers: { 'x-csrf-token': 'not-a-token' } })));
    it("refuses a write with another browser's token", async () => {
      const attacker = new Browser(ctx.app);
      await attacker.session();
      await refused((b) => b.put('/api/site', write, { headers: { 'x-csrf-token': attacker.csrfToken! } }));
    });
    it('refuses a write whose CSRF secret cookie is missing', () =>
      refused((b) => {
        b.cookies.delete('eco_csrf');
        return b.put('/api/site', write);
      }));
    it('refuses a write from another origin even with a valid token', () =>
      refused((b) => b.put('/api/site', write, { headers: { origin: 'https://evil.example' } })));
    it('refuses a write from another port of the same host', () => refused((b) => b.put('/api/site', write, { headers: { origin: 'http://localhost:8080' } })));
    it('refuses a write from an opaque origin (Origin: null)', () => refused((b) => b.put('/api/site', write, { headers: { origin: 'null' } })));
    it('refuses a write whose Referer is another site when Origin is missing', async () => {
      const { browser } = await signedInAs(ctx.app, db(), 'admin');
      const [before, auditBefore] = [await settings(), await rows()];
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/site',
        payload: write,
        headers: {
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': browser.csrfToken!,
          referer: 'https://evil.example/page',
        },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('CSRF_REJECTED');
      expect(await settings()).toEqual(before);
      expect(await rows()).toBe(auditBefore);
    });

    it('refuses a sign-in without a token: no session, no record', async () => {
      const user = await createUser(db(), { role: 'staff' });
      const browser = new Browser(ctx.app);
      const response = await browser.post('/api/session', { account: user.account, password: user.password });
      expect(response.status).toBe(403);
      expect(errorOf(response).errorCode).toBe('CSRF_REJECTED');
      expect(browser.cookies.has('eco_session')).toBe(false);
      expect(await auditOf('session.sign_in', user.id)).toEqual([]);
    });

    it('lets a same-origin write with the token through, with Origin or with only a same-origin Referer', async () => {
      const { browser } = await signedInAs(ctx.app, db(), 'admin');
      const current = (await settings()) ?? {
        title: '陕西省生态云感知系统',
        provinceName: '陕西省',
        footer: '陕西省生态云感知系统',
        recordNumber: '',
        opsPlatformUrl: null,
      };
      const body = {
        title: current.title,
        provinceName: current.provinceName,
        footer: current.footer,
        recordNumber: current.recordNumber,
        opsPlatformUrl: current.opsPlatformUrl,
      };
      expect((await browser.put('/api/site', body, { headers: { origin: OWN_ORIGIN } })).status).toBe(200);
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/site',
        payload: body,
        headers: {
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': browser.csrfToken!,
          referer: `${OWN_ORIGIN}/#/portal-management`,
        },
      });
      expect(response.statusCode).toBe(200);
    });

    it('behind a trusted proxy, compares Origin with the forwarded scheme and host', async () => {
      const app: FastifyInstance = await buildTestApp(ctx.database, () => new Date(clock), { trustProxy: true });
      try {
        const { browser } = await signedInAs(app, db(), 'admin');
        await browser.session();
        const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'portal.example.gov.cn' };
        const body = { ...write, title: '陕西省生态云感知系统' };
        const own = await browser.put('/api/site', body, { headers: { ...forwarded, origin: 'https://portal.example.gov.cn' } });
        expect(own.status).toBe(200);
        const foreign = await browser.put('/api/site', body, { headers: { ...forwarded, origin: 'http://localhost:80' } });
        expect(foreign.status).toBe(403);
      } finally {
        await app.close();
      }
    });

    it('needs no token for reading', async () => {
      const { browser } = await signedInAs(ctx.app, db(), 'admin');
      expect((await browser.get('/api/users', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
    });
  });

  it('ignores a forged session cookie (bad signature)', async () => {
    const browser = new Browser(ctx.app);
    browser.cookies.set('eco_session', 'abc.def');
    expect(await browser.session()).toBeNull();
  });
});
