/**
 * `POST /api/tools/aqi`: the AQI of HJ 633-2012 for one record keyed by the bundled data's column
 * names. Concentrations are µg/m³, `co` and `co_24h` mg/m³. `mode`: `hourly` (实时报, default) or
 * `daily` (日报); see apps/server/src/modules/aqi/hj633.ts for which fields each mode reads.
 */
import { Type, type Static } from 'typebox';
import { AIR_QUALITY_PROPERTY_CODES } from './air-quality';

/** The pollutant columns (every air-quality column but the published `aqi`). */
export const AQI_INPUT_FIELDS = AIR_QUALITY_PROPERTY_CODES.filter((c) => c !== 'aqi');
export type AqiInputField = (typeof AQI_INPUT_FIELDS)[number];

/** The largest concentration accepted (well above every breakpoint table's top; µg/m³ or mg/m³). */
export const AQI_INPUT_MAX = 100_000;

const Concentration = Type.Union([Type.Number({ minimum: 0, maximum: AQI_INPUT_MAX }), Type.Null()]);

const ModeSchema = Type.Union([Type.Literal('hourly'), Type.Literal('daily')], { default: 'hourly' });
const fieldSchemas = Object.fromEntries(AQI_INPUT_FIELDS.map((f) => [f, Type.Optional(Concentration)])) as Record<
  AqiInputField,
  Type.TOptional<typeof Concentration>
>;
export const AqiRequestSchema = Type.Object({ mode: Type.Optional(ModeSchema), ...fieldSchemas }, { additionalProperties: false });
export type AqiRequest = { mode?: 'hourly' | 'daily' } & Partial<Record<AqiInputField, number | null>>;

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
