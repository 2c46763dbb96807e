/** Technical regulations (技术规范): the standards devices and systems must follow. */
import { Type, type Static } from 'typebox';
import { IsoDate } from './common';
import { DocumentSchema } from './documents';
import { REGULATION_CODE_PATTERN } from './regulation-code';
import { REGULATION_STATUSES } from './regulation-status';
import { OneLine } from './text';

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

const CODE_FORMS = 'In one of the usual forms: GB/T 28181-2022, LY/T 2581-2016, HJ 633-2012, DB61/T 1234-2019 (prefix, one space, number, year)';
/** A standard code in one of the usual forms (regulation-code.ts). */
const Code = Type.String({ pattern: REGULATION_CODE_PATTERN.source, description: CODE_FORMS });
const Text = (description: string) =>
  OneLine({ maxLength: REGULATION_TEXT_MAX, required: true, description: `${description}, 1–${REGULATION_TEXT_MAX} characters, one line` });
const NullableInputDate = (description: string) => Type.Union([IsoDate, Type.Null()], { description });

/**
 * What an editor writes: `POST /api/technical-regulations` (every field) and
 * `PATCH /api/technical-regulations/{id}` ({@link RegulationPatchSchema}: any of them). Status is
 * never written: it follows from the dates and replacements (regulation-status.ts). Strings are
 * trimmed by the server before they are checked (docs/api.md §Text).
 */
export const RegulationInputSchema = Type.Object(
  {
    code: Type.String({ pattern: REGULATION_CODE_PATTERN.source, description: `${CODE_FORMS}; unique in the library` }),
    title: Text('The title'),
    category: Text('The category, e.g. 森林防火'),
    issuer: Text('The issuing body'),
    issuedOn: NullableInputDate('Issue date YYYY-MM-DD, or null when not known'),
    effectiveOn: NullableInputDate('Effective date YYYY-MM-DD (not before the issue date), or null when not known'),
    replacesCode: Type.Union([Code, Type.Null()], { description: 'The code of the regulation it replaces (in the library or not), or null' }),
    abolishedOn: NullableInputDate('Retired without replacement from this date (废止), or null'),
  },
  { additionalProperties: false },
);
export type RegulationInput = Static<typeof RegulationInputSchema>;

/** `PATCH /api/technical-regulations/{id}`: any of the fields of {@link RegulationInputSchema}; the others stay. */
export const RegulationPatchSchema = Type.Partial(RegulationInputSchema, { additionalProperties: false });
export type RegulationPatch = Static<typeof RegulationPatchSchema>;
