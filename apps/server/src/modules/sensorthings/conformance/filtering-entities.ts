/**
 * The entities the ETS (opengeospatial/ets-sta10, level 3 "Filtering Extension") creates before
 * it tests the query options, created the way it creates them: two Things, each with one Location
 * and two Datastreams by deep insert (four Sensors, three ObservedProperties: the second Thing's
 * second Datastream links the first one's ObservedProperty), each Thing then moved to the other's
 * Location (four HistoricalLocations), and three Observations per Datastream posted under the
 * Datastream with no FeatureOfInterest (so two FeaturesOfInterest, made from the Locations).
 * Level 1 reads the same entities (the ETS reads whatever the service holds there).
 */
import { expect } from 'vitest';
import { Browser, signedInAs } from '../../../test/browser';
import type { TestAppContext } from '../../../test/test-app';
import { EtsClient, type Json, firstId } from './ets-client';

const OM_MEASUREMENT = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement';
const LUMEN = { name: 'Lumen', symbol: 'lm', definition: 'http://www.qudt.org/qudt/owl/1.0.0/unit/Instances.html/Lumen' };
const CENTIGRADE = { name: 'Centigrade', symbol: 'C', definition: 'http://www.qudt.org/qudt/owl/1.0.0/unit/Instances.html/Lumen' };
const DESCRIPTION = 'http://schema.org/description';

const location = (n: number, coordinates: [number, number]) => ({
  name: `location ${n}`,
  description: `location ${n}`,
  location: { type: 'Point', coordinates },
  encodingType: 'http://example.org/location_types/GeoJSON',
});

const datastream = (n: number, unit: Json, observedProperty: Json, sensor: Json) => ({
  unitOfMeasurement: unit,
  name: `datastream ${n}`,
  description: `datastream ${n}`,
  observationType: OM_MEASUREMENT,
  ObservedProperty: observedProperty,
  Sensor: sensor,
});

const sensor = (name: string, metadata: string) => ({ name, description: name, encodingType: DESCRIPTION, metadata });

export interface FilteringIds {
  things: number[];
  locations: number[];
  datastreams: number[];
  sensors: number[];
  observedProperties: number[];
  historicalLocations: number[];
  observations: number[];
  features: number[];
}

/** Creates the ETS's level-3 entities through `client` (every step must succeed) and answers their ids. */
export async function createFilteringEntities(client: EtsClient): Promise<FilteringIds> {
  const ids: FilteringIds = {
    things: [],
    locations: [],
    datastreams: [],
    sensors: [],
    observedProperties: [],
    historicalLocations: [],
    observations: [],
    features: [],
  };
  const thing1 = await client.create('Things', {
    name: 'thing 1',
    description: 'thing 1',
    properties: { reference: 'first' },
    Locations: [location(1, [-117.05, 51.05])],
    Datastreams: [
      datastream(
        1,
        LUMEN,
        { name: 'Luminous Flux', definition: 'http://www.qudt.org/qudt/owl/1.0.0/quantity/Instances.html/LuminousFlux', description: 'observedProperty 1' },
        sensor('sensor 1', 'Light flux sensor'),
      ),
      datastream(
        2,
        CENTIGRADE,
        { name: 'Tempretaure', definition: 'http://www.qudt.org/qudt/owl/1.0.0/quantity/Instances.html/Tempreture', description: 'observedProperty 2' },
        sensor('sensor 2', 'Tempreture sensor'),
      ),
    ],
  });
  ids.things.push(thing1.id);
  ids.locations.push(firstId(await client.list(`Things(${thing1.id})/Locations`), 'the Locations of thing 1'));
  const streams1 = await client.list(`Things(${thing1.id})/Datastreams`);
  expect(streams1.map((d) => d.name)).toEqual(['datastream 1', 'datastream 2']);
  ids.datastreams.push(streams1[0]!['@iot.id'], streams1[1]!['@iot.id']);
  ids.sensors.push((await client.one(`Datastreams(${ids.datastreams[0]})/Sensor`))['@iot.id']);
  ids.observedProperties.push((await client.one(`Datastreams(${ids.datastreams[0]})/ObservedProperty`))['@iot.id']);
  ids.sensors.push((await client.one(`Datastreams(${ids.datastreams[1]})/Sensor`))['@iot.id']);
  // the ETS reads "the second ObservedProperty" from the first Datastream again, so the second
  // Thing's second Datastream links the first ObservedProperty (three in all)
  const linked = (await client.one(`Datastreams(${ids.datastreams[0]})/ObservedProperty`))['@iot.id'];

  const thing2 = await client.create('Things', {
    name: 'thing 2',
    description: 'thing 2',
    properties: { reference: 'second' },
    Locations: [location(2, [-100.05, 50.05])],
    Datastreams: [
      datastream(
        3,
        LUMEN,
        {
          name: 'Second Luminous Flux',
          definition: 'http://www.qudt.org/qudt/owl/1.0.0/quantity/Instances.html/LuminousFlux',
          description: 'observedProperty 3',
        },
        sensor('sensor 3', 'Second Light flux sensor'),
      ),
      datastream(2, CENTIGRADE, { '@iot.id': linked }, sensor('sensor 4 ', 'Second Tempreture sensor')),
    ],
  });
  ids.things.push(thing2.id);
  ids.locations.push(firstId(await client.list(`Things(${thing2.id})/Locations`), 'the Locations of thing 2'));
  const streams2 = await client.list(`Things(${thing2.id})/Datastreams`);
  ids.datastreams.push(streams2[0]!['@iot.id'], streams2[1]!['@iot.id']);
  ids.sensors.push((await client.one(`Datastreams(${ids.datastreams[2]})/Sensor`))['@iot.id']);
  ids.observedProperties.push((await client.one(`Datastreams(${ids.datastreams[2]})/ObservedProperty`))['@iot.id']);
  ids.sensors.push((await client.one(`Datastreams(${ids.datastreams[3]})/Sensor`))['@iot.id']);

  // each Thing moves to the other's Location: a HistoricalLocation each (the ETS does not look at these answers)
  await client.patch(`Things(${thing1.id})`, { Locations: [{ '@iot.id': ids.locations[1] }] });
  await client.patch(`Things(${thing2.id})`, { Locations: [{ '@iot.id': ids.locations[0] }] });
  for (const thing of ids.things) {
    const history = await client.list(`Things(${thing})/HistoricalLocations`);
    expect(history.length, `HistoricalLocations of Things(${thing})`).toBeGreaterThanOrEqual(2);
    ids.historicalLocations.push(history[0]!['@iot.id'], history[1]!['@iot.id']);
  }

  // three Observations per Datastream, results 1…12 on 1…12 March 2015, under the Datastream
  for (const [i, stream] of ids.datastreams.entries()) {
    for (let k = 1; k <= 3; k++) {
      const n = i * 3 + k;
      const day = String(n).padStart(2, '0');
      const { id } = await client.create(`Datastreams(${stream})/Observations`, { phenomenonTime: `2015-03-${day}T00:00:00Z`, result: n }, true);
      ids.observations.push(id);
    }
  }
  ids.features.push((await client.one(`Observations(${ids.observations[0]})/FeatureOfInterest`))['@iot.id']);
  ids.features.push((await client.one(`Observations(${ids.observations[6]})/FeatureOfInterest`))['@iot.id']);
  return ids;
}

/** An ETS client on `ctx`'s app (reading as a visitor, writing as a new administrator), once the level-3 entities are created. */
export async function filteringService(ctx: TestAppContext): Promise<EtsClient> {
  const { browser: admin } = await signedInAs(ctx.app, ctx.database.db, 'admin');
  const client = new EtsClient(new Browser(ctx.app), admin);
  await createFilteringEntities(client);
  return client;
}
