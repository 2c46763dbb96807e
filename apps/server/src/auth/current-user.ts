/** The signed-in user as requests see it, read from the database on every request. */
import { eq } from 'drizzle-orm';
import type { Role, UserStatus } from '@eco/contracts/roles';
import type { CurrentUser } from '@eco/contracts/site';
import type { Db } from '../db/client';
import { organisations, users } from '../db/schema';

/** The user of a request: what the web app sees, and the status the server checks. */
export interface SignedInUser extends CurrentUser {
  status: UserStatus;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user, read fresh for this request (role and status changes apply at once); null when nobody is */
    user: SignedInUser | null;
  }
}

/** The columns `signedInUserOf` reads; select them from `users` left-joined with `organisations`. */
export const signedInUserColumns = {
  id: users.id,
  account: users.account,
  displayName: users.displayName,
  role: users.role,
  status: users.status,
  mustChangePassword: users.mustChangePassword,
  organisationId: organisations.id,
  organisationName: organisations.name,
  organisationLevel: organisations.level,
};

export interface SignedInUserRow {
  id: number | null;
  account: string | null;
  displayName: string | null;
  role: string | null;
  status: UserStatus | null;
  mustChangePassword: boolean | null;
  organisationId: number | null;
  organisationName: string | null;
  organisationLevel: 'province' | 'city' | 'county' | null;
}

/** The user of a `signedInUserColumns` row; null when the row has no user (a left join that found none). */
export function signedInUserOf(row: SignedInUserRow): SignedInUser | null {
  if (row.id === null || row.account === null || row.displayName === null || row.role === null || row.status === null) return null;
  return {
    id: row.id,
    account: row.account,
    displayName: row.displayName,
    role: row.role as Role,
    status: row.status,
    mustChangePassword: row.mustChangePassword ?? false,
    organisation:
      row.organisationId !== null && row.organisationName !== null && row.organisationLevel !== null
        ? { id: row.organisationId, name: row.organisationName, level: row.organisationLevel }
        : null,
  };
}

/** The user `id` with their organisation, or null when there is no such user. */
export async function findSignedInUser(db: Db, id: number): Promise<SignedInUser | null> {
  const [row] = await db.select(signedInUserColumns).from(users).leftJoin(organisations, eq(organisations.id, users.organisationId)).where(eq(users.id, id));
  return row ? signedInUserOf(row) : null;
}

/** The `CurrentUser` the API sends (without the status, which is always active for a signed-in user). */
export function currentUserOf(user: SignedInUser): CurrentUser {
  const { status: _status, ...current } = user;
  return current;
}
