/**
 * What the verification work adds up to (docs/verification.md §Figures): statistics and exports
 * for the back office, the day's headline and the open tasks on the map of /home and /stgz.
 */
import { Type } from 'typebox';
import { IsoDate } from '../common';
import { PublicTaskSchema, StatisticsSchema, VerificationSummarySchema } from '../verification-figures';
import { PUBLIC, defineEndpoints, signedIn } from './endpoint';
import { TASK_FILTERS } from './verification';

const tags = ['verification'] as const;
const FILTERS = Type.Object(TASK_FILTERS, { additionalProperties: false });
const STATISTICS_QUERY = Type.Object(
  {
    kind: TASK_FILTERS.kind,
    from: Type.Optional({ ...IsoDate, description: 'Detected on or after this day (YYYY-MM-DD, China Standard Time)' }),
    to: Type.Optional({ ...IsoDate, description: 'Detected on or before this day (YYYY-MM-DD, China Standard Time)' }),
    level: Type.Optional(
      Type.Union([Type.Literal('city'), Type.Literal('county')], {
        default: 'city',
        description:
          '`city` (default): a row per city; `county`: a row per division the tasks lie in (a county where county boundaries are loaded, else the city)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const verificationFiguresApi = defineEndpoints({
  getVerificationStatistics: {
    method: 'GET',
    path: '/api/verification/statistics',
    summary: 'Found, dispatched, fed back, closed and overdue tasks per kind and city (signed-in users)',
    description:
      "Within the user's organisation scope. `from`/`to` limit the detection date (China Standard Time, inclusive). Per kind one row per city (or, with `level=county`, per county or city the tasks lie in) with tasks, then the province's total (`610000`). `medianHoursToFeedback`: the median of the hours from dispatch to feedback of the tasks fed back.",
    tags,
    access: signedIn(),
    query: STATISTICS_QUERY,
    response: StatisticsSchema,
    errors: [],
  },
  exportVerificationStatisticsCsv: {
    method: 'GET',
    path: '/api/verification/statistics.csv',
    summary: 'The statistics as CSV, UTF-8 with BOM (signed-in users)',
    description:
      "The rows of `GET /api/verification/statistics` with the same query, kinds and cities named in the request's language; cells a spreadsheet would read as a formula start with `'`.",
    tags,
    access: signedIn(),
    query: STATISTICS_QUERY,
    raw: { mediaTypes: ['text/csv'], description: 'CSV (RFC 4180, CRLF), UTF-8 with a byte-order mark' },
    errors: [],
  },
  getVerificationSummary: {
    method: 'GET',
    path: '/api/verification/summary',
    summary: "The day's figures of each kind, e.g. 今日卫星热点 N 个，已反馈 M 个，超期 K 个 (everyone)",
    description:
      'Today is the calendar day in China Standard Time; a task counts on the day the portal received it (imported or raised), whatever its detection time. `open` and `overdue` count every task not closed, whenever received.',
    tags,
    access: PUBLIC,
    response: VerificationSummarySchema,
    errors: [],
  },
  listPublicTasks: {
    method: 'GET',
    path: '/api/verification/public-tasks',
    summary: 'Open tasks for the map of /home and /stgz, positions generalised (everyone)',
    description:
      'Tasks not yet closed, newest detection first, at most 500. Positions are rounded to 2 decimal places (about 1 km), and to 1 (about 10 km) for camera-trap and patrol tasks, which may show where protected species or rangers are (docs/verification.md §Public figures).',
    tags,
    access: PUBLIC,
    response: Type.Array(PublicTaskSchema),
    errors: [],
  },
  exportVerificationTasksCsv: {
    method: 'GET',
    path: '/api/verification/tasks.csv',
    summary: 'The task list as CSV, UTF-8 with BOM (signed-in users)',
    description:
      "The filters of `GET /api/verification/tasks`; every matching task in the user's scope (at most 50 000), newest detection first. Column headers follow Accept-Language; cells a spreadsheet would read as a formula start with `'`.",
    tags,
    access: signedIn(),
    query: FILTERS,
    raw: { mediaTypes: ['text/csv'], description: 'CSV (RFC 4180, CRLF), UTF-8 with a byte-order mark' },
    errors: [],
  },
  exportVerificationTasksGeoJson: {
    method: 'GET',
    path: '/api/verification/tasks.geojson',
    summary: 'The task list as a GeoJSON FeatureCollection (signed-in users)',
    description:
      "The filters of `GET /api/verification/tasks`; every matching task in the user's scope (at most 50 000) as a Feature with the task's geometry (WGS-84, RFC 7946) and its fields as properties.",
    tags,
    access: signedIn(),
    query: FILTERS,
    raw: { mediaTypes: ['application/geo+json'], description: 'A GeoJSON FeatureCollection (RFC 7946)' },
    errors: [],
  },
});
