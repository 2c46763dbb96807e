/**
 * Alert rules in portal management: list, create, edit, enable and disable. Each write runs in one
 * transaction with its audit row; bad input changes nothing.
 *
 * A rule's kind is fixed once created (a threshold rule and a silence rule share no fields).
 * Saving what decides which Things break a rule (creating it; its enabled flag, ObservedProperty,
 * comparator, threshold, Thing kind or silent minutes) evaluates it again at once, in the same
 * transaction (`reevaluateRule`): a disabled rule's active alerts close, a threshold rule's close
 * where the newest value no longer breaches it and open where it now does, a silence rule's
 * likewise against when each Thing was last heard. Alerts closed this way record the person who
 * saved the rule. The writes return what changed so the routes can publish it after commit.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AlertRule, CreateAlertRule, UpdateAlertRule } from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import { alertRules, alerts, observedProperties } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toIsoCst } from '../../lib/time';
import { audit, changes, type Actor } from '../audit/service';
import { reevaluateRule, type AlertChanges } from './service';

export interface Acting {
  actor: Actor;
  ip: string;
  /** when the change is made (closedAt / openedAt of the alerts it moves) */
  at: Date;
}

/** A rule as saved, and the alerts its saving opened and closed (publish them after commit). */
export interface SavedRule {
  rule: AlertRule;
  alerts: AlertChanges;
}

/** The fields (as in `summary`) that decide which Things break a rule: changing one re-evaluates it. */
const EVALUATED_FIELDS = ['enabled', 'observedProperty', 'comparator', 'threshold', 'thingKind', 'silentMinutes'] as const;

const THRESHOLD_FIELDS = ['observedProperty', 'comparator', 'threshold'] as const;
const SILENCE_FIELDS = ['silentMinutes'] as const;

type Row = typeof alertRules.$inferSelect;

function ruleOf(row: Row, activeAlerts: number): AlertRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    observedProperty: row.observedPropertyCode,
    comparator: row.comparator,
    threshold: row.threshold,
    silentMinutes: row.silentMinutes,
    thingKind: (row.thingKind as AlertRule['thingKind']) ?? null,
    severity: row.severity,
    enabled: row.enabled,
    activeAlerts,
    createdAt: toIsoCst(row.createdAt),
  };
}

/** What the audit log says about a rule. */
function summary(row: Row) {
  return {
    name: row.name,
    kind: row.kind,
    observedProperty: row.observedPropertyCode,
    comparator: row.comparator,
    threshold: row.threshold,
    silentMinutes: row.silentMinutes,
    thingKind: row.thingKind,
    severity: row.severity,
    enabled: row.enabled,
  };
}

async function activeCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ ruleId: alerts.ruleId, n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(sql`${alerts.status} <> 'closed'`)
    .groupBy(alerts.ruleId);
  return new Map(rows.map((r) => [r.ruleId, Number(r.n)]));
}

/** Every rule, by id (there are a handful; not paginated). */
export async function listAlertRules(db: Db): Promise<AlertRule[]> {
  const [rows, counts] = await Promise.all([db.select().from(alertRules).orderBy(asc(alertRules.id)), activeCounts(db)]);
  return rows.map((r) => ruleOf(r, counts.get(r.id) ?? 0));
}

async function getAlertRule(db: Db, id: number): Promise<AlertRule> {
  const [row] = await db.select().from(alertRules).where(eq(alertRules.id, id));
  if (!row) throw new AppError('ALERT_RULE_NOT_FOUND', String(id));
  return ruleOf(row, (await activeCounts(db)).get(id) ?? 0);
}

/** 400 VALIDATION_FAILED naming the fields of the other kind that `input` carries. */
function assertFieldsOfKind(kind: Row['kind'], input: Record<string, unknown>): void {
  const foreign = (kind === 'threshold' ? SILENCE_FIELDS : THRESHOLD_FIELDS).filter((f) => input[f] !== undefined);
  if (foreign.length > 0) {
    throw new AppError('VALIDATION_FAILED', { zh: `${kind === 'threshold' ? '阈值' : '静默'}规则不使用字段 ${foreign.join('、')}`, en: `a ${kind} rule has no ${foreign.join(', ')}` });
  }
}

async function assertProperty(tx: Db, code: string | undefined): Promise<void> {
  if (code === undefined) return;
  const [row] = await tx.select({ code: observedProperties.code }).from(observedProperties).where(eq(observedProperties.code, code));
  if (!row) throw new AppError('OBSERVED_PROPERTY_NOT_FOUND', code);
}

/**
 * Creates an enabled rule (severity `warning` unless given; every Thing kind unless given) and
 * opens its alerts for the Things that already break it. Audited `alert_rule.create`. Errors: 400
 * VALIDATION_FAILED (a field of the kind missing, or one of the other kind present), 404
 * OBSERVED_PROPERTY_NOT_FOUND.
 */
export async function createAlertRule(db: Db, { actor, ip, at }: Acting, input: CreateAlertRule): Promise<SavedRule> {
  assertFieldsOfKind(input.kind, input);
  const required = input.kind === 'threshold' ? THRESHOLD_FIELDS : SILENCE_FIELDS;
  const missing = required.filter((f) => input[f] === undefined);
  if (missing.length > 0) throw new AppError('VALIDATION_FAILED', { zh: `缺少字段 ${missing.join('、')}`, en: `a ${input.kind} rule needs ${missing.join(', ')}` });
  const { id, alerts: moved } = await db.transaction(async (t) => {
    const tx: Db = t;
    await assertProperty(tx, input.observedProperty);
    const [row] = await tx
      .insert(alertRules)
      .values({
        name: input.name.trim(),
        kind: input.kind,
        observedPropertyCode: input.observedProperty ?? null,
        comparator: input.comparator ?? null,
        threshold: input.threshold ?? null,
        silentMinutes: input.silentMinutes ?? null,
        thingKind: input.thingKind ?? null,
        severity: input.severity ?? 'warning',
        enabled: true,
      })
      .returning();
    await audit(tx, { actor, ip, action: 'alert_rule.create', entityType: 'alert_rule', entityId: row!.id, after: summary(row!) });
    return { id: row!.id, alerts: await reevaluateRule(tx, row!.id, { actor, ip }, at) };
  });
  return { rule: await getAlertRule(db, id), alerts: moved };
}

const NOTHING_MOVED: AlertChanges = { opened: [], closed: [] };

/**
 * Applies `apply`'s fields to rule `id` in one transaction with its audit row (`action`, only the
 * fields that changed) and, when a field of `EVALUATED_FIELDS` changed, the re-evaluation of its
 * alerts.
 */
async function change(db: Db, { actor, ip, at }: Acting, id: number, action: string, apply: (tx: Db, before: Row) => Promise<Partial<typeof alertRules.$inferInsert>>): Promise<SavedRule> {
  const moved = await db.transaction(async (t) => {
    const tx: Db = t;
    const [before] = await tx.select().from(alertRules).where(eq(alertRules.id, id)).for('update');
    if (!before) throw new AppError('ALERT_RULE_NOT_FOUND', String(id));
    const fields = await apply(tx, before);
    if (Object.keys(fields).length === 0) return NOTHING_MOVED;
    const [after] = await tx.update(alertRules).set(fields).where(eq(alertRules.id, id)).returning();
    const changed = changes(summary(before), summary(after!));
    if (!changed) return NOTHING_MOVED;
    await audit(tx, { actor, ip, action, entityType: 'alert_rule', entityId: id, ...changed });
    const evaluated = EVALUATED_FIELDS.some((f) => f in changed.after);
    return evaluated ? reevaluateRule(tx, id, { actor, ip }, at) : NOTHING_MOVED;
  });
  return { rule: await getAlertRule(db, id), alerts: moved };
}

/**
 * Changes name, severity, Thing kind, and the fields of the rule's kind. Audited
 * `alert_rule.update` with what changed; a change of the condition or the Thing kind re-evaluates
 * the rule's alerts (a new name or severity does not). Errors: 404 ALERT_RULE_NOT_FOUND, 400
 * VALIDATION_FAILED (a field of the other kind), 404 OBSERVED_PROPERTY_NOT_FOUND.
 */
export function updateAlertRule(db: Db, acting: Acting, id: number, input: UpdateAlertRule): Promise<SavedRule> {
  return change(db, acting, id, 'alert_rule.update', async (tx, before) => {
    assertFieldsOfKind(before.kind, input);
    await assertProperty(tx, input.observedProperty);
    return {
      ...(input.name !== undefined && { name: input.name.trim() }),
      ...(input.severity !== undefined && { severity: input.severity }),
      ...(input.thingKind !== undefined && { thingKind: input.thingKind }),
      ...(input.observedProperty !== undefined && { observedPropertyCode: input.observedProperty }),
      ...(input.comparator !== undefined && { comparator: input.comparator }),
      ...(input.threshold !== undefined && { threshold: input.threshold }),
      ...(input.silentMinutes !== undefined && { silentMinutes: input.silentMinutes }),
    };
  });
}

/**
 * Enables or disables a rule (idempotent; audited `alert_rule.enable` | `.disable` when it
 * changes). Disabling closes the rule's active alerts; enabling opens them for the Things that
 * break it. Errors: 404 ALERT_RULE_NOT_FOUND.
 */
export function setAlertRuleEnabled(db: Db, acting: Acting, id: number, enabled: boolean): Promise<SavedRule> {
  return change(db, acting, id, enabled ? 'alert_rule.enable' : 'alert_rule.disable', async (_tx, before) => (before.enabled === enabled ? {} : { enabled }));
}
