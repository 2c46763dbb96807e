/**
 * Alert rules in portal management: list, create, edit, enable and disable. Each write runs in one
 * transaction with its audit row; bad input changes nothing.
 *
 * A rule's kind is fixed once created (a threshold rule and a silence rule share no fields).
 * Saving what decides which Things break a rule (creating it; its enabled flag, ObservedProperty,
 * comparator, threshold, Thing kind, silent minutes or organisation) evaluates it again at once,
 * in the same transaction (`reevaluateRule`): a disabled rule's active alerts close, a threshold
 * rule's close where the newest value no longer breaches it and open where it now does, a silence
 * rule's likewise against when each Thing was last heard. Alerts closed this way record the person
 * who saved the rule. The writes return what changed so the routes can publish it after commit.
 *
 * Organisation scope (docs/access.md §Organisation scope): a rule belongs to an organisation and
 * covers its Things and those of the organisations under it, or to none (province-wide, as the
 * default rules). Only someone who may act for that organisation creates or changes it; moving it
 * needs the scope of both organisations. Refused with 403 FORBIDDEN before anything changes.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AuditAction } from '@eco/contracts/audit';
import type { AlertRule, CreateAlertRule, UpdateAlertRule } from '@eco/contracts/sensing';
import type { UserActing } from '../../auth/acting';
import type { SignedInUser } from '../../auth/current-user';
import { assertInScope, scopeOf } from '../../auth/organisation-scope';
import { inTransaction, type Db } from '../../db/client';
import { alertRules, alerts, observedProperties, organisations } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { toIsoCst } from '../../lib/time';
import { audit, changes } from '../audit/service';
import { reevaluateRule, type AlertChanges } from './service';

/** A rule as saved, and the alerts its saving opened and closed (publish them after commit). */
export interface SavedRule {
  rule: AlertRule;
  alerts: AlertChanges;
}

/** The fields (as in `summary`) that decide which Things break a rule: changing one re-evaluates it. */
const EVALUATED_FIELDS = ['enabled', 'observedProperty', 'comparator', 'threshold', 'thingKind', 'silentMinutes', 'organisationId'] as const;

const THRESHOLD_FIELDS = ['observedProperty', 'comparator', 'threshold'] as const;
const SILENCE_FIELDS = ['silentMinutes'] as const;

type Row = typeof alertRules.$inferSelect;

function ruleOf(row: Row & { organisationName: string | null }, activeAlerts: number): AlertRule {
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
    organisationId: row.organisationId,
    organisationName: row.organisationName,
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
    organisationId: row.organisationId,
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

/** Rules with the name of their organisation (null: province-wide). */
function rulesQuery(db: Db) {
  return db
    .select({ rule: alertRules, organisationName: organisations.name })
    .from(alertRules)
    .leftJoin(organisations, eq(organisations.id, alertRules.organisationId));
}

/** Every rule, by id, with its owning organisation (there are a handful; not paginated). */
export async function listAlertRules(db: Db): Promise<AlertRule[]> {
  const [rows, counts] = await Promise.all([rulesQuery(db).orderBy(asc(alertRules.id)), activeCounts(db)]);
  return rows.map(({ rule, organisationName }) => ruleOf({ ...rule, organisationName }, counts.get(rule.id) ?? 0));
}

async function getAlertRule(db: Db, id: number): Promise<AlertRule> {
  const [row] = await rulesQuery(db).where(eq(alertRules.id, id));
  if (!row) throw new AppError('ALERT_RULE_NOT_FOUND', String(id));
  return ruleOf({ ...row.rule, organisationName: row.organisationName }, (await activeCounts(db)).get(id) ?? 0);
}

/** 400 VALIDATION_FAILED naming the fields of the other kind that `input` carries. */
function assertFieldsOfKind(kind: Row['kind'], input: Record<string, unknown>): void {
  const foreign = (kind === 'threshold' ? SILENCE_FIELDS : THRESHOLD_FIELDS).filter((f) => input[f] !== undefined);
  if (foreign.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      zh: `${kind === 'threshold' ? '阈值' : '静默'}规则不使用字段 ${foreign.join('、')}`,
      en: `a ${kind} rule has no ${foreign.join(', ')}`,
    });
  }
}

async function assertProperty(tx: Db, code: string | undefined): Promise<void> {
  if (code === undefined) return;
  const [row] = await tx.select({ code: observedProperties.code }).from(observedProperties).where(eq(observedProperties.code, code));
  if (!row) throw new AppError('OBSERVED_PROPERTY_NOT_FOUND', code);
}

/**
 * Refuses unless organisation `id` exists (404 ORGANISATION_NOT_FOUND) and `user` may act for it
 * (403 FORBIDDEN); null (province-wide) needs the province-wide scope.
 */
async function assertOwner(tx: Db, user: SignedInUser, id: number | null): Promise<void> {
  if (id !== null) {
    const [row] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id));
    if (!row) throw new AppError('ORGANISATION_NOT_FOUND', String(id));
  }
  await assertInScope(tx, user, id);
}

/**
 * The owner of a new rule whose author gave none: the author's organisation when the author acts
 * below the province, else none (province-wide).
 */
async function defaultOwner(tx: Db, user: SignedInUser): Promise<number | null> {
  return (await scopeOf(tx, user)).all ? null : (user.organisation?.id ?? null);
}

/**
 * Creates an enabled rule (severity `warning` unless given; every Thing kind unless given; the
 * organisation as {@link defaultOwner} says unless given) and opens its alerts, at `at`, for the
 * Things that already break it. Audited `alert_rule.create`. Errors: 400 VALIDATION_FAILED (a field
 * of the kind missing, or one of the other kind present), 404 OBSERVED_PROPERTY_NOT_FOUND, 404
 * ORGANISATION_NOT_FOUND, 403 FORBIDDEN (an organisation outside the author's scope).
 */
export async function createAlertRule(db: Db, { actor, ip, user }: UserActing, at: Date, input: CreateAlertRule): Promise<SavedRule> {
  assertFieldsOfKind(input.kind, input);
  const required = input.kind === 'threshold' ? THRESHOLD_FIELDS : SILENCE_FIELDS;
  const missing = required.filter((f) => input[f] === undefined);
  if (missing.length > 0)
    throw new AppError('VALIDATION_FAILED', { zh: `缺少字段 ${missing.join('、')}`, en: `a ${input.kind} rule needs ${missing.join(', ')}` });
  const { id, alerts: moved } = await inTransaction(db, async (tx) => {
    const organisationId = input.organisationId !== undefined ? input.organisationId : await defaultOwner(tx, user);
    await assertOwner(tx, user, organisationId);
    await assertProperty(tx, input.observedProperty);
    const [row] = await tx
      .insert(alertRules)
      .values({
        name: input.name,
        kind: input.kind,
        observedPropertyCode: input.observedProperty ?? null,
        comparator: input.comparator ?? null,
        threshold: input.threshold ?? null,
        silentMinutes: input.silentMinutes ?? null,
        thingKind: input.thingKind ?? null,
        severity: input.severity ?? 'warning',
        enabled: true,
        organisationId,
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
 * alerts at `at`. Errors: 404 ALERT_RULE_NOT_FOUND, 403 FORBIDDEN (the rule's organisation is
 * outside the user's scope), and those of `apply`.
 */
async function change(
  db: Db,
  { actor, ip, user }: UserActing,
  at: Date,
  id: number,
  action: AuditAction,
  apply: (tx: Db, before: Row) => Promise<Partial<typeof alertRules.$inferInsert>>,
): Promise<SavedRule> {
  const moved = await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(alertRules).where(eq(alertRules.id, id)).for('update');
    if (!before) throw new AppError('ALERT_RULE_NOT_FOUND', String(id));
    await assertInScope(tx, user, before.organisationId);
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
 * Changes name, severity, Thing kind, organisation, and the fields of the rule's kind. Audited
 * `alert_rule.update` with what changed; a change of the condition, the Thing kind or the
 * organisation re-evaluates the rule's alerts at `at` (a new name or severity does not). Errors:
 * 404 ALERT_RULE_NOT_FOUND, 403 FORBIDDEN (the rule's organisation, or the one it is moved to, is
 * outside the user's scope), 400 VALIDATION_FAILED (a field of the other kind), 404
 * OBSERVED_PROPERTY_NOT_FOUND, 404 ORGANISATION_NOT_FOUND.
 */
export function updateAlertRule(db: Db, acting: UserActing, at: Date, id: number, input: UpdateAlertRule): Promise<SavedRule> {
  return change(db, acting, at, id, 'alert_rule.update', async (tx, before) => {
    assertFieldsOfKind(before.kind, input);
    if (input.organisationId !== undefined) await assertOwner(tx, acting.user, input.organisationId);
    await assertProperty(tx, input.observedProperty);
    return {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.severity !== undefined && { severity: input.severity }),
      ...(input.thingKind !== undefined && { thingKind: input.thingKind }),
      ...(input.observedProperty !== undefined && { observedPropertyCode: input.observedProperty }),
      ...(input.comparator !== undefined && { comparator: input.comparator }),
      ...(input.threshold !== undefined && { threshold: input.threshold }),
      ...(input.silentMinutes !== undefined && { silentMinutes: input.silentMinutes }),
      ...(input.organisationId !== undefined && { organisationId: input.organisationId }),
    };
  });
}

/**
 * Enables or disables a rule (idempotent; audited `alert_rule.enable` | `.disable` when it
 * changes). Disabling closes the rule's active alerts; enabling opens them for the Things that
 * break it, at `at`. Errors: 404 ALERT_RULE_NOT_FOUND, 403 FORBIDDEN (outside the user's scope).
 */
export function setAlertRuleEnabled(db: Db, acting: UserActing, at: Date, id: number, enabled: boolean): Promise<SavedRule> {
  return change(db, acting, at, id, enabled ? 'alert_rule.enable' : 'alert_rule.disable', async (_tx, before) =>
    before.enabled === enabled ? {} : { enabled },
  );
}
