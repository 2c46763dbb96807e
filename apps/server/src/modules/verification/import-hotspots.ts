/**
 * Importing a NASA FIRMS active-fire CSV as hotspot tasks (docs/verification.md §FIRMS import):
 * every readable detection inside the province becomes a task of the division it lies in and of
 * that division's organisation, unless the same detection is already a task (a duplicate, also
 * within the file). One transaction: the tasks, their `import` steps (and `dispatch` steps when
 * the kind dispatches automatically) and one audit row `verification.import` with the counts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ImportItem, ImportResult } from '@eco/contracts/verification';
import type { UserActing } from '../../auth/acting';
import { scopeOf } from '../../auth/organisation-scope';
import { type Db, inTransaction } from '../../db/client';
import { organisations, verificationSteps, verificationTasks as t } from '../../db/schema';
import { audit, SYSTEM_ACTOR } from '../audit/service';
import { assertPlays } from './access';
import { type FirmsDetection, readFirmsCsv } from './firms';
import { kindOf } from './kinds';
import { DivisionLocator, type Located, sixDigit } from './locate';

const KIND = 'hotspot';
/** Rows per insert statement (13 parameters each, far below PostgreSQL's 65 535). */
const CHUNK = 1000;
const HOUR_MS = 3_600_000;

interface Candidate {
  line: number;
  detection: FirmsDetection;
  place: Located;
}

/**
 * Imports `text` (a FIRMS CSV) as `acting.user`, who must be province-level (403 FORBIDDEN);
 * a file without the FIRMS columns is 400 FIRMS_CSV_INVALID. `file` names it in the audit row.
 */
export async function importHotspots(db: Db, now: Date, acting: UserActing, text: string, file: string): Promise<ImportResult> {
  assertPlays(acting.user, await scopeOf(db, acting.user), 'province', null);
  const rows = readFirmsCsv(text);
  const locator = await DivisionLocator.load(db);
  const items: ImportItem[] = [];
  let outside = 0;
  const firstOf = new Map<string, Candidate>();
  const repeats: Candidate[] = [];
  for (const row of rows) {
    if ('reason' in row) {
      items.push({ line: row.line, status: 'rejected', divisionCode: null, taskId: null, reason: row.reason });
      continue;
    }
    const place = locator.locate(row.detection.longitude, row.detection.latitude);
    if (!place) {
      outside++;
      continue;
    }
    const candidate = { line: row.line, detection: row.detection, place };
    if (firstOf.has(row.detection.sourceId)) repeats.push(candidate);
    else firstOf.set(row.detection.sourceId, candidate);
  }

  const taskIds = await inTransaction(db, async (tx) => {
    const kind = await kindOf(tx, KIND);
    const orgRows = await tx.select({ id: organisations.id, divisionCode: organisations.divisionCode }).from(organisations);
    const orgOf = new Map(orgRows.map((o) => [o.divisionCode, o.id]));
    const unique = [...firstOf.values()];
    const created = new Map<string, number>();
    for (let i = 0; i < unique.length; i += CHUNK) {
      const values = unique.slice(i, i + CHUNK).map(({ detection: d, place }) => ({
        kind: KIND,
        source: `FIRMS ${d.instrument}`,
        sourceId: d.sourceId,
        geometry: { type: 'Point', coordinates: [d.longitude, d.latitude] },
        longitude: d.longitude,
        latitude: d.latitude,
        detectedAt: d.detectedAt,
        divisionCode: place.divisionCode,
        organisationId: orgOf.get(place.divisionCode) ?? null,
        status: kind.autoDispatch ? ('dispatched' as const) : ('pending' as const),
        properties: { ...d.properties, satellite: d.satellite, instrument: d.instrument },
        createdAt: now,
        ...(kind.autoDispatch ? { dispatchedAt: now, deadlineAt: new Date(now.getTime() + kind.deadlineHours * HOUR_MS) } : {}),
      }));
      const inserted = await tx
        .insert(t)
        .values(values)
        .onConflictDoNothing({ target: [t.kind, t.sourceId] })
        .returning({ id: t.id, sourceId: t.sourceId });
      for (const row of inserted) created.set(row.sourceId, row.id);
    }
    const steps = [...created.values()].flatMap((taskId) => [
      { taskId, action: 'import' as const, status: 'pending' as const, at: now, actorId: acting.actor.id, actorAccount: acting.actor.account, note: file },
      ...(kind.autoDispatch
        ? [{ taskId, action: 'dispatch' as const, status: 'dispatched' as const, at: now, actorId: null, actorAccount: SYSTEM_ACTOR.account, note: null }]
        : []),
    ]);
    for (let i = 0; i < steps.length; i += CHUNK) await tx.insert(verificationSteps).values(steps.slice(i, i + CHUNK));
    // the tasks the other detections duplicate
    const existing = new Map<string, number>();
    const others = [...firstOf.keys()].filter((id) => !created.has(id));
    for (let i = 0; i < others.length; i += CHUNK) {
      const found = await tx
        .select({ id: t.id, sourceId: t.sourceId })
        .from(t)
        .where(and(eq(t.kind, KIND), inArray(t.sourceId, others.slice(i, i + CHUNK))));
      for (const row of found) existing.set(row.sourceId, row.id);
    }
    const counts = { created: created.size, duplicate: others.length + repeats.length, outside, rejected: items.length };
    await audit(tx, {
      actor: acting.actor,
      ip: acting.ip,
      action: 'verification.import',
      entityType: 'verification_task',
      entityId: null,
      after: { kind: KIND, file, ...counts },
    });
    return { created, existing };
  });

  for (const c of firstOf.values()) {
    const createdId = taskIds.created.get(c.detection.sourceId);
    const taskId = createdId ?? taskIds.existing.get(c.detection.sourceId) ?? null;
    items.push({ line: c.line, status: createdId ? 'created' : 'duplicate', divisionCode: sixDigit(c.place.divisionCode), taskId, reason: null });
  }
  for (const c of repeats) {
    const first = firstOf.get(c.detection.sourceId)!;
    const taskId = taskIds.created.get(c.detection.sourceId) ?? taskIds.existing.get(c.detection.sourceId) ?? null;
    items.push({ line: c.line, status: 'duplicate', divisionCode: sixDigit(c.place.divisionCode), taskId, reason: `the same detection as line ${first.line}` });
  }
  items.sort((a, b) => a.line - b.line);
  const count = (status: ImportItem['status']) => items.filter((item) => item.status === status).length;
  return { created: count('created'), duplicate: count('duplicate'), outside, rejected: count('rejected'), items };
}
