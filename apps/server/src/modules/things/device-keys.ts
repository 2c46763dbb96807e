/**
 * Device keys: a Thing authenticates its pushes with `Authorization: Bearer <key>` or
 * `X-Thing-Key: <key>` over HTTP, or with its id and key as the user name and password of an MQTT
 * CONNECT (docs/sensorthings.md §MQTT). A key is `tk_` + 32 base64url characters (192 random bits); only its
 * SHA-256 (hex) is stored, with the first 10 characters as a prefix to tell keys apart.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ThingKind } from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import { thingKeys, things } from '../../db/schema';
import { AppError } from '../../http/app-error';

const KEY_PATTERN = /^tk_[A-Za-z0-9_-]{32}$/;
export const KEY_PREFIX_LENGTH = 10;

export function newKey(): string {
  return `tk_${crypto.randomBytes(24).toString('base64url')}`;
}

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

/** The key the request carries, or null. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-thing-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = request.headers.authorization;
  const match = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return match?.[1] ?? null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** on device endpoints (access `device`): the Thing whose key the request carries */
    thing: KeyedThing | null;
  }
}

export interface KeyedThing {
  id: number;
  code: string;
  name: string;
  kind: ThingKind;
  keyId: number;
}

/** A key's "last used" is kept to the minute: a busy device is not charged a write per push. */
const MARK_USED_EVERY_MS = 60_000;
/** per database, per key id: when this process last wrote the key's lastUsedAt (ms) */
const markedUsed = new WeakMap<Db, Map<number, number>>();

/**
 * The Thing whose key the request carries ({@link thingOfKey}, same errors).
 */
export function authenticateThing(db: Db, request: FastifyRequest, now: Date): Promise<KeyedThing> {
  return thingOfKey(db, keyOf(request), now);
}

/**
 * The Thing whose key `key` is, however the key came: an HTTP header (authenticateThing) or the
 * password of an MQTT CONNECT (modules/sensorthings/mqtt/broker.ts). Errors: 401
 * THING_KEY_INVALID (missing, malformed, unknown or revoked; one answer for all, so a caller
 * learns nothing about which), 409 THING_RETIRED. Marks the key used at `now`, at most once a
 * minute per key and process.
 */
export async function thingOfKey(db: Db, key: string | null, now: Date): Promise<KeyedThing> {
  if (!key || !KEY_PATTERN.test(key)) throw new AppError('THING_KEY_INVALID');
  const [row] = await db
    .select({ id: things.id, code: things.code, name: things.name, kind: things.kind, status: things.status, keyId: thingKeys.id })
    .from(thingKeys)
    .innerJoin(things, eq(things.id, thingKeys.thingId))
    .where(and(eq(thingKeys.keyHash, hashKey(key)), isNull(thingKeys.revokedAt)));
  if (!row) throw new AppError('THING_KEY_INVALID');
  if (row.status === 'retired') throw new AppError('THING_RETIRED', row.code);
  const marks = markedUsed.get(db) ?? new Map<number, number>();
  markedUsed.set(db, marks);
  const last = marks.get(row.keyId);
  if (last === undefined || Math.abs(now.getTime() - last) >= MARK_USED_EVERY_MS) {
    await db
      .update(thingKeys)
      .set({ lastUsedAt: sql`greatest(${thingKeys.lastUsedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(thingKeys.id, row.keyId));
    marks.set(row.keyId, now.getTime());
  }
  return { id: row.id, code: row.code, name: row.name, kind: row.kind, keyId: row.keyId };
}
