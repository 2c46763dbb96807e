/**
 * What the conformance tests share: a client that talks to `/api/v1.0` the way the OGC's
 * executable test suite for SensorThings v1.0 (opengeospatial/ets-sta10, levels 1–3) does —
 * anonymous reads, writes by a signed-in administrator (session cookie and CSRF token) — and the
 * ETS's view of the entity types: the mandatory properties and the navigation properties it
 * checks on every entity (OGC 15-078r6 §8.2 tables). Our own code; the scenarios it serves are in
 * sensing-core.test.ts, create-update-delete.test.ts and filtering.test.ts.
 */
import { expect } from 'vitest';
import type { EntitySet } from '@eco/contracts/sensorthings';
import type { Browser } from '../../../test/browser';

export const ROOT = '/api/v1.0';
/** How `app.inject` is reached: links the service writes start with this. */
export const ORIGIN = 'http://localhost:80';

/** A JSON entity or collection as read; the ETS reads any member of it. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary members of the service's JSON, as the ETS does
export type Json = Record<string, any>;

export const SETS: readonly EntitySet[] = [
  'Things',
  'Locations',
  'HistoricalLocations',
  'Datastreams',
  'Sensors',
  'Observations',
  'ObservedProperties',
  'FeaturesOfInterest',
];

/** The properties the ETS requires on every entity of a set (OGC 15-078r6 Tables 2–9). */
export const PROPERTIES: Readonly<Record<EntitySet, readonly string[]>> = {
  Things: ['name', 'description'],
  Locations: ['name', 'description', 'encodingType', 'location'],
  HistoricalLocations: ['time'],
  Datastreams: ['name', 'description', 'unitOfMeasurement', 'observationType'],
  Sensors: ['name', 'description', 'encodingType', 'metadata'],
  ObservedProperties: ['name', 'definition', 'description'],
  Observations: ['phenomenonTime', 'result', 'resultTime'],
  FeaturesOfInterest: ['name', 'description', 'encodingType', 'feature'],
};

/** The navigation properties the ETS follows from each set, in its order. */
export const RELATIONS: Readonly<Record<EntitySet, readonly string[]>> = {
  Things: ['Datastreams', 'Locations', 'HistoricalLocations'],
  Locations: ['Things', 'HistoricalLocations'],
  HistoricalLocations: ['Thing', 'Locations'],
  Datastreams: ['Thing', 'Sensor', 'ObservedProperty', 'Observations'],
  Sensors: ['Datastreams'],
  Observations: ['Datastream', 'FeatureOfInterest'],
  ObservedProperties: ['Datastreams'],
  FeaturesOfInterest: ['Observations'],
};

/** The entity set a navigation property leads to (`Thing` → `Things`). */
export function setOf(name: string): EntitySet {
  const found = SETS.find(
    (s) =>
      s === name ||
      s === `${name}s` ||
      (name === 'ObservedProperty' && s === 'ObservedProperties') ||
      (name === 'FeatureOfInterest' && s === 'FeaturesOfInterest'),
  );
  if (!found) throw new Error(`no entity set for ${name}`);
  return found;
}

/** Whether a navigation property (or a path ending in one) names a set of entities rather than one. */
export const isSet = (name: string) => name.endsWith('s');

/** The largest id the ETS asks for when it wants one that does not exist (Java's Long.MAX_VALUE). */
export const NO_SUCH_ID = '9223372036854775807';

export interface Answer {
  status: number;
  /** the body parsed as JSON (undefined when it is not JSON) */
  json: Json;
  /** the body as sent */
  text: string;
  headers: Record<string, unknown>;
}

/** The client of the conformance tests: anonymous reads, writes by the signed-in administrator. */
export class EtsClient {
  constructor(
    private readonly reader: Browser,
    private readonly writer: Browser,
  ) {}

  private async send(browser: Browser, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
    // the ETS's headers: a JSON content type on everything but DELETE, which says it sends a form
    // (and sends nothing); a string body is sent as written (duplicate members included)
    const headers = { 'content-type': method === 'DELETE' ? 'application/x-www-form-urlencoded' : 'application/json' };
    const sent = await browser.request(method, path.startsWith('/') ? path : `${ROOT}/${path}`, body, { headers });
    return { status: sent.status, json: sent.body as unknown as Json, text: sent.raw, headers: sent.headers as Record<string, unknown> };
  }

  get(path: string) {
    return this.send(this.reader, 'GET', path);
  }
  post(path: string, body: unknown) {
    return this.send(this.writer, 'POST', path, body);
  }
  patch(path: string, body: unknown) {
    return this.send(this.writer, 'PATCH', path, body);
  }
  put(path: string, body: unknown) {
    return this.send(this.writer, 'PUT', path, body);
  }
  delete(path: string) {
    return this.send(this.writer, 'DELETE', path);
  }

  /** GET of a collection that must answer 200 with `value`: its entities. */
  async list(path: string): Promise<Json[]> {
    const answer = await this.get(path);
    expect(answer.status, `GET ${path}`).toBe(200);
    expect(Array.isArray(answer.json.value), `GET ${path} has a value array`).toBe(true);
    return answer.json.value as Json[];
  }

  /** GET of one entity that must answer 200. */
  async one(path: string): Promise<Json> {
    const answer = await this.get(path);
    expect(answer.status, `GET ${path}`).toBe(200);
    return answer.json;
  }

  /**
   * POST that must create (201): the id the ETS takes from the `Location` header, between its
   * first (or, `last`, its last) parentheses, and the entity as GET then answers it.
   */
  async create(path: string, body: unknown, last = false): Promise<{ id: number; entity: Json }> {
    const answer = await this.post(path, body);
    expect(answer.status, `POST ${path}: ${answer.text}`).toBe(201);
    const location = String(answer.headers.location ?? '');
    const id = Number(
      last ? location.slice(location.lastIndexOf('(') + 1, location.lastIndexOf(')')) : location.slice(location.indexOf('(') + 1, location.indexOf(')')),
    );
    expect(Number.isSafeInteger(id), `Location of POST ${path}: ${location}`).toBe(true);
    const set = path.split('/').at(-1)!.replace(/\(.*$/, '');
    return { id, entity: await this.one(`${set}(${id})`) };
  }

  /** DELETE that must answer 200, after which GET answers 404 (the ETS's deleteEntity). */
  async remove(set: EntitySet, id: number): Promise<void> {
    const answer = await this.delete(`${set}(${id})`);
    expect(answer.status, `DELETE ${set}(${id}): ${answer.text}`).toBe(200);
    expect((await this.get(`${set}(${id})`)).status, `GET ${set}(${id}) after DELETE`).toBe(404);
  }

  /** Deletes every entity the service lists, set by set, as the ETS does before and after its levels 2 and 3. */
  async deleteEverything(): Promise<void> {
    const order: EntitySet[] = [
      'Observations',
      'FeaturesOfInterest',
      'Datastreams',
      'Sensors',
      'ObservedProperties',
      'HistoricalLocations',
      'Locations',
      'Things',
    ];
    for (const set of order) {
      for (let listed = await this.list(set); listed.length > 0; listed = await this.list(set)) {
        for (const entity of listed) await this.remove(set, entity['@iot.id']);
      }
    }
  }
}

/** The `@iot.id` of a collection's first entity (the ETS's `value[0]`). */
export function firstId(entities: Json[], what: string): number {
  expect(entities.length, `${what} is not empty`).toBeGreaterThan(0);
  return entities[0]!['@iot.id'];
}
