/**
 * Where a Thing is (OGC 18-088 §8.2.2–8.2.3): its current Location, and a HistoricalLocation for
 * every arrival. A Thing that moves gets a new Location (with its FeatureOfInterest, made by the
 * trigger of migration 0010) and its old Location keeps no Thing, so the HistoricalLocations
 * still say where it was (docs/sensorthings.md §Model).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datastreams, featuresOfInterest, historicalLocations, locations, observations } from '../../db/schema';

/** A point a Thing is placed at: WGS-84 degrees, with the city (and county) it falls in. */
export interface Place {
  longitude: number;
  latitude: number;
  cityCode: string | null;
  countyCode?: string | null;
  /** the Location's name; default the Thing's */
  name?: string;
}

/**
 * Makes `place` the current Location of Thing `thingId` from `time` on, inside the caller's
 * transaction `tx`. Nothing changes when the Thing is already at that very point. Otherwise its
 * Observations that name no FeatureOfInterest are pinned to the old Location's (they were made
 * there), the old Location is released, and a new Location and a HistoricalLocation are stored.
 * Returns the current Location's id.
 */
export async function placeThing(tx: Db, thingId: number, thingName: string, place: Place, time: Date): Promise<number> {
  const [current] = await tx.select().from(locations).where(eq(locations.thingId, thingId)).for('update');
  if (current && current.geometry === null && current.longitude === place.longitude && current.latitude === place.latitude) return current.id;
  if (current) {
    const [feature] = await tx.select({ id: featuresOfInterest.id }).from(featuresOfInterest).where(eq(featuresOfInterest.locationId, current.id));
    if (feature) {
      await tx
        .update(observations)
        .set({ featureOfInterestId: feature.id })
        .where(
          and(
            isNull(observations.featureOfInterestId),
            inArray(observations.datastreamId, tx.select({ id: datastreams.id }).from(datastreams).where(eq(datastreams.thingId, thingId))),
          ),
        );
    }
    await tx.update(locations).set({ thingId: null }).where(eq(locations.id, current.id));
  }
  const [location] = await tx
    .insert(locations)
    .values({
      thingId,
      name: place.name ?? thingName,
      longitude: place.longitude,
      latitude: place.latitude,
      cityCode: place.cityCode,
      countyCode: place.countyCode ?? null,
    })
    .returning({ id: locations.id });
  await tx.insert(historicalLocations).values({ thingId, locationId: location!.id, time });
  return location!.id;
}

/** `sql` fragment: the id of the FeatureOfInterest made from the current Location of the Thing whose id is `thingId`. */
export function currentFeatureOfInterest(thingId: ReturnType<typeof sql>) {
  return sql`(select f.id from ${featuresOfInterest} f join ${locations} l on l.id = f.location_id where l.thing_id = ${thingId})`;
}
