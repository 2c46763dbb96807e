/**
 * Conformance level 2, "Create-Update-Delete" (OGC 15-078r6 Annex A.3), as the OGC's executable
 * test suite for SensorThings v1.0 checks it (opengeospatial/ets-sta10,
 * `createUpdateDelete.Capability2Tests` and `ResultTypesTests`), ported to our own tests against
 * `/api/v1.0` by an administrator, in the ETS's order (its priorities, then method names) and with
 * its bodies: invalid deep inserts that must leave nothing, creates (linked, deep, an Observation
 * with a new FeatureOfInterest or with the one made from its Thing's Location), invalid creates,
 * PATCH of inline related entities refused, PATCH and PUT of every entity type, deletes with the
 * integrity rules of every entity type, 404 for what does not exist, and Observations whose result
 * is a boolean, a string, a number, an object or an array.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntitySet } from '@eco/contracts/sensorthings';
import { Browser, signedInAs } from '../../../test/browser';
import { useTestApp } from '../../../test/test-app';
import { EtsClient, type Json, NO_SUCH_ID, PROPERTIES, SETS, firstId } from './ets-client';

const OM_MEASUREMENT = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement';
const OM_OBSERVATION = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Observation';
const GEOJSON = 'application/vnd.geo+json';
const CELSIUS = { name: 'Celsius', symbol: 'degC', definition: 'http://qudt.org/vocab/unit#DegreeCelsius' };
const LUMEN = { name: 'Lumen', symbol: 'lm', definition: 'http://www.qudt.org/qudt/owl/1.0.0/unit/Instances.html#Lumen' };
const WEST_ROOF = { name: 'West Roof', description: 'West Roof', location: { type: 'Point', coordinates: [-117.05, 51.05] }, encodingType: GEOJSON };
const LUMINOUS_FLUX = {
  name: 'Luminous Flux',
  definition: 'http://www.qudt.org/qudt/owl/1.0.0/quantity/Instances.html#LuminousFlux',
  description: 'Luminous Flux or Luminous Power is the measure of the perceived power of light.',
};
const ACME = { name: 'Acme Fluxomatic 1000', description: 'Acme Fluxomatic 1000', encodingType: 'application/pdf', metadata: 'Light flux sensor' };
const LIGHT_EXPOSURE = { unitOfMeasurement: LUMEN, name: 'Light exposure.', description: 'Light exposure.', observationType: OM_MEASUREMENT };
const TEST_DATASTREAM = { unitOfMeasurement: CELSIUS, name: 'test datastream.', description: 'test datastream.', observationType: OM_MEASUREMENT };
const WEATHER_STATION = (coordinates: number[]) => ({
  name: 'A weather station.',
  description: 'A weather station.',
  encodingType: GEOJSON,
  feature: { type: 'Point', coordinates },
});

/** How the ETS compares a property with what it expects: JSON objects by content, anything else by its text. */
function expectSame(actual: unknown, expected: unknown, what: string): void {
  if (typeof expected === 'object' && expected !== null) expect(actual, what).toEqual(expected);
  else expect(String(actual), what).toBe(String(expected));
}

describe('ETS level 2: Create-Update-Delete on /api/v1.0', () => {
  // a clock that never repeats a millisecond: the ETS's Observations without a phenomenonTime are
  // posted one after another over the network, so each gets its own "now"
  let last = 0;
  const tick = () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
  const ctx = useTestApp({ now: tick });
  let client: EtsClient;

  /** The ETS's checkNotExisting: each set lists nothing. */
  const expectNone = async (sets: EntitySet[]) => {
    for (const set of sets) expect(await client.list(set), `${set} is empty`).toEqual([]);
  };
  /** The ETS's checkExisting: each set lists something. */
  const expectSome = async (sets: EntitySet[]) => {
    for (const set of sets) expect((await client.list(set)).length, `${set} is not empty`).toBeGreaterThan(0);
  };
  /** The ETS's postInvalidEntity: 400 or 409. */
  const expectRefused = async (set: EntitySet, body: unknown) => {
    const answer = await client.post(set, body);
    expect([400, 409], `POST ${set} ${JSON.stringify(body)}: ${answer.text}`).toContain(answer.status);
  };

  beforeAll(async () => {
    const { browser: admin } = await signedInAs(ctx.app, ctx.database.db, 'admin');
    client = new EtsClient(new Browser(ctx.app), admin);
    await client.deleteEverything();
  });

  describe('Capability2Tests', () => {
    const thingIds: number[] = [];
    const locationIds: number[] = [];
    const historicalLocationIds: number[] = [];
    const datastreamIds: number[] = [];
    const observationIds: number[] = [];
    const sensorIds: number[] = [];
    const obsPropIds: number[] = [];
    const foiIds: number[] = [];
    const lists = [thingIds, locationIds, historicalLocationIds, datastreamIds, observationIds, sensorIds, obsPropIds, foiIds];

    /** The ETS's checkRelatedEntity: the (first) related entity has the given members; its id. */
    const related = async (path: string, expected: Json): Promise<number> => {
      const answer = await client.one(path);
      const entity = Array.isArray(answer.value) ? answer.value[0] : answer;
      expect(entity, path).toBeDefined();
      for (const [key, value] of Object.entries(expected)) expectSame(entity[key], value, `${path}: ${key}`);
      return entity['@iot.id'];
    };

    /** The ETS's checkAutomaticInsertionOfFOI: the Observation's FeatureOfInterest is the Location's place. */
    const madeFeature = async (observationId: number, location: Json, expectedId?: number): Promise<number> => {
      const feature = await client.one(`Observations(${observationId})/FeatureOfInterest`);
      if (expectedId !== undefined) expect(feature['@iot.id']).toBe(expectedId);
      expect(feature.feature).toEqual(location.location);
      return feature['@iot.id'];
    };

    it('createInvalidEntitiesWithDeepInsert: a deep insert with anything missing is refused and leaves nothing', async () => {
      await expectRefused('Things', {
        name: 'Office Building',
        description: 'Office Building',
        properties: { reference: 'Third Floor' },
        Locations: [WEST_ROOF],
        Datastreams: [{ ...LIGHT_EXPOSURE, ObservedProperty: LUMINOUS_FLUX }],
      });
      await expectNone(['Things', 'Locations', 'HistoricalLocations', 'Datastreams', 'ObservedProperties']);

      const { id: thingId } = await client.create('Things', { name: 'Office Building', description: 'Office Building' });
      const observations = [{ phenomenonTime: '2015-03-01T00:10:00Z', result: 10 }];
      await expectRefused('Datastreams', { ...TEST_DATASTREAM, Thing: { '@iot.id': thingId }, ObservedProperty: LUMINOUS_FLUX, Observations: observations });
      await expectRefused('Datastreams', { ...TEST_DATASTREAM, Thing: { '@iot.id': thingId }, Sensor: ACME, Observations: observations });
      await expectRefused('Datastreams', { ...TEST_DATASTREAM, ObservedProperty: LUMINOUS_FLUX, Sensor: ACME, Observations: observations });
      await expectNone(['Datastreams', 'Sensors', 'Observations', 'FeaturesOfInterest', 'ObservedProperties']);

      const { id: datastreamId } = await client.create('Datastreams', {
        ...TEST_DATASTREAM,
        Thing: { '@iot.id': thingId },
        ObservedProperty: LUMINOUS_FLUX,
        Sensor: ACME,
      });
      // no FeatureOfInterest, and the Thing has no Location to make one from
      await expectRefused('Observations', { phenomenonTime: '2015-03-01T00:00:00Z', result: 100, Datastream: { '@iot.id': datastreamId } });
      const { encodingType: _, ...noEncoding } = WEATHER_STATION([-114.05, 51.05]);
      await expectRefused('Observations', {
        phenomenonTime: '2015-03-01T00:00:00Z',
        result: 100,
        FeatureOfInterest: noEncoding,
        Datastream: { '@iot.id': datastreamId },
      });
      await expectNone(['Observations', 'FeaturesOfInterest']);
      await client.deleteEverything();
    });

    it('createEntities: each entity type is created with links, an Observation without a FeatureOfInterest observes its Thing’s Location', async () => {
      const thing = await client.create('Things', { name: 'Test Thing', description: 'This is a Test Thing From TestNG' });
      thingIds.push(thing.id);
      const location = await client.create('Locations', {
        name: 'bow river',
        description: 'bow river',
        encodingType: GEOJSON,
        location: { type: 'Point', coordinates: [-114.05, 51.05] },
      });
      locationIds.push(location.id);
      sensorIds.push(
        (await client.create('Sensors', { name: 'Fuguro Barometer', description: 'Fuguro Barometer', encodingType: 'application/pdf', metadata: 'Barometer' }))
          .id,
      );
      obsPropIds.push(
        (
          await client.create('ObservedProperties', {
            name: 'DewPoint Temperature',
            definition: 'http://dbpedia.org/page/Dew_point',
            description:
              'The dewpoint temperature is the temperature to which the air must be cooled, at constant pressure, for dew to form. As the grass and other objects near the ground cool to the dewpoint, some of the water vapor in the atmosphere condenses into liquid water on the objects.',
          })
        ).id,
      );
      foiIds.push((await client.create('FeaturesOfInterest', WEATHER_STATION([10, 10]))).id);
      const datastream = await client.create('Datastreams', {
        ...TEST_DATASTREAM,
        Thing: { '@iot.id': thing.id },
        ObservedProperty: { '@iot.id': obsPropIds[0] },
        Sensor: { '@iot.id': sensorIds[0] },
      });
      datastreamIds.push(datastream.id);
      const stream = { '@iot.id': datastream.id };
      observationIds.push(
        (
          await client.create('Observations', {
            phenomenonTime: '2015-03-01T00:40:00.000Z',
            result: 8,
            Datastream: stream,
            FeatureOfInterest: { '@iot.id': foiIds[0] },
          })
        ).id,
      );

      // the Thing is given the Location; an Observation naming no FeatureOfInterest observes it
      expect((await client.patch(`Things(${thing.id})`, { Locations: [{ '@iot.id': location.id }] })).status).toBe(200);
      const second = await client.create('Observations', {
        phenomenonTime: '2015-03-01T00:00:00.000Z',
        resultTime: '2015-03-01T01:00:00.000Z',
        result: 100,
        Datastream: stream,
      });
      expect(second.entity.resultTime).toBe('2015-03-01T01:00:00.000Z');
      observationIds.push(second.id);
      const made = await madeFeature(second.id, location.entity);
      foiIds.push(made);

      // another one observes the same FeatureOfInterest
      const third = await client.create('Observations', { phenomenonTime: '2015-05-01T00:00:00.000Z', result: 105, Datastream: stream });
      expect(third.entity).toHaveProperty('resultTime', null);
      observationIds.push(third.id);
      await madeFeature(second.id, location.entity, made);
      await madeFeature(third.id, location.entity, made);

      const history = await client.create('HistoricalLocations', {
        time: '2015-03-01T00:40:00.000Z',
        Thing: { '@iot.id': thing.id },
        Locations: [{ '@iot.id': location.id }],
      });
      historicalLocationIds.push(history.id);
    });

    it('createEntitiesWithDeepInsert: a Thing with its Location and Datastream, a Datastream with its Observations, an Observation with its FeatureOfInterest', async () => {
      const thing = await client.create('Things', {
        name: 'Office Building',
        description: 'Office Building',
        properties: { reference: 'Third Floor' },
        Locations: [WEST_ROOF],
        Datastreams: [{ ...LIGHT_EXPOSURE, ObservedProperty: LUMINOUS_FLUX, Sensor: ACME }],
      });
      const firstStream = await related(`Things(${thing.id})/Datastreams`, LIGHT_EXPOSURE);
      datastreamIds.push(firstStream);
      locationIds.push(await related(`Things(${thing.id})/Locations`, WEST_ROOF));
      sensorIds.push(await related(`Datastreams(${firstStream})/Sensor`, ACME));
      obsPropIds.push(await related(`Datastreams(${firstStream})/ObservedProperty`, LUMINOUS_FLUX));
      thingIds.push(thing.id);

      const stream = await client.create('Datastreams', {
        ...TEST_DATASTREAM,
        Thing: { '@iot.id': thing.id },
        ObservedProperty: LUMINOUS_FLUX,
        Sensor: ACME,
        Observations: [{ phenomenonTime: '2015-03-01T00:10:00Z', result: 10 }],
      });
      sensorIds.push(await related(`Datastreams(${stream.id})/Sensor`, ACME));
      obsPropIds.push(await related(`Datastreams(${stream.id})/ObservedProperty`, LUMINOUS_FLUX));
      observationIds.push(await related(`Datastreams(${stream.id})/Observations`, { phenomenonTime: '2015-03-01T00:10:00.000Z', result: 10 }));
      datastreamIds.push(stream.id);

      const observation = await client.create('Observations', {
        phenomenonTime: '2015-03-01T00:00:00Z',
        result: 100,
        FeatureOfInterest: WEATHER_STATION([-114.05, 51.05]),
        Datastream: { '@iot.id': stream.id },
      });
      foiIds.push(await related(`Observations(${observation.id})/FeatureOfInterest`, WEATHER_STATION([-114.05, 51.05])));
      observationIds.push(observation.id);
    });

    it('createInvalidEntities: a Datastream without its Sensor, ObservedProperty or Thing, an Observation without its Datastream or a FeatureOfInterest is refused', async () => {
      const thing = { '@iot.id': thingIds[0] };
      const property = { '@iot.id': obsPropIds[0] };
      const sensor = { '@iot.id': sensorIds[0] };
      await expectRefused('Datastreams', { ...TEST_DATASTREAM, Thing: thing, ObservedProperty: property });
      await expectRefused('Datastreams', { ...TEST_DATASTREAM, Thing: thing, Sensor: sensor });
      await expectRefused('Datastreams', { ...TEST_DATASTREAM, ObservedProperty: property, Sensor: sensor });

      const { id: thingId } = await client.create('Things', { name: 'This is a Test Thing From TestNG', description: 'This is a Test Thing From TestNG' });
      thingIds.push(thingId);
      const { id: datastreamId } = await client.create('Datastreams', {
        ...TEST_DATASTREAM,
        Thing: { '@iot.id': thingId },
        ObservedProperty: property,
        Sensor: sensor,
      });
      datastreamIds.push(datastreamId);
      await expectRefused('Observations', { phenomenonTime: '2015-03-01T00:40:00.000Z', result: 8, FeatureOfInterest: { '@iot.id': foiIds[0] } });
      await expectRefused('Observations', { phenomenonTime: '2015-03-01T00:00:00.000Z', result: 100, Datastream: { '@iot.id': datastreamId } });
    });

    it('invalidPatchEntities: a PATCH carrying related entities inline is 400', async () => {
      const lumen = { unitOfMeasurement: LUMEN };
      const cases: [string, unknown][] = [
        [`Things(${thingIds[0]})`, { Locations: [WEST_ROOF] }],
        [`Things(${thingIds[0]})`, { Datastreams: [lumen] }],
        [`Sensors(${sensorIds[0]})`, { Datastreams: [{ ...lumen, Thing: { '@iot.id': thingIds[0] } }] }],
        [`ObservedProperties(${obsPropIds[0]})`, { Datastreams: [{ ...lumen, Thing: { '@iot.id': thingIds[0] } }] }],
        // as the ETS sends it: `name` twice
        [
          `Datastreams(${datastreamIds[0]})`,
          '{"ObservedProperty": {"name": "Count", "definition": "http://qudt.org/vocab/unit#Dimensionless", "name": "Count is a dimensionless property.", "description": "Count is a dimensionless property."}}',
        ],
        [
          `Datastreams(${datastreamIds[0]})`,
          { Sensor: { name: 'Acme Traffic 2000', description: 'Acme Traffic 2000', encodingType: 'application/pdf', metadata: 'Traffic counting device' } },
        ],
        [`Datastreams(${datastreamIds[0]})`, { Thing: { name: 'test', description: 'test' } }],
        [`Datastreams(${datastreamIds[0]})`, { Observations: [{ phenomenonTime: '2015-03-01T00:00:00Z', result: 92122, resultQuality: 'High' }] }],
      ];
      for (const [path, body] of cases) {
        const answer = await client.patch(path, body);
        expect(answer.status, `PATCH ${path} ${typeof body === 'string' ? body : JSON.stringify(body)}: ${answer.text}`).toBe(400);
      }
      // nothing moved: the Thing is still at the Location it was given
      expect((await client.list(`Things(${thingIds[0]})/Locations`)).map((l) => l['@iot.id'])).toEqual([locationIds[0]]);
    });

    /** The ETS's patchEntity + checkPatch: 200, the given properties changed, the others as they were. */
    const patched = async (set: EntitySet, id: number, body: Json, diffs: Json = body): Promise<Json> => {
      const before = await client.one(`${set}(${id})`);
      const answer = await client.patch(`${set}(${id})`, body);
      expect(answer.status, `PATCH ${set}(${id}): ${answer.text}`).toBe(200);
      const after = await client.one(`${set}(${id})`);
      for (const property of PROPERTIES[set]) expectSame(after[property], property in diffs ? diffs[property] : before[property], `${set}(${id}).${property}`);
      return after;
    };

    it('patchEntities: PATCH changes the properties given and keeps the others, for every entity type', async () => {
      await patched('Things', thingIds[0]!, { description: 'This is a PATCHED Test Thing From TestNG' });
      await patched('Locations', locationIds[0]!, { location: { type: 'Point', coordinates: [114.05, -50] } });
      await patched('HistoricalLocations', historicalLocationIds[0]!, { time: '2015-07-01T00:00:00.000Z' });
      await patched('Sensors', sensorIds[0]!, { metadata: 'PATCHED' });
      await patched('ObservedProperties', obsPropIds[0]!, { description: 'PATCHED' });
      await patched('FeaturesOfInterest', foiIds[0]!, { feature: { type: 'Point', coordinates: [114.05, -51.05] } });
      await patched('Datastreams', datastreamIds[0]!, { description: 'Patched Description' });
      await patched('Datastreams', datastreamIds[0]!, {
        unitOfMeasurement: { name: 'Entropy2', symbol: 'S2', definition: 'http://qudt.org/vocab/unit#Entropy2' },
      });
      await patched('Observations', observationIds[0]!, { phenomenonTime: '2015-07-01T00:40:00.000Z' });
    });

    /** The ETS's updateEntity + checkPut: 200, and the properties given have their new values. */
    const put = async (set: EntitySet, id: number, body: unknown, diffs: Json): Promise<void> => {
      const answer = await client.put(`${set}(${id})`, body);
      expect(answer.status, `PUT ${set}(${id}): ${answer.text}`).toBe(200);
      const after = await client.one(`${set}(${id})`);
      for (const property of PROPERTIES[set]) if (property in diffs) expectSame(after[property], diffs[property], `${set}(${id}).${property}`);
    };

    it('putEntities: PUT gives every entity type the properties sent', async () => {
      const thing = { name: 'This is a Updated Test Thing From TestNG', description: 'This is a Updated Test Thing From TestNG' };
      await put('Things', thingIds[0]!, thing, thing);
      const location = {
        encodingType: GEOJSON,
        name: 'UPDATED NAME',
        description: 'UPDATED DESCRIPTION',
        location: { type: 'Point', coordinates: [-114.05, 50] },
      };
      await put('Locations', locationIds[0]!, location, location);
      await put('HistoricalLocations', historicalLocationIds[0]!, { time: '2015-08-01T00:00:00.000Z' }, { time: '2015-08-01T00:00:00.000Z' });
      const sensor = { name: 'UPDATED', description: 'UPDATED', encodingType: 'application/pdf', metadata: 'UPDATED' };
      await put('Sensors', sensorIds[0]!, sensor, sensor);
      // as the ETS sends it: `name` twice, the last one counts
      await put('ObservedProperties', obsPropIds[0]!, '{"name":"QWERTY", "definition": "ZXCVB", "name":"POIUYTREW","description":"POIUYTREW"}', {
        name: 'POIUYTREW',
        definition: 'ZXCVB',
        description: 'POIUYTREW',
      });
      const feature = { encodingType: GEOJSON, feature: { type: 'Point', coordinates: [-114.05, 51.05] }, description: 'POIUYTREW', name: 'POIUYTREW' };
      await put('FeaturesOfInterest', foiIds[0]!, feature, { feature: feature.feature, name: 'POIUYTREW', description: 'POIUYTREW' });
      const datastream = {
        name: 'Data coming from sensor on ISS.',
        description: 'Data coming from sensor on ISS.',
        observationType: OM_OBSERVATION,
        unitOfMeasurement: { name: 'Entropy', symbol: 'S', definition: 'http://qudt.org/vocab/unit#Entropy' },
      };
      await put('Datastreams', datastreamIds[0]!, datastream, datastream);
      const observation = { result: '99', phenomenonTime: '2015-08-01T00:40:00.000Z' };
      await put('Observations', observationIds[0]!, observation, observation);
    });

    /**
     * The ETS's createEntitiesForDelete: everything deleted, then a Thing with its Location and a
     * Datastream (Sensor, ObservedProperty) by deep insert, and an Observation posted under the
     * Datastream (observing the FeatureOfInterest made from the Location).
     */
    const createForDelete = async () => {
      await client.deleteEverything();
      for (const list of lists) list.length = 0;
      const answer = await client.post('Things', {
        name: 'thing 1',
        description: 'thing 1',
        properties: { reference: 'first' },
        Locations: [{ ...WEST_ROOF, name: 'location 1', description: 'location 1' }],
        Datastreams: [
          {
            ...LIGHT_EXPOSURE,
            name: 'datastream 1',
            description: 'datastream 1',
            ObservedProperty: { ...LUMINOUS_FLUX, description: 'observedProperty 1' },
            Sensor: { ...ACME, name: 'sensor 1', description: 'sensor 1' },
          },
        ],
      });
      const location = String(answer.headers.location);
      thingIds.push(Number(location.slice(location.indexOf('(') + 1, location.indexOf(')'))));
      locationIds.push(firstId(await client.list(`Things(${thingIds[0]})/Locations`), 'Locations'));
      datastreamIds.push(firstId(await client.list(`Things(${thingIds[0]})/Datastreams`), 'Datastreams'));
      sensorIds.push((await client.one(`Datastreams(${datastreamIds[0]})/Sensor`))['@iot.id']);
      obsPropIds.push((await client.one(`Datastreams(${datastreamIds[0]})/ObservedProperty`))['@iot.id']);
      historicalLocationIds.push(firstId(await client.list(`Things(${thingIds[0]})/HistoricalLocations`), 'HistoricalLocations'));
      const { id } = await client.create(`Datastreams(${datastreamIds[0]})/Observations`, { phenomenonTime: '2015-03-01T00:00:00Z', result: 1 }, true);
      observationIds.push(id);
      foiIds.push((await client.one(`Observations(${id})/FeatureOfInterest`))['@iot.id']);
    };

    it('deleteEntities: every entity created is deleted (200, then 404), and each entity type takes with it what the standard says', async () => {
      const order: [EntitySet, number[]][] = [
        ['Observations', observationIds],
        ['FeaturesOfInterest', foiIds],
        ['Datastreams', datastreamIds],
        ['ObservedProperties', obsPropIds],
        ['Sensors', sensorIds],
        ['HistoricalLocations', historicalLocationIds],
        ['Locations', locationIds],
        ['Things', thingIds],
      ];
      for (const [set, ids] of order) for (const id of ids) await client.remove(set, id);

      const integrity: [EntitySet, () => number, EntitySet[]][] = [
        ['Things', () => thingIds[0]!, ['Things', 'Datastreams', 'HistoricalLocations', 'Observations']],
        ['Datastreams', () => datastreamIds[0]!, ['Datastreams', 'Observations']],
        ['Locations', () => locationIds[0]!, ['Locations', 'HistoricalLocations']],
        ['HistoricalLocations', () => historicalLocationIds[0]!, ['HistoricalLocations']],
        ['Sensors', () => sensorIds[0]!, ['Sensors', 'Datastreams', 'Observations']],
        ['ObservedProperties', () => obsPropIds[0]!, ['ObservedProperties', 'Datastreams', 'Observations']],
        ['FeaturesOfInterest', () => foiIds[0]!, ['FeaturesOfInterest', 'Observations']],
        ['Observations', () => observationIds[0]!, ['Observations']],
      ];
      for (const [set, id, gone] of integrity) {
        await createForDelete();
        await client.remove(set, id());
        await expectNone(gone);
        await expectSome(SETS.filter((s) => !gone.includes(s)));
      }
    });

    it('deleteNoneexistentEntities: deleting what does not exist is 404', async () => {
      for (const set of SETS) expect((await client.delete(`${set}(${NO_SUCH_ID})`)).status, set).toBe(404);
    });

    it('deleteEverythings: everything the service lists can be deleted', async () => {
      await client.deleteEverything();
      await expectNone([...SETS]);
    });
  });

  describe('ResultTypesTests', () => {
    let datastream: Json;

    beforeAll(async () => {
      // as the FROST client the ETS uses sends them
      const thing = await client.create('Things', {
        name: 'Thing 1',
        description: 'The first thing.',
        Locations: [
          { name: 'Location 1.0', description: 'Location of Thing 1.', encodingType: GEOJSON, location: { type: 'Point', coordinates: [8.0, 51.0] } },
        ],
      });
      datastream = (
        await client.create('Datastreams', {
          name: 'Datastream 1',
          description: 'The temperature of thing 1, sensor 1.',
          observationType: 'someType',
          unitOfMeasurement: { name: 'degree celcius', symbol: '°C', definition: 'ucum:T' },
          Thing: { '@iot.id': thing.id },
          Sensor: { name: 'Sensor 1', description: 'The first sensor.', encodingType: 'text', metadata: 'Some metadata.' },
          ObservedProperty: { name: 'Temperature', definition: 'http://ucom.org/temperature', description: 'The temperature of the thing.' },
        })
      ).entity;
    });

    /** POSTs an Observation of `result` with no phenomenonTime (the server's now) and reads it back: the same result. */
    const roundTrip = async (result: unknown) => {
      const { entity } = await client.create('Observations', { result, Datastream: { '@iot.id': datastream['@iot.id'] } });
      expect(entity.result).toEqual(result);
      expect(entity.phenomenonTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    };

    it('testBooleanResult: true and false come back as booleans', async () => {
      await roundTrip(true);
      await roundTrip(false);
    });
    it('testStringResult: a string comes back as the string', () => roundTrip('fourty two'));
    it('testNumericResult: 1 and 1.23 come back as numbers', async () => {
      await roundTrip(1);
      await roundTrip(1.23);
    });
    it('testObjectResult: an object comes back equal', () => roundTrip({ number: 1.23, string: 'One comma twentythree', boolean: true }));
    it('testArrayResult: an array comes back equal', () => roundTrip([1.23, 'One comma twentythree', true]));

    it('tearDown: everything is deleted again', async () => {
      await client.deleteEverything();
      await expectNone([...SETS]);
    });
  });
});
