/**
 * Editing the regulations library (editors and administrators): create, change, retire (an
 * `abolishedOn` date) and attach documents. Status is never written: it is derived (service.ts).
 * Each write runs in one transaction with its audit row.
 *
 * Rules (declared in @eco/contracts/api/regulations.ts): the code is in one of the usual forms
 * (checked by the declaration's body, @eco/contracts/regulation-code.ts) and unique (409
 * REGULATION_CODE_TAKEN); a regulation cannot replace itself (400 REGULATION_REPLACES_ITSELF); the
 * effective date is not before the issue date (400 REGULATION_DATES_INVALID). Input arrives
 * trimmed (docs/api.md §Text).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { RegulationInput, RegulationPatch } from '@eco/contracts/regulations';
import type { Acting } from '../../auth/acting';
import { inTransaction, type Db } from '../../db/client';
import { regulationDocuments, technicalRegulations as r } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { audit, changes } from '../audit/service';
import type { SavedUpload } from '../documents/service';

type Row = typeof r.$inferSelect;

function summary(row: RegulationInput): RegulationInput {
  return {
    code: row.code,
    title: row.title,
    category: row.category,
    issuer: row.issuer,
    issuedOn: row.issuedOn,
    effectiveOn: row.effectiveOn,
    replacesCode: row.replacesCode,
    abolishedOn: row.abolishedOn,
  };
}

function check(next: RegulationInput): void {
  if (next.replacesCode !== null && next.replacesCode === next.code) throw new AppError('REGULATION_REPLACES_ITSELF', next.code);
  if (next.issuedOn && next.effectiveOn && next.effectiveOn < next.issuedOn) {
    throw new AppError('REGULATION_DATES_INVALID', `${next.issuedOn} → ${next.effectiveOn}`);
  }
}

async function assertCodeFree(tx: Db, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: r.id })
    .from(r)
    .where(exceptId === undefined ? eq(r.code, code) : and(eq(r.code, code), ne(r.id, exceptId)));
  if (taken) throw new AppError('REGULATION_CODE_TAKEN', code);
}

async function lockRegulation(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  if (!row) throw new AppError('REGULATION_NOT_FOUND', String(id));
  return row;
}

/** Adds a regulation; answers its id. Errors: REGULATION_REPLACES_ITSELF, REGULATION_DATES_INVALID, REGULATION_CODE_TAKEN. */
export async function createRegulation(db: Db, now: () => Date, { actor, ip }: Acting, next: RegulationInput): Promise<number> {
  check(next);
  return inTransaction(db, async (tx) => {
    await assertCodeFree(tx, next.code);
    const [row] = await tx
      .insert(r)
      .values({ ...next, createdAt: now(), updatedAt: now() })
      .returning();
    await audit(tx, { actor, ip, action: 'regulation.create', entityType: 'regulation', entityId: row!.id, after: { ...summary(row!) } });
    return row!.id;
  });
}

/**
 * Changes the fields given (`abolishedOn` retires it from that date; null reinstates it); audits
 * what changed. Errors: REGULATION_NOT_FOUND, and those of {@link createRegulation}.
 */
export async function updateRegulation(db: Db, now: () => Date, { actor, ip }: Acting, id: number, input: RegulationPatch): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockRegulation(tx, id);
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as RegulationPatch;
    const next = { ...summary(row), ...given };
    check(next);
    if (next.code !== row.code) await assertCodeFree(tx, next.code, id);
    const diff = changes({ ...summary(row) }, { ...given });
    if (!diff) return;
    await tx
      .update(r)
      .set({ ...given, updatedAt: now() })
      .where(eq(r.id, id));
    const action =
      given.abolishedOn !== undefined && given.abolishedOn !== row.abolishedOn && given.abolishedOn !== null ? 'regulation.retire' : 'regulation.update';
    await audit(tx, { actor, ip, action, entityType: 'regulation', entityId: id, ...diff });
  });
}

/** Attaches an uploaded document (inside `storeUpload`'s transaction); answers the document id. Errors: REGULATION_NOT_FOUND. */
export async function attachToRegulation(tx: Db, now: () => Date, { actor, ip }: Acting, id: number, file: SavedUpload): Promise<number> {
  await lockRegulation(tx, id);
  const [row] = await tx
    .insert(regulationDocuments)
    .values({ regulationId: id, fileSha256: file.sha256, fileName: file.fileName })
    .returning({ id: regulationDocuments.id });
  await tx.update(r).set({ updatedAt: now() }).where(eq(r.id, id));
  await audit(tx, {
    actor,
    ip,
    action: 'regulation.document.add',
    entityType: 'regulation',
    entityId: id,
    after: { documentId: row!.id, fileName: file.fileName, sha256: file.sha256, size: file.size, mime: file.mime },
  });
  return row!.id;
}

/** Removes a document from a regulation (the stored file stays: other rows may use it). Errors: REGULATION_NOT_FOUND, DOCUMENT_NOT_FOUND. */
export async function detachFromRegulation(db: Db, now: () => Date, { actor, ip }: Acting, id: number, documentId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockRegulation(tx, id);
    const [row] = await tx
      .delete(regulationDocuments)
      .where(and(eq(regulationDocuments.id, documentId), eq(regulationDocuments.regulationId, id)))
      .returning();
    if (!row) throw new AppError('DOCUMENT_NOT_FOUND', String(documentId));
    await tx.update(r).set({ updatedAt: now() }).where(eq(r.id, id));
    await audit(tx, {
      actor,
      ip,
      action: 'regulation.document.remove',
      entityType: 'regulation',
      entityId: id,
      before: { documentId, fileName: row.fileName, sha256: row.fileSha256 },
    });
  });
}
