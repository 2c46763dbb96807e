/**
 * "Online" in SQL, the same rule as `onlineWindowSeconds` of @eco/contracts/sensing
 * (docs/sensing.md §Freshness): a Thing that is not retired and was heard (`last_seen_at`, its
 * newest phenomenonTime) within 1.5 of its expected reporting intervals — its own
 * `reporting_interval_seconds`, else its kind's default.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_REPORTING_INTERVAL_SECONDS, MAX_FUTURE_MINUTES, ONLINE_INTERVALS, THING_KINDS } from '@eco/contracts/sensing';

/** The expected interval of the Thing row aliased `alias`, seconds, as SQL. */
export function expectedIntervalSql(alias: string): SQL {
  const t = sql.raw(alias);
  // constants of the code written into the statement (a parameter in a CASE has no type to infer)
  const cases = sql.raw(THING_KINDS.map((kind) => `when '${kind}' then ${DEFAULT_REPORTING_INTERVAL_SECONDS[kind]}`).join(' '));
  return sql`coalesce(${t}.reporting_interval_seconds, case ${t}.kind ${cases} end)`;
}

/**
 * True (SQL) when the Thing row aliased `alias` is online at `now` (a newest phenomenonTime ahead of
 * `now` by more than a device's clock drift, MAX_FUTURE_MINUTES, says nothing about `now`).
 */
export function onlineSql(alias: string, now: Date): SQL {
  const t = sql.raw(alias);
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(${t}.status <> 'retired'
    and ${t}.last_seen_at >= ${at} - (${expectedIntervalSql(alias)} * ${sql.raw(String(ONLINE_INTERVALS))}) * interval '1 second'
    and ${t}.last_seen_at <= ${at} + interval '${sql.raw(String(MAX_FUTURE_MINUTES))} minutes')`;
}
