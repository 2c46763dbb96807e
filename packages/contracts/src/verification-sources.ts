/**
 * Where verification tasks come from besides FIRMS hotspots (docs/verification.md §County
 * boundaries, §Change patches, §Camera alarms): the county boundaries an administrator uploads
 * (tasks then belong to counties), remote-sensing change patches (遥感变化图斑) imported from a
 * GeoJSON file, and smoke or fire alarms of video cameras.
 */
import { type Static, Type } from 'typebox';
import { IsoTime } from './common';

/** The largest GeoJSON file accepted (bytes): county boundaries of a province at survey detail, or a year of change patches. */
export const GEOJSON_MAX_BYTES = 64 * 1024 * 1024;

/** The properties tried, in this order, for a feature's county code when the upload names none. */
export const COUNTY_CODE_PROPERTIES = ['code', 'adcode', 'county_code', 'division_code'] as const;

/** A property name of a GeoJSON feature as a form field names it: 1–100 characters, not only spaces. */
const propertyName = (description: string) => Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description });

/** One loaded county boundary (its geometry is not answered). */
export const CountyBoundarySchema = Type.Object({
  /** 6-digit code (GB/T 2260), e.g. `610881` */
  code: Type.String(),
  name: Type.String(),
  /** the county's city, 6-digit */
  cityCode: Type.String(),
  cityName: Type.String(),
  /** tasks of every status lying in the county now */
  tasks: Type.Integer({ minimum: 0 }),
  uploadedAt: IsoTime,
  /** the administrator's account; null when the account is gone */
  uploadedBy: Type.Union([Type.String(), Type.Null()]),
});
export type CountyBoundary = Static<typeof CountyBoundarySchema>;

export const CountyBoundariesSchema = Type.Object({
  /** the loaded ones, by code */
  items: Type.Array(CountyBoundarySchema),
  /** how many are loaded */
  loaded: Type.Integer({ minimum: 0 }),
  /** how many county-level divisions the province has (data/shaanxi-divisions.json: 107) */
  counties: Type.Integer({ minimum: 0 }),
});
export type CountyBoundaries = Static<typeof CountyBoundariesSchema>;

/** The answer to an upload: what is loaded now, and how many pending tasks moved. */
export const CountyBoundariesReplacedSchema = Type.Object({
  ...CountyBoundariesSchema.properties,
  /** pending (待下发) tasks whose division or organisation changed */
  relocated: Type.Integer({ minimum: 0 }),
});
export type CountyBoundariesReplaced = Static<typeof CountyBoundariesReplacedSchema>;

export const CountyBoundariesRemovedSchema = Type.Object({
  /** boundaries removed */
  removed: Type.Integer({ minimum: 0 }),
  /** pending (待下发) tasks that went back to their city */
  relocated: Type.Integer({ minimum: 0 }),
});
export type CountyBoundariesRemoved = Static<typeof CountyBoundariesRemovedSchema>;

/** The text part sent with a county boundary file. */
export const CountyUploadFieldsSchema = Type.Object({
  codeProperty: Type.Optional(
    propertyName(
      `The property holding each feature's 6-digit county code; default: the first of ${COUNTY_CODE_PROPERTIES.map((p) => `\`${p}\``).join(', ')} a feature has`,
    ),
  ),
});

/** What a change-patch mapping names: the property of the features for each value the portal reads. */
export const PATCH_MAPPING_KEYS = ['patchNumber', 'area', 'beforeDate', 'afterDate', 'change'] as const;
export type PatchMappingKey = (typeof PATCH_MAPPING_KEYS)[number];

/**
 * Which property of the features holds each value (sent as the JSON text of the form field
 * `mapping`). Only `patchNumber` is required; it is the patch's identity (图斑编号).
 */
export const PatchMappingSchema = Type.Object(
  {
    patchNumber: propertyName("图斑编号: the patch's number, its identity (a number imported again is a duplicate)"),
    area: Type.Optional(propertyName('面积: the area in hectares')),
    beforeDate: Type.Optional(propertyName('前时相: the date of the earlier image')),
    afterDate: Type.Optional(propertyName('后时相: the date of the later image')),
    change: Type.Optional(propertyName('变化类型 / 判读结果: the change as interpreted')),
  },
  { additionalProperties: false },
);
export type PatchMapping = Static<typeof PatchMappingSchema>;

/** The text part sent with a change-patch file. */
export const ChangePatchUploadFieldsSchema = Type.Object({
  mapping: Type.String({
    description:
      'JSON text: `{"patchNumber": "<property>", "area": "<property>", "beforeDate": "<property>", "afterDate": "<property>", "change": "<property>"}`, only `patchNumber` required, each naming a property of the features',
    examples: ['{"patchNumber":"TBBH","area":"MJ","beforeDate":"QSX","afterDate":"HSX","change":"BHLX"}'],
  }),
});

/** The ObservedProperty of a video camera's smoke and fire alarm (modules/sensing/defaults.ts): 1 = smoke or fire seen, 0 = clear. */
export const SMOKE_FIRE_ALARM_PROPERTY = 'smoke_fire_alarm';
