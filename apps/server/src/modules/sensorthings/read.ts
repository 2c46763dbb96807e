/**
 * Reading the SensorThings resources (OGC 18-088 §9): an entity set, an entity, a property, its
 * `$value`, `$ref` links, with `$filter`, `$orderby`, `$top`/`$skip` (with `@iot.nextLink`),
 * `$count`, `$select`, nested `$expand` and `$resultFormat=dataArray`. One SQL query per page and
 * one per expanded navigation property of a page (window functions page each parent's related
 * entities), over the sources of entities.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import { STA_DEFAULT_TOP, STA_MAX_TOP, STA_MQTT_CONFORMANCE, type StaVersion } from '@eco/contracts/sensorthings';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/sql-rows';
import { ENTITY_TYPES, type EntityType } from './entities';
import type { PositionReader } from '../things/geoprivacy';
import { filterSql, orderSql, type Scope } from './filter-sql';
import { type Expand, type QueryOptions, QueryOptionError } from './odata/ast';
import type { ResourcePath, Step } from './resource-path';
import { PathNotFound } from './resource-path';

type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

/** Where links point and what the request asked, for serialising. */
export interface ReadContext {
  readonly db: Db;
  readonly version: StaVersion;
  /** the service root, e.g. `https://portal.example/api/v1.1` */
  readonly base: string;
  /** the request's own URL (absolute) for `@iot.nextLink` */
  readonly requestUrl: URL;
  /** who reads: positions of camera traps are generalised for them or not (things/geoprivacy.ts) */
  readonly reader: PositionReader;
}

/** Where links point, for serialising an entity outside a request too (the MQTT broker, mqtt/publish.ts). */
export type LinkContext = Pick<ReadContext, 'version' | 'base'>;

/** What a read answers: JSON, or the raw text of `$value`. */
export type ReadAnswer = { readonly json: unknown } | { readonly text: string };

const aliases = () => {
  let n = 0;
  return () => `e${++n}`;
};

const column = (alias: string, name: string) => sql.raw(`${alias}."${name}"`);

/** The conditions on the last step's row `alias` that the path's steps impose. */
function pathConditions(steps: readonly Step[], alias: string, next: () => string, reader: PositionReader): SQL[] {
  const last = steps.at(-1)!;
  const conditions: SQL[] = [];
  if (last.id !== undefined) conditions.push(sql`${column(alias, 'id')} = ${last.id}`);
  if (steps.length > 1) {
    const parent = steps.at(-2)!;
    const navigation = parent.type.navigation[last.via!]!;
    const inner = next();
    const where = pathConditions(steps.slice(0, -1), inner, next, reader);
    conditions.push(
      sql`${column(alias, navigation.childColumn)} in (select ${column(inner, navigation.parentColumn)} from ${parent.type.source(reader)} ${sql.raw(inner)} where ${sql.join(where.length ? where : [sql`true`], sql` and `)})`,
    );
  }
  return conditions;
}

function orderBy(options: QueryOptions, scope: Scope): SQL {
  const items = (options.orderby ?? []).map(
    (o) => sql`${orderSql(o.expr, scope)} ${sql.raw(o.direction)} nulls ${sql.raw(o.direction === 'asc' ? 'first' : 'last')}`,
  );
  // ties (and no $orderby) are ordered by @iot.id, so pages never overlap
  return sql.join([...items, sql`${column(scope.alias, 'id')} asc`], sql`, `);
}

const toIso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/**
 * The standard's JSON of one row of `type`'s source (OGC 18-088 §9.2.1): `@iot.id`,
 * `@iot.selfLink`, properties, navigation links; only what `options.select` names when given
 * (`$expand` is applied by the caller). What GET `Type(id)` answers for that row.
 */
export function serialise(row: Row, type: EntityType, options: QueryOptions, ctx: LinkContext): Json {
  const id = Number(row.id);
  const self = `${ctx.base}/${type.set}(${id})`;
  const select = options.select;
  const wants = (name: string) => !select || select.includes(name);
  const out: Json = {};
  if (wants('id') || select?.includes('@iot.id')) out['@iot.id'] = id;
  if (!select) out['@iot.selfLink'] = self;
  for (const [name, kind] of Object.entries(type.properties)) {
    if (name === 'id' || !wants(name) || (ctx.version === 'v1.0' && type.v11Only?.includes(name))) continue;
    if (kind === 'datetime') out[name] = toIso(row[name]);
    else if (kind === 'interval') {
      if (row.phenomenon_start != null) out[name] = `${toIso(row.phenomenon_start)}/${toIso(row.phenomenon_end)}`;
    } else out[name] = row[name] ?? null;
  }
  for (const name of Object.keys(type.navigation)) if (wants(name)) out[`${name}@iot.navigationLink`] = `${self}/${name}`;
  return out;
}

/** @throws QueryOptionError when `$select` names what `type` has not (a 400 on HTTP). */
export function assertSelect(type: EntityType, options: QueryOptions): void {
  for (const name of options.select ?? []) {
    if (name !== '@iot.id' && !Object.hasOwn(type.properties, name) && !Object.hasOwn(type.navigation, name))
      throw new QueryOptionError('$select', `${type.set} have no property or navigation property ${name}`);
  }
}

/** `$expand` items grouped by their first navigation property (`A/B` is `A($expand=B)`). */
function expansions(type: EntityType, items: readonly Expand[]): Map<string, QueryOptions> {
  const byHead = new Map<string, QueryOptions>();
  for (const item of items) {
    const [head, ...rest] = item.path as [string, ...string[]];
    if (!Object.hasOwn(type.navigation, head)) throw new QueryOptionError('$expand', `${type.set} have no navigation property ${head}`);
    const options: QueryOptions = rest.length > 0 ? { expand: [{ path: rest, options: item.options }] } : item.options;
    const before = byHead.get(head);
    byHead.set(head, before ? { ...before, ...options, expand: [...(before.expand ?? []), ...(options.expand ?? [])] } : options);
  }
  return byHead;
}

/** Adds the expanded navigation properties to `entities` (serialised from `rows`), one query per property. */
async function expand(rows: Row[], entities: Json[], type: EntityType, options: QueryOptions, ctx: ReadContext): Promise<void> {
  if (!options.expand?.length || rows.length === 0) return;
  for (const [name, nested] of expansions(type, options.expand)) {
    const navigation = type.navigation[name]!;
    const target = ENTITY_TYPES[navigation.target];
    assertSelect(target, nested);
    const next = aliases();
    const alias = next();
    const scope: Scope = { type: target, alias, nextAlias: next, reader: ctx.reader };
    const keys = [...new Set(rows.map((r) => r[navigation.parentColumn]).filter((v) => v !== null && v !== undefined))].map(Number);
    const top = nested.top ?? STA_DEFAULT_TOP;
    const skip = nested.skip ?? 0;
    const found =
      keys.length === 0
        ? []
        : rowsOf<Row>(
            await ctx.db.execute(sql`
              select * from (
                select ${sql.raw(alias)}.*,
                  row_number() over (partition by ${column(alias, navigation.childColumn)} order by ${orderBy(nested, scope)}) as "__rank",
                  count(*) over (partition by ${column(alias, navigation.childColumn)}) as "__count"
                from ${target.source(ctx.reader)} ${sql.raw(alias)}
                where ${column(alias, navigation.childColumn)} = any(${`{${keys.join(',')}}`}::bigint[])
                  ${nested.filter ? sql`and ${filterSql(nested.filter, scope)}` : sql``}
              ) ranked
              where "__rank" > ${skip} and "__rank" <= ${skip + (navigation.many ? top : 1)}
              order by "__rank"`),
          );
    const children = found.map((row) => serialise(row, target, nested, ctx));
    await expand(found, children, target, nested, ctx);
    rows.forEach((row, i) => {
      const key = row[navigation.parentColumn];
      const mine = children.filter((_, j) => Number(found[j]![navigation.childColumn]) === Number(key));
      const entity = entities[i]!;
      if (!navigation.many) {
        entity[name] = mine[0] ?? null;
        return;
      }
      const total = mine.length > 0 ? Number(found[children.indexOf(mine[0]!)]!.__count) : 0;
      if (nested.count) entity[`${name}@iot.count`] = total;
      entity[name] = mine;
      if (skip + mine.length < total) {
        const link = new URL(`${ctx.base}/${type.set}(${Number(row.id)})/${name}`);
        link.searchParams.set('$top', String(top));
        link.searchParams.set('$skip', String(skip + top));
        entity[`${name}@iot.nextLink`] = link.toString();
      }
    });
  }
}

/** The Observations of a page as data arrays, one per Datastream (the Data Array extension, OGC 18-088 §13). */
function dataArray(rows: Row[], options: QueryOptions, ctx: ReadContext): Json[] {
  const components = options.select?.map((name) => (name === '@iot.id' ? 'id' : name)) ?? ['id', 'phenomenonTime', 'resultTime', 'result'];
  for (const name of components) {
    if (!['id', 'phenomenonTime', 'resultTime', 'result', 'resultQuality', 'parameters'].includes(name))
      throw new QueryOptionError('$select', `${name} cannot be a component of a data array`);
  }
  const groups = new Map<number, unknown[][]>();
  for (const row of rows) {
    const values = components.map((name) =>
      name === 'id' ? Number(row.id) : name === 'phenomenonTime' || name === 'resultTime' ? toIso(row[name]) : (row[name] ?? null),
    );
    const stream = Number(row.datastream_id);
    groups.set(stream, [...(groups.get(stream) ?? []), values]);
  }
  return [...groups].map(([stream, values]) => ({
    'Datastream@iot.navigationLink': `${ctx.base}/Datastreams(${stream})`,
    components,
    'dataArray@iot.count': values.length,
    dataArray: values,
  }));
}

/**
 * Answers `path` with `options` (parsed by odata/parse-options.ts).
 * @throws PathNotFound (404) when a single entity of the path does not exist; QueryOptionError
 *   (400) when an option names what the entity type lacks or cannot be applied (e.g.
 *   `$resultFormat=dataArray` on anything but Observations)
 */
export async function readResource(path: ResourcePath, options: QueryOptions, ctx: ReadContext): Promise<ReadAnswer> {
  const last = path.steps.at(-1)!;
  const type = last.type;
  assertSelect(type, options);
  if (options.resultFormat && (type.set !== 'Observations' || last.single))
    throw new QueryOptionError('$resultFormat', '$resultFormat=dataArray applies to a set of Observations only');
  const next = aliases();
  const alias = next();
  const scope: Scope = { type, alias, nextAlias: next, reader: ctx.reader };
  const conditions = pathConditions(path.steps, alias, next, ctx.reader);
  if (options.filter && !last.single) conditions.push(filterSql(options.filter, scope));
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;

  if (last.single) {
    const [row] = rowsOf<Row>(await ctx.db.execute(sql`select ${sql.raw(alias)}.* from ${type.source(ctx.reader)} ${sql.raw(alias)} where ${where} limit 1`));
    if (!row) throw new PathNotFound(`${path.steps.map((s) => (s.via ?? s.type.set) + (s.id !== undefined ? `(${s.id})` : '')).join('/')} does not exist`);
    const self = `${ctx.base}/${type.set}(${Number(row.id)})`;
    if (path.ref) return { json: { '@iot.selfLink': self } };
    if (path.property) {
      const json = serialiseProperty(row, type, path.property, ctx);
      if (!path.value) return { json };
      const [value] = Object.values(json);
      return { text: typeof value === 'string' ? value : JSON.stringify(value ?? null) };
    }
    const [entity] = [serialise(row, type, options, ctx)];
    await expand([row], [entity!], type, options, ctx);
    return { json: entity };
  }

  const top = options.top ?? STA_DEFAULT_TOP;
  const skip = options.skip ?? 0;
  const rows = rowsOf<Row>(
    await ctx.db.execute(
      sql`select ${sql.raw(alias)}.* from ${type.source(ctx.reader)} ${sql.raw(alias)} where ${where} order by ${orderBy(options, scope)} limit ${top + 1} offset ${skip}`,
    ),
  );
  const more = rows.length > top;
  const page = rows.slice(0, top);
  const answer: Json = {};
  if (options.count) {
    const [counted] = rowsOf<{ n: number | string }>(
      await ctx.db.execute(sql`select count(*) as n from ${type.source(ctx.reader)} ${sql.raw(alias)} where ${where}`),
    );
    answer['@iot.count'] = Number(counted!.n);
  }
  if (more) {
    const link = new URL(ctx.requestUrl);
    link.searchParams.set('$top', String(top));
    link.searchParams.set('$skip', String(skip + top));
    answer['@iot.nextLink'] = link.toString();
  }
  if (path.ref) answer.value = page.map((row) => ({ '@iot.selfLink': `${ctx.base}/${type.set}(${Number(row.id)})` }));
  else if (options.resultFormat) answer.value = dataArray(page, options, ctx);
  else {
    const entities = page.map((row) => serialise(row, type, options, ctx));
    await expand(page, entities, type, options, ctx);
    answer.value = entities;
  }
  return { json: answer };
}

/**
 * One property of a row as GET `Type(id)/property` answers it: `{ "name": value }` (`id` as
 * `{ "@iot.id": 1 }`), null when the row has none.
 */
export function serialiseProperty(row: Row, type: EntityType, property: string, ctx: LinkContext): Json {
  const entity = serialise(row, type, { select: [property] }, ctx);
  const value = property === 'id' ? Number(row.id) : entity[property];
  return { [property === 'id' ? '@iot.id' : property]: value ?? null };
}

/** The rows of `type`'s source with ids `ids`, in id order (one query), for {@link serialise}. */
export async function rowsByIds(db: Db, type: EntityType, ids: readonly number[], reader: PositionReader): Promise<Row[]> {
  if (ids.length === 0) return [];
  return rowsOf<Row>(await db.execute(sql`select e.* from ${type.source(reader)} e where e.id = any(${`{${ids.join(',')}}`}::bigint[]) order by e.id`));
}

/**
 * Of `ids` (entities of the path's last type), those `path` reaches (one query): of new
 * Observations, say, those in `Things(1)/Datastreams(3)/Observations`.
 */
export async function idsOnPath(db: Db, path: ResourcePath, ids: readonly number[], reader: PositionReader): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const next = aliases();
  const alias = next();
  const conditions = [sql`${column(alias, 'id')} = any(${`{${ids.join(',')}}`}::bigint[])`, ...pathConditions(path.steps, alias, next, reader)];
  const rows = rowsOf<{ id: string | number }>(
    await db.execute(
      sql`select ${column(alias, 'id')} as id from ${path.steps.at(-1)!.type.source(reader)} ${sql.raw(alias)} where ${sql.join(conditions, sql` and `)}`,
    ),
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * The service root (OGC 18-088 §9.2.1): the entity sets, and for v1.1 the conformance classes
 * served; with an MQTT endpoint (`mqtt://host:port`), the MQTT classes too, each keyed with its
 * `endpoints` in `serverSettings`.
 */
export function serviceRoot(ctx: Pick<ReadContext, 'base' | 'version'>, conformance: readonly string[], mqtt: string | null = null): Json {
  const value = Object.keys(ENTITY_TYPES).map((name) => ({ name, url: `${ctx.base}/${name}` }));
  if (ctx.version !== 'v1.1') return { value };
  if (mqtt === null) return { value, serverSettings: { conformance } };
  const endpoints = Object.fromEntries(STA_MQTT_CONFORMANCE.map((c) => [c, { endpoints: [mqtt] }]));
  return { value, serverSettings: { conformance: [...conformance, ...STA_MQTT_CONFORMANCE], ...endpoints } };
}

export { STA_MAX_TOP };
