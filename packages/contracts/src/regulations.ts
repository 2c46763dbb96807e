/** Technical regulations (技术规范): the standards devices and systems must follow. */
import { Type, type Static } from 'typebox';
import { IsoDate } from './common';
import { REGULATION_STATUSES } from './regulation-status';

export type { RegulationStatus } from './regulation-status';

const NullableDate = Type.Union([IsoDate, Type.Null()]);

export const RegulationSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String({ description: 'e.g. LY/T 2581-2016' }),
    title: Type.String(),
    issuer: Type.String(),
    category: Type.String(),
    issuedOn: NullableDate,
    effectiveOn: NullableDate,
    status: Type.Enum(REGULATION_STATUSES),
    /** the code this regulation replaces, whether or not it is in the library */
    replacesCode: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Regulation' },
);
export type Regulation = Static<typeof RegulationSchema>;

const RegulationRef = Type.Object({ id: Type.Integer(), code: Type.String(), title: Type.String(), effectiveOn: NullableDate });
export type RegulationRef = Static<typeof RegulationRef>;

export const RegulationDetailSchema = Type.Object(
  {
    ...RegulationSchema.properties,
    /** the replaced regulation when the library has it */
    replaces: Type.Union([RegulationRef, Type.Null()]),
    /** regulations that replace this one */
    replacedBy: Type.Array(RegulationRef),
  },
  { $id: 'RegulationDetail' },
);
export type RegulationDetail = Static<typeof RegulationDetailSchema>;
