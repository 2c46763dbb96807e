/**
 * `POST /api/tools/aqi`: the AQI of HJ 633-2012 for one record keyed by the bundled data's column
 * names. Concentrations are µg/m³, `co` and `co_24h` mg/m³. `mode`: `hourly` (实时报, default) or
 * `daily` (日报); see apps/server/src/modules/aqi/hj633.ts for which fields each mode reads.
 */
import { Type, type Static } from 'typebox';
import { AIR_QUALITY_PROPERTIES, AIR_QUALITY_PROPERTY_CODES } from './air-quality';

/** The pollutant columns (every air-quality column but the published `aqi`). */
export const AQI_INPUT_FIELDS = AIR_QUALITY_PROPERTY_CODES.filter((c) => c !== 'aqi');
export type AqiInputField = (typeof AQI_INPUT_FIELDS)[number];

/** The largest concentration accepted (well above every breakpoint table's top; µg/m³ or mg/m³). */
export const AQI_INPUT_MAX = 100_000;

/** A concentration of `field` in its unit, 0 to {@link AQI_INPUT_MAX}; null = not measured. */
function concentration(field: AqiInputField) {
  const property = AIR_QUALITY_PROPERTIES.find((p) => p.code === field);
  const description = property ? `${property.description}, ${property.unit}; null or absent = not measured` : undefined;
  return Type.Union([Type.Number({ minimum: 0, maximum: AQI_INPUT_MAX }), Type.Null()], description ? { description } : {});
}
type Concentration = ReturnType<typeof concentration>;

const ModeSchema = Type.Union([Type.Literal('hourly'), Type.Literal('daily')], {
  default: 'hourly',
  description: 'hourly 实时报 (default: the 1-hour means), daily 日报 (the 24-hour means and the day’s O₃ maxima); fields the mode does not read are ignored',
});
const fieldSchemas = Object.fromEntries(AQI_INPUT_FIELDS.map((f) => [f, Type.Optional(concentration(f))])) as Record<
  AqiInputField,
  Type.TOptional<Concentration>
>;

/** `POST /api/tools/aqi`: the mode and one record keyed by the bundled data's column names. Unknown names are refused (docs/api.md §Input). */
export const AqiRequestSchema = Type.Object({ mode: Type.Optional(ModeSchema), ...fieldSchemas }, { additionalProperties: false });
export type AqiRequest = { mode?: 'hourly' | 'daily' } & Partial<Record<AqiInputField, number | null>>;

/** The answer of `POST /api/tools/aqi` (HJ 633-2012). */
export const AqiResultSchema = Type.Object({
  /** null when no field the mode reads has a value */
  aqi: Type.Union([Type.Integer(), Type.Null()]),
  /** IAQI per field indexed (whole numbers, rounded up as the network publishes them) */
  iaqi: Type.Record(Type.String(), Type.Integer()),
  /** the fields with the largest IAQI when AQI > 50 (HJ 633-2012 clause 4.3) */
  primaryPollutants: Type.Array(Type.String()),
  /** 1–6 (表2) */
  level: Type.Union([Type.Integer({ minimum: 1, maximum: 6 }), Type.Null()]),
  category: Type.Union([Type.Object({ zh: Type.String(), en: Type.String() }), Type.Null()]),
});
export type AqiResultDto = Static<typeof AqiResultSchema>;
