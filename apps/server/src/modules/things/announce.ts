/**
 * Tells the MQTT broker (sensorthings/mqtt/publish.ts, through the sensing bus) what the
 * registry's screens changed, after commit, in SensorThings terms (docs/sensorthings.md §MQTT):
 * a Thing created or updated, the Location, its FeatureOfInterest (made by migration 0010's
 * trigger) and the HistoricalLocation a registration or a move made, a Datastream added. Nothing is read while nobody listens.
 */
import { desc, eq } from 'drizzle-orm';
import type { UpdateThing } from '@eco/contracts/sensing';
import type { Db } from '../../db/client';
import { featuresOfInterest, historicalLocations, locations } from '../../db/schema';
import type { SensingBus } from '../sensing/events';

interface Place {
  location?: number;
  feature?: number;
  historical?: number;
}

/** The Thing's current Location with its FeatureOfInterest, and its newest HistoricalLocation (ids), if any. */
async function placeOf(db: Db, thingId: number): Promise<Place> {
  const [location] = await db
    .select({ id: locations.id, feature: featuresOfInterest.id })
    .from(locations)
    .leftJoin(featuresOfInterest, eq(featuresOfInterest.locationId, locations.id))
    .where(eq(locations.thingId, thingId));
  const [historical] = await db
    .select({ id: historicalLocations.id })
    .from(historicalLocations)
    .where(eq(historicalLocations.thingId, thingId))
    .orderBy(desc(historicalLocations.time), desc(historicalLocations.id))
    .limit(1);
  return { location: location?.id, feature: location?.feature ?? undefined, historical: historical?.id };
}

function announcePlace(bus: SensingBus, place: Place): void {
  if (place.location !== undefined) bus.publish({ type: 'entities-changed', data: { set: 'Locations', ids: [place.location], change: 'created' } });
  if (place.feature !== undefined) bus.publish({ type: 'entities-changed', data: { set: 'FeaturesOfInterest', ids: [place.feature], change: 'created' } });
  if (place.historical !== undefined)
    bus.publish({ type: 'entities-changed', data: { set: 'HistoricalLocations', ids: [place.historical], change: 'created' } });
}

const listening = (bus: SensingBus) => bus.listenerCount('entities-changed') > 0;

/** After a Thing was registered: the Thing, its Location and HistoricalLocation. */
export async function announceThingCreated(db: Db, bus: SensingBus, thingId: number): Promise<void> {
  if (!listening(bus)) return;
  bus.publish({ type: 'entities-changed', data: { set: 'Things', ids: [thingId], change: 'created' } });
  announcePlace(bus, await placeOf(db, thingId));
}

/**
 * Around a Thing's update: call before it with the Thing's id, and the function returned after
 * it with the body applied — the Thing's changed properties (`name`; the portal's own fields ride
 * in `properties`), and the new Location and HistoricalLocation when it moved.
 */
export async function announceThingUpdate(db: Db, bus: SensingBus, thingId: number): Promise<(input: UpdateThing) => Promise<void>> {
  if (!listening(bus)) return async () => {};
  const before = await placeOf(db, thingId);
  return async (input) => {
    // the portal's own fields (code, kind, status, organisation) ride in the Thing's `properties`
    const changed = [
      ...new Set(Object.keys(input).flatMap((key): string[] => (key === 'name' ? ['name'] : key === 'longitude' || key === 'latitude' ? [] : ['properties']))),
    ];
    if (changed.length > 0) bus.publish({ type: 'entities-changed', data: { set: 'Things', ids: [thingId], change: 'updated', properties: changed } });
    const after = await placeOf(db, thingId);
    if (after.location !== before.location) announcePlace(bus, after);
  };
}

/** After a Datastream was added to a Thing. */
export function announceDatastreamCreated(bus: SensingBus, datastreamId: number): void {
  if (listening(bus)) bus.publish({ type: 'entities-changed', data: { set: 'Datastreams', ids: [datastreamId], change: 'created' } });
}
