/**
 * Alerts raised by the rules of `alert_rules`:
 * - `threshold`: the newest Observation of a Datastream of the rule's ObservedProperty (on a Thing
 *   of the rule's kind, or any) compares to `threshold` by `comparator`. Evaluated as data arrives,
 *   in the ingesting transaction, on each Datastream that received anything: breached → an alert
 *   opens (unless one is already open or acknowledged for that rule and Thing); back in range →
 *   the active one closes by itself (`closedBy` null).
 * - `silence`: a Thing of the rule's kind that was heard (lastSeenAt) but not in the last
 *   `silentMinutes`. Checked on a timer (`checkSilence`, every minute by the sensing module) and
 *   closed by itself when the Thing is heard again. A Thing never heard is not "silent": it was
 *   never connected (the bundled stations were imported, not pushed).
 *
 * A rule of an organisation covers only the Things of that organisation and the organisations
 * under it; a province-wide rule (organisation null) covers every Thing ({@link ruleCoversThing}).
 *
 * A rule that is created, edited (enabled, ObservedProperty, comparator, threshold, Thing kind,
 * silent minutes, organisation) or disabled is evaluated again at once, in the transaction of the
 * change (`reevaluateRule`): the active alerts of the rule follow the rule as it now stands and the
 * data as it now is, and those it closes record the person who changed the rule as their closer.
 *
 * An alert opened on a video camera's smoke and fire alarm also creates a `fire_alarm`
 * verification task, in the same transaction (verification/camera-alarms.ts).
 *
 * People move an alert open → acknowledged → closed (or open → closed), each step with who and
 * when, audited in its transaction, within the organisation scope of the alert's Thing
 * (docs/access.md §Organisation scope).
 */
import { and, count, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Page } from '@eco/contracts/envelope';
import type { Alert, AlertSeverity, AlertStatus, ThingKind } from '@eco/contracts/sensing';
import type { Acting, UserActing } from '../../auth/acting';
import { assertInScope } from '../../auth/organisation-scope';
import { inTransaction, type Db } from '../../db/client';
import type { SensingBus } from '../sensing/events';
import { alertRules, alerts, datastreams, observations, organisations, things, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { rowsOf } from '../../lib/sql-rows';
import { toIsoCst } from '../../lib/time';
import { audit } from '../audit/service';
import { createAlarmTasks } from '../verification/camera-alarms';

/** What changed: alert ids opened and closed (publish them after commit). */
export interface AlertChanges {
  opened: number[];
  closed: number[];
}

/**
 * SQL condition: rule `r` (an alert_rules row) covers Thing `t` (a things row) by organisation:
 * `r` is province-wide (organisation null), or `t` belongs to r's organisation or one under it
 * (docs/access.md §Organisation scope). A Thing of no organisation (the province-wide networks)
 * is covered by province-wide rules only.
 */
const ruleCoversThing = sql`(r.organisation_id is null or t.organisation_id in (
  with recursive tree(id) as (
    select r.organisation_id
    union all
    select o.id from ${organisations} o join tree on o.parent_id = tree.id)
  select id from tree))`;

function breaches(value: number, comparator: string, threshold: number): boolean {
  switch (comparator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    default:
      return false;
  }
}

/**
 * Evaluates the threshold rules that cover Thing `thing` (its kind, its organisation) on the newest
 * Observation of each of `datastreamIds` (of that Thing), and closes the Thing's silence alerts (it
 * was just heard). Call inside the ingesting transaction.
 */
export async function evaluateOnArrival(tx: Db, thing: { id: number; kind: ThingKind }, datastreamIds: number[], now: Date): Promise<AlertChanges> {
  const changes: AlertChanges = { opened: [], closed: [] };
  const silenced = await tx
    .update(alerts)
    .set({ status: 'closed', closedAt: now, closedBy: null })
    .where(
      and(
        eq(alerts.thingId, thing.id),
        ne(alerts.status, 'closed'),
        inArray(alerts.ruleId, tx.select({ id: alertRules.id }).from(alertRules).where(eq(alertRules.kind, 'silence'))),
      ),
    )
    .returning({ id: alerts.id });
  changes.closed.push(...silenced.map((a) => a.id));
  if (datastreamIds.length === 0) return changes;
  const rows = rowsOf<{ rule_id: number; comparator: string; threshold: number; datastream_id: number; result: number }>(
    await tx.execute(sql`
      select r.id as rule_id, r.comparator, r.threshold, d.id as datastream_id, o.result
      from ${alertRules} r
      join ${datastreams} d on d.observed_property_code = r.observed_property_code
      join ${things} t on t.id = d.thing_id
      cross join lateral (
        select result from ${observations} where datastream_id = d.id and result is not null order by phenomenon_time desc limit 1
      ) o
      where r.kind = 'threshold' and r.enabled and (r.thing_kind is null or r.thing_kind = ${thing.kind})
        and ${ruleCoversThing}
        and d.thing_id = ${thing.id}
        and d.id in (${sql.join(
          datastreamIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
  );
  for (const row of rows) {
    const value = Number(row.result);
    if (breaches(value, row.comparator, Number(row.threshold))) {
      const opened = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into ${alerts} (rule_id, thing_id, datastream_id, status, value, opened_at)
          values (${row.rule_id}, ${thing.id}, ${row.datastream_id}, 'open', ${value}, ${now.toISOString()}::timestamptz)
          on conflict (rule_id, thing_id) where status <> 'closed' do nothing
          returning id`),
      );
      changes.opened.push(...opened.map((a) => Number(a.id)));
    } else {
      const closed = await tx
        .update(alerts)
        .set({ status: 'closed', closedAt: now, closedBy: null })
        .where(and(eq(alerts.ruleId, row.rule_id), eq(alerts.thingId, thing.id), ne(alerts.status, 'closed')))
        .returning({ id: alerts.id });
      changes.closed.push(...closed.map((a) => a.id));
    }
  }
  // a camera's smoke or fire alarm is also a task to verify on the ground (docs/verification.md §Camera alarms)
  await createAlarmTasks(tx, changes.opened, now);
  return changes;
}

/**
 * Rule `r` (an alert_rules row) is an enabled silence rule that Thing `t` (a things row of the
 * rule's kind, which the rule covers by organisation) breaks at `now`: in service, heard before,
 * but not within the last `silent_minutes`.
 */
function silentAt(now: Date) {
  return sql`r.kind = 'silence' and r.enabled and t.status = 'active' and ${ruleCoversThing}
    and t.last_seen_at is not null
    and t.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(mins => r.silent_minutes)`;
}

/** Opens silence alerts for Things heard before but not within their rule's window at `now`; returns the ids opened. */
export async function checkSilence(db: Db, now: Date): Promise<number[]> {
  const opened = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into ${alerts} (rule_id, thing_id, status, opened_at)
      select r.id, t.id, 'open', ${now.toISOString()}::timestamptz
      from ${alertRules} r
      join ${things} t on (r.thing_kind is null or t.kind = r.thing_kind)
      where ${silentAt(now)}
      on conflict (rule_id, thing_id) where status <> 'closed' do nothing
      returning id`),
  );
  return opened.map((a) => Number(a.id));
}

/** An alert a rule change opens: the Thing, and for a threshold rule its Datastream and newest value. */
interface Breach {
  thingId: number;
  datastreamId: number | null;
  value: number | null;
}

/** Rows per INSERT when opening alerts (5 parameters each; PostgreSQL allows 65 535 per statement). */
const OPEN_CHUNK = 1000;

/**
 * The Things rule `ruleId` (read inside `tx`, so as the transaction has just changed it) is broken
 * by now, with what would open an alert for each:
 * - disabled: none;
 * - threshold: Things of the rule's kind (or any) and organisation (or any, for a province-wide
 *   rule) with a Datastream of the rule's ObservedProperty whose newest Observation breaches (`breaches`, as on arrival); `retired` says which of them are
 *   retired (they keep an alert already open, but get no new one: they can no longer send the data
 *   that would close it);
 * - silence: the Things `checkSilence` would open an alert for.
 */
async function breachesOf(tx: Db, ruleId: number, now: Date): Promise<{ breaking: Breach[]; retired: Set<number> }> {
  const [rule] = await tx
    .select({ kind: alertRules.kind, enabled: alertRules.enabled, comparator: alertRules.comparator, threshold: alertRules.threshold })
    .from(alertRules)
    .where(eq(alertRules.id, ruleId));
  if (!rule?.enabled) return { breaking: [], retired: new Set() };
  if (rule.kind === 'silence') {
    const rows = rowsOf<{ thing_id: number }>(
      await tx.execute(sql`
        select t.id as thing_id
        from ${alertRules} r
        join ${things} t on (r.thing_kind is null or t.kind = r.thing_kind)
        where r.id = ${ruleId} and ${silentAt(now)}`),
    );
    return { breaking: rows.map((r) => ({ thingId: Number(r.thing_id), datastreamId: null, value: null })), retired: new Set() };
  }
  const rows = rowsOf<{ thing_id: number; datastream_id: number; status: string; result: number }>(
    await tx.execute(sql`
      select t.id as thing_id, d.id as datastream_id, t.status, o.result
      from ${alertRules} r
      join ${datastreams} d on d.observed_property_code = r.observed_property_code
      join ${things} t on t.id = d.thing_id and (r.thing_kind is null or t.kind = r.thing_kind)
      cross join lateral (
        select result from ${observations} where datastream_id = d.id and result is not null order by phenomenon_time desc limit 1
      ) o
      where r.id = ${ruleId} and ${ruleCoversThing}`),
  );
  const breaking = rows.filter((r) => breaches(Number(r.result), rule.comparator!, Number(rule.threshold)));
  return {
    breaking: breaking.map((r) => ({ thingId: Number(r.thing_id), datastreamId: Number(r.datastream_id), value: Number(r.result) })),
    retired: new Set(breaking.filter((r) => r.status === 'retired').map((r) => Number(r.thing_id))),
  };
}

/**
 * Brings the active alerts of rule `ruleId` in line with the rule as it now stands, after a person
 * created, edited, enabled or disabled it. Call inside the transaction of that change, after the
 * rule row is written, so the rule and its alerts are committed together or not at all.
 *
 * - Active (open or acknowledged) alerts of the rule for a Thing that no longer breaks it close,
 *   with `closedBy` = the person and `closedAt` = `now`, each audited `alert.close` (as when a
 *   person closes one). A disabled rule breaks for no Thing, so all its active alerts close.
 * - A Thing that breaks it and has no active alert of the rule gets one (value = the newest result
 *   for a threshold rule; the same conflict rule as on arrival: one active alert per rule and Thing).
 *
 * What "breaks" means is `evaluateOnArrival`'s threshold test on each Datastream's newest
 * Observation, and `checkSilence`'s silence test at `now`; retired Things get no new alerts.
 *
 * @returns the ids of the alerts opened and closed: publish them after commit (`publishAlertChanges`).
 */
export async function reevaluateRule(tx: Db, ruleId: number, who: Acting, now: Date): Promise<AlertChanges> {
  const { breaking, retired } = await breachesOf(tx, ruleId, now);
  const keep = breaking.map((b) => b.thingId);
  const closing = await tx
    .select({ id: alerts.id, status: alerts.status })
    .from(alerts)
    .where(and(eq(alerts.ruleId, ruleId), ne(alerts.status, 'closed'), keep.length > 0 ? notInArray(alerts.thingId, keep) : undefined))
    .orderBy(alerts.id)
    .for('update');
  if (closing.length > 0) {
    await tx
      .update(alerts)
      .set({ status: 'closed', closedAt: now, closedBy: who.actor.id })
      .where(
        inArray(
          alerts.id,
          closing.map((a) => a.id),
        ),
      );
    for (const alert of closing) {
      await audit(tx, {
        actor: who.actor,
        ip: who.ip,
        action: 'alert.close',
        entityType: 'alert',
        entityId: alert.id,
        before: { status: alert.status },
        after: { status: 'closed', at: toIsoCst(now), byRuleChange: ruleId },
      });
    }
  }
  const opening = breaking.filter((b) => !retired.has(b.thingId));
  const opened: number[] = [];
  for (let i = 0; i < opening.length; i += OPEN_CHUNK) {
    const rows = opening
      .slice(i, i + OPEN_CHUNK)
      .map((b) => sql`(${ruleId}, ${b.thingId}, ${b.datastreamId}, 'open', ${b.value}, ${now.toISOString()}::timestamptz)`);
    const inserted = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into ${alerts} (rule_id, thing_id, datastream_id, status, value, opened_at)
        values ${sql.join(rows, sql`, `)}
        on conflict (rule_id, thing_id) where status <> 'closed' do nothing
        returning id`),
    );
    opened.push(...inserted.map((a) => Number(a.id)));
  }
  await createAlarmTasks(tx, opened, now);
  return { opened, closed: closing.map((a) => a.id) };
}

const ackUser = sql`(select u.account from ${users} u where u.id = ${alerts.acknowledgedBy})`;
const closeUser = sql`(select u.account from ${users} u where u.id = ${alerts.closedBy})`;

function alertsQuery(db: Db) {
  return db
    .select({
      id: alerts.id,
      status: alerts.status,
      value: alerts.value,
      openedAt: alerts.openedAt,
      acknowledgedAt: alerts.acknowledgedAt,
      acknowledgedBy: sql<string | null>`${ackUser}`,
      closedAt: alerts.closedAt,
      closedBy: sql<string | null>`${closeUser}`,
      rule: {
        id: alertRules.id,
        name: alertRules.name,
        kind: alertRules.kind,
        observedProperty: alertRules.observedPropertyCode,
        comparator: alertRules.comparator,
        threshold: alertRules.threshold,
        silentMinutes: alertRules.silentMinutes,
        severity: alertRules.severity,
      },
      thing: { id: things.id, code: things.code, name: things.name, kind: things.kind },
    })
    .from(alerts)
    .innerJoin(alertRules, eq(alertRules.id, alerts.ruleId))
    .innerJoin(things, eq(things.id, alerts.thingId));
}

type AlertRow = Awaited<ReturnType<ReturnType<typeof alertsQuery>['execute']>>[number];

function toAlert(row: AlertRow): Alert {
  const { severity, ...rule } = row.rule;
  return {
    id: Number(row.id),
    status: row.status,
    severity,
    rule,
    thing: row.thing,
    value: row.value,
    openedAt: toIsoCst(row.openedAt),
    acknowledgedAt: row.acknowledgedAt ? toIsoCst(row.acknowledgedAt) : null,
    acknowledgedBy: row.acknowledgedBy,
    closedAt: row.closedAt ? toIsoCst(row.closedAt) : null,
    closedBy: row.closedBy,
  };
}

/**
 * An alert as the public sees it (/home, /stgz, the event stream): who acknowledged or closed it is
 * for signed-in users only, so those accounts are left out (null).
 */
export function publicAlert(alert: Alert): Alert {
  return { ...alert, acknowledgedBy: null, closedBy: null };
}

/** The alerts with these ids, newest first. */
export async function alertsByIds(db: Db, ids: number[]): Promise<Alert[]> {
  if (ids.length === 0) return [];
  const rows = await alertsQuery(db).where(inArray(alerts.id, ids)).orderBy(desc(alerts.openedAt), desc(alerts.id));
  return rows.map(toAlert);
}

/** Publishes the alerts of `changes` as they now stand on the event stream. Call after commit. */
export async function publishAlertChanges(db: Db, bus: SensingBus, changes: AlertChanges): Promise<void> {
  for (const alert of await alertsByIds(db, [...changes.opened, ...changes.closed])) bus.publish({ type: 'alert', data: alert });
}

/**
 * One page of alerts, newest first; `active` = open or acknowledged; `severity` = of rules of that
 * severity. `total` counts every alert the filters match.
 */
export async function listAlerts(
  db: Db,
  query: { status?: AlertStatus | 'active'; severity?: AlertSeverity; page: number; pageSize: number },
): Promise<Page<Alert>> {
  const where = and(
    query.status === 'active' ? ne(alerts.status, 'closed') : query.status ? eq(alerts.status, query.status) : undefined,
    query.severity ? eq(alertRules.severity, query.severity) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    alertsQuery(db)
      .where(where)
      .orderBy(desc(alerts.openedAt), desc(alerts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(alerts).innerJoin(alertRules, eq(alertRules.id, alerts.ruleId)).where(where),
  ]);
  return { items: rows.map(toAlert), total, page: query.page, pageSize: query.pageSize };
}

/**
 * A person moves alert `id` to `to`: `acknowledged` (from open) or `closed` (from open or
 * acknowledged), recording who and when; audited `alert.acknowledge` / `alert.close`.
 * Errors: 404 ALERT_NOT_FOUND, 403 FORBIDDEN (the alert's Thing is outside the person's
 * organisation scope), 409 ALERT_STATE_CONFLICT (already acknowledged or closed).
 */
export async function moveAlert(db: Db, now: () => Date, who: UserActing, id: number, to: 'acknowledged' | 'closed'): Promise<Alert> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: alerts.id, status: alerts.status, organisationId: things.organisationId })
      .from(alerts)
      .innerJoin(things, eq(things.id, alerts.thingId))
      .where(eq(alerts.id, id))
      .for('update', { of: alerts });
    if (!row) throw new AppError('ALERT_NOT_FOUND', String(id));
    await assertInScope(tx, who.user, row.organisationId);
    const allowed = to === 'acknowledged' ? row.status === 'open' : row.status !== 'closed';
    if (!allowed) throw new AppError('ALERT_STATE_CONFLICT', { zh: `当前状态：${row.status}`, en: `it is ${row.status}` });
    const at = now();
    await tx
      .update(alerts)
      .set(to === 'acknowledged' ? { status: to, acknowledgedAt: at, acknowledgedBy: who.actor.id } : { status: to, closedAt: at, closedBy: who.actor.id })
      .where(eq(alerts.id, id));
    await audit(tx, {
      actor: who.actor,
      ip: who.ip,
      action: to === 'acknowledged' ? 'alert.acknowledge' : 'alert.close',
      entityType: 'alert',
      entityId: id,
      before: { status: row.status },
      after: { status: to, at: toIsoCst(at) },
    });
  });
  return (await alertsByIds(db, [id]))[0]!;
}
