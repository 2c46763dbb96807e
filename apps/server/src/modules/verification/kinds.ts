/**
 * Kinds of verification task (docs/verification.md §Kinds): their deadline rule, automatic
 * dispatch and verdict list, read by everyone signed in and edited by administrators.
 */
import { asc, eq } from 'drizzle-orm';
import type { UpdateVerificationKind, VerificationKind } from '@eco/contracts/verification';
import type { Acting } from '../../auth/acting';
import { type Db, inTransaction } from '../../db/client';
import { verificationKinds } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { audit, changes } from '../audit/service';

const columns = {
  code: verificationKinds.code,
  zh: verificationKinds.zh,
  en: verificationKinds.en,
  deadlineHours: verificationKinds.deadlineHours,
  autoDispatch: verificationKinds.autoDispatch,
  verdicts: verificationKinds.verdicts,
};

/** Every kind, in display order. */
export function listKinds(db: Db): Promise<VerificationKind[]> {
  return db.select(columns).from(verificationKinds).orderBy(asc(verificationKinds.sortOrder));
}

/** The kind `code`; 404 VERIFICATION_KIND_NOT_FOUND when there is none. */
export async function kindOf(db: Db, code: string): Promise<VerificationKind> {
  const [kind] = await db.select(columns).from(verificationKinds).where(eq(verificationKinds.code, code));
  if (!kind) throw new AppError('VERIFICATION_KIND_NOT_FOUND', code);
  return kind;
}

/** Changes the deadline rule or automatic dispatch of a kind; audited `verification_kind.update`. */
export function updateKind(db: Db, { actor, ip }: Acting, code: string, input: UpdateVerificationKind): Promise<VerificationKind> {
  return inTransaction(db, async (tx) => {
    const before = await kindOf(tx, code);
    const [after] = await tx.update(verificationKinds).set(input).where(eq(verificationKinds.code, code)).returning(columns);
    const diff = changes(before, input);
    if (diff) await audit(tx, { actor, ip, action: 'verification_kind.update', entityType: 'verification_kind', entityId: code, ...diff });
    return after!;
  });
}
