/** The bundled organisations (one per division, loaded with the bundled data) as tests find them. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';

/** The id of the organisation of division `divisionCode` (e.g. `6101` 西安市); throws when there is none. */
export async function organisationIdOf(db: Db, divisionCode: string): Promise<number> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.divisionCode, divisionCode));
  if (!row) throw new Error(`no organisation for division ${divisionCode}`);
  return row.id;
}
