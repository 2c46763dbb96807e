/**
 * Conformance level 3, "Filtering Extension" (OGC 15-078r6 Annex A.2), as the OGC's executable
 * test suite for SensorThings v1.0 checks it (opengeospatial/ets-sta10,
 * `filteringExtension.Capability3Tests`), ported to our own tests against `/api/v1.0`: on the
 * entities its level 3 creates (filtering-entities.ts), `$select`, `$expand` (one and two levels,
 * one or several), `$top` and `$skip` with `@iot.nextLink`, `$orderby` (one or several
 * properties, asc and desc), `$count`, `$filter` with lt/le/eq/ge/gt on every property, each on
 * entity sets and on the sets reached from an entity, and the order in which the options apply.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntitySet } from '@eco/contracts/sensorthings';
import { useTestApp } from '../../../test/test-app';
import { type EtsClient, type Json, PROPERTIES, RELATIONS, SETS, firstId, isSet, setOf } from './ets-client';
import { filteringService } from './filtering-entities';

/** How many of each the level-3 entities are. */
const COUNTS: Readonly<Record<EntitySet, number>> = {
  Things: 2,
  Locations: 2,
  HistoricalLocations: 4,
  Datastreams: 4,
  Sensors: 4,
  ObservedProperties: 3,
  Observations: 12,
  FeaturesOfInterest: 2,
};

/**
 * The values the ETS filters each property by (its EntityPropertiesSampleValue): quoted strings,
 * and date-times; `null` where it does not filter (geometries, units).
 */
const SAMPLES: Readonly<Record<EntitySet, readonly (string | null)[]>> = {
  Things: ["'thing 1'", "'thing 1'"],
  Locations: ["'location 2'", "'location 2'", "'application/vnd.geo+json'", null],
  HistoricalLocations: ['2015-10-14T21:30:00.104Z'],
  Datastreams: ["'datastream 1'", "'datastream 1'", null, "'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement'"],
  Sensors: ["'sensor 1'", "'sensor 1'", "'http://schema.org/description'", "'Light flux sensor'"],
  ObservedProperties: ["'Luminous Flux'", "'http://www.qudt.org/qudt/owl/1.0.0/quantity/Instances.html/LuminousFlux'", "'observedProperty 1'"],
  Observations: ['2015-03-02T00:00:00.000Z', "'2'", '2015-03-02T00:00:00.000Z'],
  FeaturesOfInterest: ["'Generated using location details: location 1'", "'Generated using location details: location 1'", "'application/vnd.geo+json'", null],
};

/**
 * The ETS's order of two values of a property: of the same kind by their natural order (numbers,
 * strings by UTF-16 code units), else (JSON objects, a number against null) by their JSON text.
 */
function compareForOrder(a: unknown, b: unknown): number {
  if (typeof a === typeof b && (typeof a === 'number' || typeof a === 'string')) return a < (b as typeof a) ? -1 : a > (b as typeof a) ? 1 : 0;
  const [x, y] = [JSON.stringify(a) ?? 'null', JSON.stringify(b) ?? 'null'];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A value as Java's URLEncoder writes it into the ETS's URLs: a space as `+`, everything but letters, digits and `.-*_` percent-encoded. */
const javaUrlEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** Whether `property` of each entity compares with `sample` as `op` says (the ETS's checkPropertiesForFilter). */
function expectFiltered(entities: Json[], property: string, sample: string, op: string, what: string): void {
  for (const entity of entities) {
    expect(Object.hasOwn(entity, property), `${what}: has ${property}`).toBe(true);
    const value = entity[property];
    // a quoted sample is compared with the property's text; a date-time as an instant
    const order = sample.startsWith("'") ? compareForOrder(String(value), sample.slice(1, -1)) : Math.sign(Date.parse(String(value)) - Date.parse(sample));
    const holds = { lt: order < 0, le: order <= 0, eq: order === 0, ge: order >= 0, gt: order > 0 }[op];
    expect(holds, `${what}: ${JSON.stringify(value)} ${op} ${sample}`).toBe(true);
  }
}

/** The ETS's listContainsString: whether an `$expand` list expands `relation` (here, not only below another). */
function expands(list: readonly string[], relation: string): boolean {
  const name = relation.toLowerCase();
  return list.some((item) => {
    const lower = item.toLowerCase();
    if (!lower.includes(name)) return false;
    if (name === 'locations' && ['historicallocations/thing', 'historicallocations', 'things/historicallocations', 'thing/historicallocations'].includes(lower))
      return false;
    return relation.includes('/') || !item.includes(`/${relation}`);
  });
}

describe('ETS level 3: Filtering Extension on /api/v1.0', () => {
  const ctx = useTestApp();
  let client: EtsClient;

  beforeAll(async () => {
    client = await filteringService(ctx);
  });

  /** The `@iot.id` of the first entity of `set` (the ETS follows relations from it). */
  const first = async (set: EntitySet) => firstId(await client.list(set), set);
  /** GET that must answer 200; the entities of a set, or the one entity in a list. */
  const entitiesAt = async (path: string): Promise<Json[]> => {
    const answer = await client.one(path);
    return Array.isArray(answer.value) ? answer.value : [answer];
  };

  /** The ETS's checks of `$select`: exactly the properties selected, and no navigation links. */
  const expectSelected = (set: EntitySet, entities: Json[], selected: string[], what: string) => {
    for (const entity of entities.slice(0, 2)) {
      for (const property of PROPERTIES[set]) expect(Object.hasOwn(entity, property), `${what}: ${property}`).toBe(selected.includes(property));
      for (const relation of RELATIONS[set]) {
        expect(entity[`${relation}@iot.navigationLink`], `${what}: ${relation}@iot.navigationLink`).toBeUndefined();
        expect(entity[relation], `${what}: ${relation}`).toBeUndefined();
      }
    }
  };

  /** The ETS's checks of `$expand`: the expanded relations inline with their properties, the others as navigation links. */
  const expectExpanded = (set: EntitySet, entities: Json[], expanded: string[], what: string) => {
    for (const entity of entities.slice(0, 2)) {
      for (const relation of RELATIONS[set]) {
        if (!expands(expanded, relation)) {
          expect(entity[`${relation}@iot.navigationLink`], `${what}: ${relation}@iot.navigationLink`).toBeDefined();
          continue;
        }
        const inline = isSet(relation) ? entity[relation] : [entity[relation]];
        expect(Array.isArray(inline) && inline.every((e) => typeof e === 'object' && e !== null), `${what}: ${relation} expanded`).toBe(true);
        for (const child of (inline as Json[]).slice(0, 2))
          for (const property of PROPERTIES[setOf(relation)]) expect(Object.hasOwn(child, property), `${what}: ${relation}/${property}`).toBe(true);
        if (!expanded.some((e) => e.includes('/'))) continue;
        const [firstChild] = inline as Json[];
        for (const second of RELATIONS[setOf(relation)]) {
          if (!expands(expanded, `${relation}/${second}`)) continue;
          const nested = isSet(second) ? firstChild?.[second] : [firstChild?.[second]];
          expect(Array.isArray(nested) && nested.every((e) => typeof e === 'object' && e !== null), `${what}: ${relation}/${second} expanded`).toBe(true);
          for (const grandchild of (nested as Json[]).slice(0, 2))
            for (const property of PROPERTIES[setOf(second)])
              expect(Object.hasOwn(grandchild, property), `${what}: ${relation}/${second}/${property}`).toBe(true);
        }
      }
    }
  };

  it('readEntitiesWithSelectQO: $select gives the properties named, one or several, on sets and on the entities reached from one', async () => {
    const check = async (base: string, set: EntitySet) => {
      const properties = PROPERTIES[set];
      for (const property of properties) expectSelected(set, await entitiesAt(`${base}?$select=${property}`), [property], `${base}?$select=${property}`);
      for (let n = 1; n <= properties.length; n++) {
        const selected = properties.slice(0, n);
        expectSelected(set, await entitiesAt(`${base}?$select=${selected.join(',')}`), selected, `${base}?$select=${selected.join(',')}`);
      }
    };
    for (const set of SETS) await check(set, set);
    for (const set of SETS) {
      const id = await first(set);
      for (const relation of RELATIONS[set]) await check(`${set}(${id})/${relation}`, setOf(relation));
    }
  });

  it('readEntitiesWithExpandQO: $expand brings related entities inline, one or several, two levels deep, on sets and from one entity', async () => {
    const check = async (base: string, set: EntitySet, items: string[]) => {
      for (const item of items) expectExpanded(set, await entitiesAt(`${base}?$expand=${item}`), [item], `${base}?$expand=${item}`);
      for (let n = 1; n <= items.length; n++) {
        const expanded = items.slice(0, n);
        expectExpanded(set, await entitiesAt(`${base}?$expand=${expanded.join(',')}`), expanded, `${base}?$expand=${expanded.join(',')}`);
      }
    };
    const twoLevels = (set: EntitySet) => RELATIONS[set].flatMap((relation) => RELATIONS[setOf(relation)].map((second) => `${relation}/${second}`));
    for (const set of SETS) await check(set, set, [...RELATIONS[set]]);
    for (const set of SETS) {
      const id = await first(set);
      for (const relation of RELATIONS[set]) await check(`${set}(${id})/${relation}`, setOf(relation), [...RELATIONS[setOf(relation)]]);
    }
    for (const set of SETS) await check(set, set, twoLevels(set));
    for (const set of SETS) {
      const id = await first(set);
      for (const relation of RELATIONS[set]) await check(`${set}(${id})/${relation}`, setOf(relation), twoLevels(setOf(relation)));
    }
  });

  it('readEntitiesWithTopQO: $top gives that many, with @iot.nextLink exactly when more follow', async () => {
    for (const set of SETS) {
      for (const top of [1, 2, 3, 4, 5, 12, 13]) {
        const answer = await client.one(`${set}?$top=${top}`);
        expect(answer.value, `${set}?$top=${top}`).toHaveLength(Math.min(top, COUNTS[set]));
        expect(answer['@iot.nextLink'] !== undefined, `${set}?$top=${top}: @iot.nextLink`).toBe(top < COUNTS[set]);
      }
    }
    // from the first entity of each set, $top=3 on each set it links
    const expected: Partial<Record<EntitySet, Record<string, [number[], boolean]>>> = {
      Things: { Locations: [[1], false], HistoricalLocations: [[2], false], Datastreams: [[2], false] },
      Locations: { HistoricalLocations: [[2], false], Things: [[1], false] },
      FeaturesOfInterest: { Observations: [[3], true] },
      ObservedProperties: { Datastreams: [[1, 2], false] },
      HistoricalLocations: { Locations: [[1], false] },
      Sensors: { Datastreams: [[1], false] },
      Datastreams: { Observations: [[3], false] },
    };
    for (const [set, relations] of Object.entries(expected) as [EntitySet, Record<string, [number[], boolean]>][]) {
      const id = await first(set);
      for (const [relation, [lengths, nextLink]] of Object.entries(relations)) {
        const answer = await client.one(`${set}(${id})/${relation}?$top=3`);
        expect(lengths, `${set}(${id})/${relation}?$top=3`).toContain(answer.value.length);
        expect(answer['@iot.nextLink'] !== undefined, `${set}(${id})/${relation}?$top=3: @iot.nextLink`).toBe(nextLink);
      }
    }
  });

  it('readEntitiesWithSkipQO: $skip leaves out that many, with no @iot.nextLink when nothing follows', async () => {
    for (const set of SETS) {
      for (const skip of [1, 2, 3, 4, 12]) {
        const answer = await client.one(`${set}?$skip=${skip}`);
        expect(answer.value, `${set}?$skip=${skip}`).toHaveLength(Math.max(0, COUNTS[set] - skip));
        expect(answer['@iot.nextLink'], `${set}?$skip=${skip}: @iot.nextLink`).toBeUndefined();
      }
    }
    const expected: Partial<Record<EntitySet, Record<string, number[]>>> = {
      Things: { Locations: [0], HistoricalLocations: [1], Datastreams: [1] },
      Locations: { HistoricalLocations: [1], Things: [0] },
      FeaturesOfInterest: { Observations: [5] },
      ObservedProperties: { Datastreams: [0, 1] },
      HistoricalLocations: { Locations: [0] },
      Sensors: { Datastreams: [0] },
      Datastreams: { Observations: [2] },
    };
    for (const [set, relations] of Object.entries(expected) as [EntitySet, Record<string, number[]>][]) {
      const id = await first(set);
      for (const [relation, lengths] of Object.entries(relations)) {
        const answer = await client.one(`${set}(${id})/${relation}?$skip=1`);
        expect(lengths, `${set}(${id})/${relation}?$skip=1`).toContain(answer.value.length);
        expect(answer['@iot.nextLink'], `${set}(${id})/${relation}?$skip=1: @iot.nextLink`).toBeUndefined();
      }
    }
  });

  it('readEntitiesWithOrderbyQO: $orderby orders by one or several properties, asc (the default) and desc', async () => {
    const ordered = (entities: Json[], properties: string[], direction: 1 | -1, what: string) => {
      for (let i = 1; i < entities.length; i++) {
        for (const property of properties) {
          const order = compareForOrder(entities[i - 1]![property], entities[i]![property]);
          expect(order * direction <= 0, `${what}: ${JSON.stringify(entities[i - 1]![property])} before ${JSON.stringify(entities[i]![property])}`).toBe(true);
          if (order !== 0) break;
        }
      }
    };
    const check = async (base: string, set: EntitySet) => {
      // the ETS leaves out units; geometries are tested below
      const properties = PROPERTIES[set].filter((p) => !['unitOfMeasurement', 'location', 'feature'].includes(p));
      for (const property of properties) {
        ordered(await client.list(`${base}?$orderby=${property}`), [property], 1, `${base}?$orderby=${property}`);
        ordered(await client.list(`${base}?$orderby=${property}%20asc`), [property], 1, `${base}?$orderby=${property} asc`);
        ordered(await client.list(`${base}?$orderby=${property}%20desc`), [property], -1, `${base}?$orderby=${property} desc`);
      }
      for (let n = 1; n <= properties.length; n++) {
        const by = properties.slice(0, n);
        ordered(await client.list(`${base}?$orderby=${by.join(',')}`), by, 1, `${base}?$orderby=${by.join(',')}`);
        ordered(await client.list(`${base}?$orderby=${by.map((p) => `${p}%20asc`).join(',')}`), by, 1, `${base}?$orderby=${by.join(' asc,')} asc`);
        ordered(await client.list(`${base}?$orderby=${by.map((p) => `${p}%20desc`).join(',')}`), by, -1, `${base}?$orderby=${by.join(' desc,')} desc`);
      }
    };
    for (const set of SETS) await check(set, set);
    for (const set of SETS) {
      const id = await first(set);
      for (const relation of RELATIONS[set].filter(isSet)) await check(`${set}(${id})/${relation}`, setOf(relation));
    }
  });

  it('readEntitiesWithCountQO: $count=true gives @iot.count of all that match, $count=false none', async () => {
    for (const set of SETS) {
      expect((await client.one(`${set}?$count=true`))['@iot.count'], set).toBe(COUNTS[set]);
      expect((await client.one(`${set}?$count=false`))['@iot.count'], set).toBeUndefined();
    }
    const expected: Partial<Record<EntitySet, Record<string, number[] | null>>> = {
      Things: { Datastreams: [2], Locations: [1], HistoricalLocations: [2] },
      Locations: { Things: [1], HistoricalLocations: null },
      Sensors: { Datastreams: [1] },
      ObservedProperties: { Datastreams: [1, 2] },
      FeaturesOfInterest: { Observations: [6] },
    };
    for (const [set, relations] of Object.entries(expected) as [EntitySet, Record<string, number[] | null>][]) {
      const id = await first(set);
      for (const [relation, counts] of Object.entries(relations)) {
        const counted = await client.one(`${set}(${id})/${relation}?$count=true`);
        expect(typeof counted['@iot.count'], `${set}(${id})/${relation}?$count=true`).toBe('number');
        if (counts) expect(counts, `${set}(${id})/${relation}?$count=true`).toContain(counted['@iot.count']);
        expect((await client.one(`${set}(${id})/${relation}?$count=false`))['@iot.count'], `${set}(${id})/${relation}?$count=false`).toBeUndefined();
      }
    }
  });

  it('readEntitiesWithFilterQO: $filter with lt, le, eq, ge, gt gives only entities for which it holds, on sets and from one entity', async () => {
    const check = async (base: string, set: EntitySet) => {
      const entities = await client.list(base);
      for (const [i, property] of PROPERTIES[set].entries()) {
        const sample = SAMPLES[set][i];
        if (sample === null || sample === undefined) continue;
        // an Observation created without resultTime has none (null), which no comparison holds for
        const all = entities.filter((entity) => entity[property] !== null).length;
        const found: Record<string, number> = {};
        for (const op of ['lt', 'le', 'eq', 'ge', 'gt']) {
          const path = `${base}?$filter=${property}%20${op}%20${javaUrlEncode(sample)}`;
          const entities = await client.list(path);
          expectFiltered(entities, property, sample, op, path);
          found[op] = entities.length;
        }
        // beyond the ETS, which checks only what is answered: nothing with a value is left out (a
        // numeric result against the quoted '2' is compared by its text, as the ETS compares it)
        const what = `${base}?$filter=${property} … ${sample}`;
        expect([found.lt! + found.eq! + found.gt!, found.le! + found.gt!, found.lt! + found.ge!], what).toEqual([all, all, all]);
      }
    };
    for (const set of SETS) await check(set, set);
    for (const set of SETS) {
      const id = await first(set);
      // the ETS stops at the first navigation to one entity
      for (const relation of RELATIONS[set]) {
        if (!isSet(relation)) break;
        await check(`${set}(${id})/${relation}`, setOf(relation));
      }
    }
  });

  it('checkQueriesPriorityOrdering: $filter, then $count, then $orderby, $skip and $top', async () => {
    // results 1…12 compared with the quoted '3' by their text: 4…9 follow it, 10…12 precede it
    // (six), ordered by phenomenonTime, from the third: 6
    const answer = await client.one("Observations?$count=true&$top=1&$skip=2&$orderby=phenomenonTime%20asc&$filter=result%20gt%20'3'");
    expect(answer['@iot.count']).toBe(6);
    expect(answer.value).toHaveLength(1);
    expect(String(answer.value[0].result)).toBe('6');
  });

  it('the same options with the number 3 compare results as numbers: 4…12 (nine), the third 6', async () => {
    const answer = await client.one('Observations?$count=true&$top=1&$skip=2&$orderby=phenomenonTime%20asc&$filter=result%20gt%203');
    expect(answer['@iot.count']).toBe(9);
    expect(answer.value[0].result).toBe(6);
  });

  it('readEntitiesWithOrderbyQO on location and feature: ordered by their JSON text, byte by byte', async () => {
    const byText = (a: unknown, b: unknown) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0);
    for (const [path, property, direction] of [
      ['Locations?$orderby=location', 'location', 1],
      ['FeaturesOfInterest?$orderby=feature%20desc', 'feature', -1],
    ] as const) {
      const values = (await client.list(path)).map((entity) => entity[property]);
      expect(values.length, path).toBeGreaterThan(1);
      expect(values, path).toEqual([...values].sort((a, b) => byText(a, b) * direction));
    }
  });

  it('deleteEverythings: everything the service lists can be deleted', async () => {
    await client.deleteEverything();
    for (const set of SETS) expect(await client.list(set), set).toEqual([]);
  });
});
