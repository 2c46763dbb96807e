/**
 * Registering application systems as OpenID Connect clients (administrators): name, redirect URIs,
 * the application system whose rules decide who may sign in, and a generated secret shown once
 * (on creation and when replaced). Each write runs in one transaction with its audit row
 * (`oidc_client.create`, `.update`, `.rotate_secret`), never recording the secret.
 */
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { OidcClient, OidcClientInput, OidcClientPatch, OidcClientWithSecret } from '@eco/contracts/oidc-clients';
import type { Acting } from '../../auth/acting';
import { inTransaction, type Db } from '../../db/client';
import { applications, oidcClients } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toIsoCst } from '../../lib/time';
import { audit, changes } from '../audit/service';

type Row = typeof oidcClients.$inferSelect;

const newSecret = () => crypto.randomBytes(32).toString('base64url');

async function clientsOf(db: Db, rows: Row[]): Promise<OidcClient[]> {
  const apps = await db.select({ id: applications.id, name: applications.name }).from(applications);
  const names = new Map(apps.map((a) => [a.id, a.name]));
  return rows.map((row) => ({
    clientId: row.clientId,
    name: row.name,
    redirectUris: row.redirectUris,
    application: row.applicationId !== null ? { id: row.applicationId, name: names.get(row.applicationId) ?? `#${row.applicationId}` } : null,
    disabled: row.disabled,
    createdAt: toIsoCst(row.createdAt),
    updatedAt: toIsoCst(row.updatedAt),
  }));
}

/** Every client, oldest first, with its application system's name; never a secret. */
export async function listClients(db: Db): Promise<OidcClient[]> {
  return clientsOf(db, await db.select().from(oidcClients).orderBy(asc(oidcClients.createdAt)));
}

async function assertApplication(tx: Db, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, id));
  if (!row) throw new AppError('APPLICATION_NOT_FOUND');
}

const summary = (row: Row) => ({ name: row.name, redirectUris: row.redirectUris, applicationId: row.applicationId, disabled: row.disabled });

/**
 * Registers a client with a generated `client_id` (`eco-` and 12 characters) and secret (32 random
 * bytes, base64url), audited without the secret; answers both, the secret for the only time.
 * Duplicate redirect URIs are dropped. 404 APPLICATION_NOT_FOUND.
 */
export async function createClient(db: Db, now: () => Date, { actor, ip }: Acting, input: OidcClientInput): Promise<OidcClientWithSecret> {
  const clientSecret = newSecret();
  const row = await inTransaction(db, async (tx) => {
    await assertApplication(tx, input.applicationId);
    const [created] = await tx
      .insert(oidcClients)
      .values({
        clientId: `eco-${crypto.randomBytes(9).toString('base64url')}`,
        name: input.name,
        redirectUris: [...new Set(input.redirectUris)],
        applicationId: input.applicationId,
        clientSecret,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    await audit(tx, { actor, ip, action: 'oidc_client.create', entityType: 'oidc_client', entityId: created!.clientId, after: summary(created!) });
    return created!;
  });
  return { client: (await clientsOf(db, [row]))[0]!, clientSecret };
}

/**
 * Changes the name, redirect URIs, application or whether it is disabled (the fields given; the
 * others stay), audits what changed, and answers the client. 404 OIDC_CLIENT_NOT_FOUND or
 * APPLICATION_NOT_FOUND.
 */
export async function updateClient(db: Db, now: () => Date, { actor, ip }: Acting, clientId: string, input: OidcClientPatch): Promise<OidcClient> {
  const row = await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(oidcClients).where(eq(oidcClients.clientId, clientId)).for('update');
    if (!before) throw new AppError('OIDC_CLIENT_NOT_FOUND');
    await assertApplication(tx, input.applicationId);
    const values = { ...input, ...(input.redirectUris ? { redirectUris: [...new Set(input.redirectUris)] } : {}) };
    const diff = changes(summary(before), values);
    if (!diff) return before;
    const [after] = await tx
      .update(oidcClients)
      .set({ ...values, updatedAt: now() })
      .where(eq(oidcClients.clientId, clientId))
      .returning();
    await audit(tx, { actor, ip, action: 'oidc_client.update', entityType: 'oidc_client', entityId: clientId, ...diff });
    return after!;
  });
  return (await clientsOf(db, [row]))[0]!;
}

/** Replaces the secret (the old one stops working at once), audited without it; answers the new one, shown once. 404 OIDC_CLIENT_NOT_FOUND. */
export async function rotateSecret(db: Db, now: () => Date, { actor, ip }: Acting, clientId: string): Promise<OidcClientWithSecret> {
  const clientSecret = newSecret();
  const row = await inTransaction(db, async (tx) => {
    const [updated] = await tx.update(oidcClients).set({ clientSecret, updatedAt: now() }).where(eq(oidcClients.clientId, clientId)).returning();
    if (!updated) throw new AppError('OIDC_CLIENT_NOT_FOUND');
    await audit(tx, { actor, ip, action: 'oidc_client.rotate_secret', entityType: 'oidc_client', entityId: clientId });
    return updated;
  });
  return { client: (await clientsOf(db, [row]))[0]!, clientSecret };
}

/** The client linked to application `applicationId` that is enabled, or null. */
export async function clientOfApplication(db: Db, applicationId: number): Promise<Row | null> {
  const rows = await db.select().from(oidcClients).where(eq(oidcClients.applicationId, applicationId));
  return rows.find((r) => !r.disabled) ?? null;
}
