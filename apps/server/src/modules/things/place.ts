/**
 * Where a Thing is (OGC 18-088 §8.2.2–8.2.3): its current Location, and a HistoricalLocation for
 * every arrival. A Thing that moves gets a new Location (with its FeatureOfInterest, made by the
 * trigger of migration 0010) and its old Location keeps no Thing, so the HistoricalLocations
 * still say where it was (docs/sensorthings.md §Model).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Geometry } from 'geojson';
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
  description?: string;
  encodingType?: string;
  /** the GeoJSON geometry when it is more than the point (the point then stands for it) */
  geometry?: Geometry | null;
  properties?: Record<string, unknown> | null;
}

/**
 * Releases Thing `thingId`'s current Location, if any, inside `tx`: its Observations that name no
 * FeatureOfInterest are pinned to that Location's (they were made there) and the Location keeps
 * no Thing.
 */
async function release(tx: Db, thingId: number): Promise<void> {
  const [current] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.thingId, thingId)).for('update');
  if (!current) return;
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

/**
 * Makes `place` the current Location of Thing `thingId` from `time` on, inside the caller's
 * transaction `tx`. Nothing changes when the Thing is already at that very point. Otherwise the
 * old Location is released (see `release`) and a new Location and a HistoricalLocation are
 * stored. Returns the current Location's id.
 */
export async function placeThing(tx: Db, thingId: number, thingName: string, place: Place, time: Date): Promise<number> {
  const [current] = await tx.select().from(locations).where(eq(locations.thingId, thingId)).for('update');
  if (current && !place.geometry && current.geometry === null && current.longitude === place.longitude && current.latitude === place.latitude)
    return current.id;
  await release(tx, thingId);
  const [location] = await tx
    .insert(locations)
    .values({
      thingId,
      name: place.name ?? thingName,
      description: place.description ?? '',
      ...(place.encodingType && { encodingType: place.encodingType }),
      geometry: place.geometry ?? null,
      properties: place.properties ?? null,
      longitude: place.longitude,
      latitude: place.latitude,
      cityCode: place.cityCode,
      countyCode: place.countyCode ?? null,
    })
    .returning({ id: locations.id });
  await tx.insert(historicalLocations).values({ thingId, locationId: location!.id, time });
  return location!.id;
}

/**
 * Makes the existing Location `locationId` the current Location of Thing `thingId` from `time` on,
 * inside `tx`, with a HistoricalLocation. A Location locates one Thing: when it is another Thing's
 * current Location, that Thing is released from it first (`release`: it keeps the Location in its
 * HistoricalLocations and has no current Location); the caller checked it may change that Thing.
 */
export async function moveThingTo(tx: Db, thingId: number, locationId: number, time: Date): Promise<void> {
  const [target] = await tx.select({ thingId: locations.thingId }).from(locations).where(eq(locations.id, locationId)).for('update');
  if (target?.thingId != null && target.thingId !== thingId) await release(tx, target.thingId);
  await release(tx, thingId);
  await tx.update(locations).set({ thingId }).where(eq(locations.id, locationId));
  await tx.insert(historicalLocations).values({ thingId, locationId, time });
}
