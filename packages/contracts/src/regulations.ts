/** Technical regulations (技术规范): the standards devices and systems must follow. */
import { Type, type Static } from 'typebox';
import { IsoDate } from './common';
import { DocumentSchema } from './documents';
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
    /** the date an editor retired it without a replacement (废止 from that date), or null */
    abolishedOn: NullableDate,
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
    /** attached documents (the standard's text, forms …) to preview and download */
    documents: Type.Array(DocumentSchema),
  },
  { $id: 'RegulationDetail' },
);
export type RegulationDetail = Static<typeof RegulationDetailSchema>;

/** The longest title, issuer or category, characters. */
export const REGULATION_TEXT_MAX = 200;

/** What an editor writes: `POST /api/technical-regulations` (all fields), `PATCH …/:id` (any of them). */
export interface RegulationInput {
  /** in one of the usual forms (`regulation-code.ts`), unique */
  code: string;
  title: string;
  category: string;
  issuer: string;
  issuedOn: string | null;
  effectiveOn: string | null;
  /** the code of the regulation it replaces (in the usual forms), or null */
  replacesCode: string | null;
  /** retire it without a replacement from this date (废止), or null */
  abolishedOn: string | null;
}
