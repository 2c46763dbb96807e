/**
 * Status of a technical regulation, derived and never stored: `repealed` (废止) once a regulation
 * replacing it is in effect, or from the date an editor retired it (`abolishedOn`); `upcoming` (即将实施) before its effective date; `current` (现行)
 * otherwise, including when the library does not know its dates.
 */
export const REGULATION_STATUSES = ['current', 'upcoming', 'repealed'] as const;
export type RegulationStatus = (typeof REGULATION_STATUSES)[number];
