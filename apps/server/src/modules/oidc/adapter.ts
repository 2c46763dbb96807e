/**
 * The storage of the OpenID provider (oidc-provider's `Adapter`) in PostgreSQL / PGlite, so every
 * server process on one database shares sessions, codes, tokens and grants (the library's own
 * memory adapter is for development only).
 *
 * Clients (`model` "Client") are read from `oidc_clients`, which administrators manage; a disabled
 * client, or one whose row is gone, is unknown to the provider.
 */
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { oidcClients, oidcPayloads } from '../../db/schema';

/** Client metadata (OpenID Connect Dynamic Client Registration §2) of a stored client. */
export function clientMetadata(row: typeof oidcClients.$inferSelect): AdapterPayload {
  return {
    client_id: row.clientId,
    client_secret: row.clientSecret,
    client_name: row.name,
    redirect_uris: row.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  } as AdapterPayload;
}

/** The adapter class oidc-provider instantiates once per model name. */
export function databaseAdapter(db: Db, now: () => Date) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: { ...row, consumedAt: null } });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), condition, or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now()))));
      if (!row) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const [row] = await db
          .select()
          .from(oidcClients)
          .where(and(eq(oidcClients.clientId, id), eq(oidcClients.disabled, false)));
        return row ? clientMetadata(row) : undefined;
      }
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: now() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/**
 * Removes the rows expired at `now` (at start-up and then every hour, see {@link schedulePruning};
 * expired rows are already ignored by `find`). Resolves to how many were removed.
 */
export async function pruneExpired(db: Db, now: Date): Promise<number> {
  const removed = await db.delete(oidcPayloads).where(lte(oidcPayloads.expiresAt, now)).returning({ id: oidcPayloads.id });
  return removed.length;
}

/** How often expired provider rows are removed while the server runs: every hour. */
export const PRUNE_EVERY_MS = 3600 * 1000;

/**
 * Removes expired provider rows every `everyMs` milliseconds until the returned function is called
 * (the app calls it on close). The timer does not keep the process alive; a failed run is reported
 * to `onError` and the next one tries again.
 */
export function schedulePruning(db: Db, now: () => Date, onError: (error: unknown) => void, everyMs = PRUNE_EVERY_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return; // a slow run is never overlapped by the next
    running = true;
    pruneExpired(db, now())
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
