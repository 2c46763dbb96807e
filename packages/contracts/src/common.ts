/** Schema pieces shared by several DTOs. */
import { Type } from 'typebox';

/** ISO 8601 time with offset, e.g. `2023-01-21T23:00:00+08:00` (the server writes +08:00). */
export const IsoTime = Type.String({ format: 'date-time', description: 'ISO 8601 with offset' });
/** Calendar date `YYYY-MM-DD`. */
export const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
