/**
 * The @fastify/session store on the `sessions` table, so every server process on one database
 * shares the sessions.
 *
 * - Idle expiry is the store's: a row whose `expires_at` has passed is not a session (`get` answers
 *   none and deletes it); every save of a used session pushes `expires_at` to now + idle time.
 *   The cookie itself carries no expiry (it is a browser-session cookie).
 * - Only signed-in sessions are kept: a session without `userId` is never written.
 * - A session that was loaded from the table is only ever updated, never inserted again, so a
 *   request still in flight when its session was ended (sign-out elsewhere, disabled user, reset
 *   password) cannot bring it back.
 * - The table holds the SHA-256 of each session id, not the id: a copy of the table does not
 *   hold cookies that could be replayed.
 * - Expired rows are removed whenever a new session is stored (at sign-in).
 * - One query per request: reading a session also reads its user (`stored.user`, for
 *   `request.user`), and the expiry is pushed forward only when it would move by at least
 *   {@link touchGranularityMs} — a tenth of the idle time, at most a minute (docs/access.md
 *   §Sign-in and sessions). A session used more often than its idle time therefore never ends
 *   (each use leaves at least nine tenths of the idle time), while the default 30 minutes costs
 *   at most one write a minute per session.
 */
import crypto from 'node:crypto';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import type { Db } from '../db/client';
import { organisations, sessions, users } from '../db/schema';
import { signedInUserColumns, signedInUserOf, type SignedInUser } from './current-user';

/** The most the expiry may lag behind "last use + idle time" before a used session is written again (ms). */
export const TOUCH_GRANULARITY_MAX_MS = 60_000;

/**
 * How far the expiry must move before a used session is written again (ms): a tenth of the idle
 * time, at most {@link TOUCH_GRANULARITY_MAX_MS}. A fixed minute would end a session with
 * `SESSION_IDLE_MINUTES=1` a minute after sign-in however busy it was: its expiry would never
 * move.
 */
export function touchGranularityMs(idleMs: number): number {
  return Math.min(TOUCH_GRANULARITY_MAX_MS, Math.floor(idleMs / 10));
}

/** What the store knows of a session it loaded in this request; never stored. */
export interface Loaded {
  /** its expiry then (ms) */
  until: number;
  /** its stored data then, as JSON */
  data: string;
  /** its user, read with it (null: no such user any more) */
  user: SignedInUser | null;
}

/** What this portal keeps in a session. */
declare module 'fastify' {
  interface Session {
    /** the signed-in user */
    userId?: number;
    /** ISO time of the sign-in */
    signedInAt?: string;
    /** set by the store on a session it loaded */
    loaded?: Loaded;
  }
}

type Callback = (error?: unknown) => void;

/** The stored id of a session: SHA-256 of the id the cookie carries. */
export function storedSid(sid: string): string {
  return crypto.createHash('sha256').update(sid).digest('base64url');
}

/** The session's own fields, without the library's cookie and the store's marker. */
function dataOf(session: Session): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(session)) {
    if (key !== 'cookie' && key !== 'loaded' && value !== undefined) data[key] = value;
  }
  return data;
}

export class DatabaseSessionStore implements SessionStore {
  /** see {@link touchGranularityMs} */
  private readonly granularityMs: number;

  /**
   * @param now the app's clock
   * @param idleMs how long an unused session lives (ms): `SESSION_IDLE_MINUTES` × 60 000
   */
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly idleMs: number,
  ) {
    this.granularityMs = touchGranularityMs(idleMs);
  }

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.read(sid).then(
      (session) => callback(null, session),
      (error: unknown) => callback(error),
    );
  }

  set(sid: string, session: Session, callback: Callback): void {
    this.write(sid, session).then(() => callback(), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, storedSid(sid)))
      .then(() => callback(), callback);
  }

  private async read(sid: string): Promise<Session | null> {
    const [row] = await this.db
      .select({ sid: sessions.sid, data: sessions.data, expiresAt: sessions.expiresAt, user: signedInUserColumns })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(organisations, eq(organisations.id, users.organisationId))
      .where(eq(sessions.sid, storedSid(sid)));
    if (!row) return null;
    if (row.expiresAt.getTime() <= this.now().getTime()) {
      await this.db.delete(sessions).where(eq(sessions.sid, row.sid));
      return null;
    }
    const loaded: Loaded = { until: row.expiresAt.getTime(), data: JSON.stringify(row.data), user: signedInUserOf(row.user) };
    // no `cookie`: the library builds it from the configured options, so a change of
    // COOKIE_SECURE applies to sessions that already exist
    return { ...row.data, loaded } as unknown as Session;
  }

  private async write(sid: string, session: Session): Promise<void> {
    const data = dataOf(session);
    const userId = typeof session.userId === 'number' ? session.userId : null;
    if (userId === null) return;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.idleMs);
    const key = storedSid(sid);
    const loaded = session.loaded;
    if (loaded !== undefined) {
      if (expiresAt.getTime() - loaded.until < this.granularityMs && JSON.stringify(data) === loaded.data) return;
      // an existing session: touch it only while it still exists and has not expired meanwhile
      await this.db
        .update(sessions)
        .set({ data, userId, expiresAt })
        .where(and(eq(sessions.sid, key), gt(sessions.expiresAt, now)));
      return;
    }
    await this.db.delete(sessions).where(lte(sessions.expiresAt, now));
    await this.db
      .insert(sessions)
      .values({ sid: key, userId, data, expiresAt, createdAt: now })
      .onConflictDoUpdate({ target: sessions.sid, set: { data, userId, expiresAt } });
  }
}

/** Ends every session of `userId` (optionally but one, by its cookie's id); returns how many. */
export async function endSessionsOf(db: Db, userId: number, exceptSid?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(exceptSid === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.sid, storedSid(exceptSid))))
    .returning({ sid: sessions.sid });
  return rows.length;
}
