/**
 * Importing a NASA FIRMS active-fire CSV as hotspot tasks (docs/verification.md §FIRMS import):
 * every readable detection inside the province becomes a task of the division it lies in and of
 * that division's organisation, unless the same detection is already a task (a duplicate, also
 * within the file). One transaction: the tasks, their `import` steps (and `dispatch` steps when
 * the kind dispatches automatically) and one audit row `verification.import` with the counts
 * (task-import.ts).
 */
import type { ImportResult } from '@eco/contracts/verification';
import type { UserActing } from '../../auth/acting';
import { scopeOf } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';
import { assertPlays } from './access';
import { readFirmsCsv } from './firms';
import { DivisionLocator } from './locate';
import { importRows, type SourceRow } from './task-import';

const KIND = 'hotspot';

/**
 * Imports `text` (a FIRMS CSV) as `acting.user`, who must be province-level (403 FORBIDDEN);
 * a file without the FIRMS columns is 400 FIRMS_CSV_INVALID. `file` names it in the audit row.
 */
export async function importHotspots(db: Db, now: Date, acting: UserActing, text: string, file: string): Promise<ImportResult> {
  assertPlays(acting.user, await scopeOf(db, acting.user), 'province', null);
  const locator = await DivisionLocator.load(db);
  const rows = readFirmsCsv(text).map((row): SourceRow => {
    if ('reason' in row) return row;
    const d = row.detection;
    const place = locator.locate(d.longitude, d.latitude);
    if (!place) return { line: row.line, outside: true };
    return {
      line: row.line,
      task: {
        source: `FIRMS ${d.instrument}`,
        sourceId: d.sourceId,
        geometry: { type: 'Point', coordinates: [d.longitude, d.latitude] },
        longitude: d.longitude,
        latitude: d.latitude,
        detectedAt: d.detectedAt,
        place,
        properties: { ...d.properties, satellite: d.satellite, instrument: d.instrument },
      },
    };
  });
  return importRows(db, now, acting, { kind: KIND, file, rows, repeats: (line) => `the same detection as line ${line}` });
}
