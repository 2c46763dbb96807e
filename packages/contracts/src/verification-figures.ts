/**
 * What the verification work adds up to (docs/verification.md §Figures): statistics per kind and
 * city for the back office, the day's headline and the open tasks for /home and /stgz.
 */
import { type Static, Type } from 'typebox';
import { IsoDate, IsoTime } from './common';

const Count = Type.Integer({ minimum: 0 });

export const StatisticsRowSchema = Type.Object({
  kind: Type.String(),
  /** 6-digit code of the city (or county, with `level=county`), or `610000` for the province's total */
  divisionCode: Type.String(),
  divisionName: Type.String(),
  /** tasks detected in the period */
  found: Count,
  /** of those, dispatched (下发) at some time */
  dispatched: Count,
  /** of those, fed back (反馈), closed ones included */
  fedBack: Count,
  closed: Count,
  /** dispatched or being verified, past the deadline, now */
  overdue: Count,
  /** median hours from dispatch to feedback of those fed back; null when none is */
  medianHoursToFeedback: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
});
export type StatisticsRow = Static<typeof StatisticsRowSchema>;

export const StatisticsSchema = Type.Object({
  /** the period, dates in China Standard Time (inclusive); null: open-ended */
  from: Type.Union([IsoDate, Type.Null()]),
  to: Type.Union([IsoDate, Type.Null()]),
  /** per kind: one row per city with tasks, then the province's total (`610000`) */
  rows: Type.Array(StatisticsRowSchema),
});
export type Statistics = Static<typeof StatisticsSchema>;

export const KindSummarySchema = Type.Object({
  kind: Type.String(),
  zh: Type.String(),
  en: Type.String(),
  /** tasks received today (China Standard Time) */
  today: Count,
  /** of today's, fed back or closed */
  todayFedBack: Count,
  /** of today's, overdue now */
  todayOverdue: Count,
  /** not closed, whenever received */
  open: Count,
  /** overdue now, whenever received */
  overdue: Count,
});
export type KindSummary = Static<typeof KindSummarySchema>;

export const VerificationSummarySchema = Type.Object({
  /** today in China Standard Time, `YYYY-MM-DD` */
  date: IsoDate,
  /** when the figures were computed */
  at: IsoTime,
  kinds: Type.Array(KindSummarySchema),
});
export type VerificationSummary = Static<typeof VerificationSummarySchema>;

/** An open task as the public sees it: no id of its source, its position generalised (docs/verification.md §Public figures). */
export const PublicTaskSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  status: Type.String(),
  /** WGS-84 degrees, rounded to `precision` decimal places */
  longitude: Type.Number(),
  latitude: Type.Number(),
  /** decimal places kept: 2 (about 1 km) or 1 (about 10 km, where positions are sensitive) */
  precision: Type.Integer({ minimum: 0, maximum: 6 }),
  detectedAt: IsoTime,
  cityName: Type.String(),
  overdue: Type.Boolean(),
});
export type PublicTask = Static<typeof PublicTaskSchema>;
