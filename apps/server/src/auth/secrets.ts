/**
 * Secrets the server generates on first start and keeps in `app_secrets`, so every server process
 * on one PostgreSQL signs and checks cookies with the same key.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';

/** The key signing the session cookie and the CSRF secret cookie. */
export const COOKIE_SIGNING = 'cookie-signing';

/**
 * The stored secret `name`, generated (32 random bytes, base64url) and stored the first time.
 * Two processes starting at once both insert; the first insert wins and both read it back.
 */
export async function appSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`app secret ${name} missing right after it was stored`);
  return row.value;
}
