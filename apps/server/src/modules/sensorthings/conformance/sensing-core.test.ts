/**
 * Conformance level 1, "Sensing Core" (OGC 15-078r6 Annex A.1), as the OGC's executable test
 * suite for SensorThings v1.0 checks it (opengeospatial/ets-sta10, `sensingCore.Capability1Tests`),
 * ported to our own tests against `/api/v1.0`: the service root, every entity set and entity with
 * its control information, mandatory properties and navigation links, a property and its `$value`,
 * 404 for an entity that does not exist, and every resource path to four levels with its `$ref`.
 * The ETS reads what the service already holds; here that is the entities its level 3 creates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntitySet } from '@eco/contracts/sensorthings';
import { useTestApp } from '../../../test/test-app';
import { type EtsClient, type Json, NO_SUCH_ID, ORIGIN, PROPERTIES, RELATIONS, ROOT, SETS, firstId, isSet } from './ets-client';
import { filteringService } from './filtering-entities';

/** The ETS's checks of one entity: `@iot.id`, `@iot.selfLink`, its mandatory properties, a navigation link per relation. */
function expectEntity(set: EntitySet, entity: Json): void {
  expect(entity['@iot.id'], `${set}: @iot.id`).toBeDefined();
  expect(entity['@iot.selfLink'], `${set}: @iot.selfLink`).toBeDefined();
  for (const property of PROPERTIES[set]) expect(Object.hasOwn(entity, property), `${set} has ${property}`).toBe(true);
  for (const relation of RELATIONS[set]) expect(entity[`${relation}@iot.navigationLink`], `${set} links ${relation}`).toBeDefined();
}

describe('ETS level 1: Sensing Core on /api/v1.0', () => {
  const ctx = useTestApp();
  let client: EtsClient;

  beforeAll(async () => {
    client = await filteringService(ctx);
  });

  it('checkServiceRootUri: the root lists the eight entity sets, each with its URL under the root', async () => {
    const root = await client.one(ROOT);
    const names = (root.value as Json[]).map((entry) => entry.name);
    expect([...names].sort()).toEqual([...SETS].sort());
    for (const entry of root.value as Json[]) expect(entry.url).toBe(`${ORIGIN}${ROOT}/${entry.name}`);
  });

  it('readEntitiesAndCheckResponse: every entity set answers 200 with entities carrying id, selfLink, properties and navigation links', async () => {
    for (const set of SETS) {
      const entities = await client.list(set);
      expect(entities.length, set).toBeGreaterThan(0);
      for (const entity of entities.slice(0, 2)) expectEntity(set, entity);
    }
  });

  it('readNonexistentEntity: an entity that does not exist is 404', async () => {
    for (const set of SETS) expect((await client.get(`${set}(${NO_SUCH_ID})`)).status, set).toBe(404);
  });

  it('readEntityAndCheckResponse: each entity set first entity answers 200 with the same checks', async () => {
    for (const set of SETS) {
      const id = firstId(await client.list(set), set);
      expectEntity(set, await client.one(`${set}(${id})`));
    }
  });

  it('readPropertyOfEntityAndCheckResponse: a property answers {property: value} alone, its $value the raw value', async () => {
    for (const set of SETS) {
      const id = firstId(await client.list(set), set);
      for (const property of PROPERTIES[set]) {
        const answer = await client.one(`${set}(${id})/${property}`);
        expect(Object.keys(answer), `${set}(${id})/${property}`).toEqual([property]);
        const raw = await client.get(`${set}(${id})/${property}/$value`);
        expect(raw.status, `${set}(${id})/${property}/$value`).toBe(200);
        // a JSON object (a geometry, a unit) is sent as JSON; any other value as its text
        const object = ['location', 'feature', 'unitOfMeasurement'].includes(property);
        expect(raw.text.indexOf('{'), `${set}(${id})/${property}/$value: ${raw.text}`).toBe(object ? 0 : -1);
      }
    }
  });

  it('checkResourcePaths: every path to four levels answers 200, and every set on it also as $ref links', async () => {
    const visited: string[] = [];
    const walk = async (segments: string[], ids: number[]): Promise<void> => {
      const path = segments.map((s, i) => (i < ids.length ? `${s}(${ids[i]})` : s)).join('/');
      visited.push(path);
      const answer = await client.get(path);
      expect(answer.status, path).toBe(200);
      const last = segments.at(-1)!;
      if (!isSet(last)) return;
      const id = firstId(answer.json.value as Json[], path);
      const links = await client.get(`${path}/$ref`);
      expect(links.status, `${path}/$ref`).toBe(200);
      for (const link of (links.json.value as Json[]).slice(0, 2)) expect(Object.keys(link), `${path}/$ref`).toEqual(['@iot.selfLink']);
      if (segments.length === 4) return;
      const set = SETS.find((s) => s === last)!;
      for (const relation of RELATIONS[set]) await walk([...segments, relation], [...ids, id]);
    };
    for (const set of SETS) await walk([set], []);
    expect(visited).toContain('Things');
    expect(visited.some((p) => p.split('/').length === 4)).toBe(true);
  });
});
