/**
 * A Thing with one NO₂ Datastream on an otherwise empty test database (createTestDatabase), for
 * tests of the observations table itself (the hourly roll-up, the monthly partitions).
 */
import type { Db } from '../db/client';
import { datastreams, observedProperties, things } from '../db/schema';

/** Creates the `no2` ObservedProperty, Thing `code` named `name` and its Datastream; the Datastream's id. */
export async function oneDatastream(db: Db, code: string, name: string): Promise<number> {
  await db.insert(observedProperties).values({ code: 'no2', nameZh: '二氧化氮', nameEn: 'NO₂', unit: 'µg/m³', description: '' });
  const [thing] = await db.insert(things).values({ code, kind: 'sensor_mast', name }).returning({ id: things.id });
  const [row] = await db.insert(datastreams).values({ thingId: thing!.id, observedPropertyCode: 'no2' }).returning({ id: datastreams.id });
  return row!.id;
}
