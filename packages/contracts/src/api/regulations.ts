/**
 * Technical regulations (技术规范), docs/product.md §Screens (技术规范): the library and its
 * documents for everyone; adding, changing, retiring and attaching documents for editors and
 * administrators. Status is derived from the province's date today (UTC+08:00) and from
 * replacements, never written (regulation-status.ts).
 */
import { Type } from 'typebox';
import { ById, Id, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import { REGULATION_STATUSES } from '../regulation-status';
import { REGULATION_TEXT_MAX, RegulationDetailSchema, RegulationInputSchema, RegulationPatchSchema, RegulationSchema } from '../regulations';
import { Keyword, OneLine } from '../text';
import { DOCUMENT_KINDS, mimeTypesOf } from '../file-kinds';
import { defineEndpoints, PUBLIC, signedIn } from './endpoint';

const tags = ['technical regulations'] as const;
const editors = signedIn('admin', 'editor');

const ByDocument = Type.Object({ id: Id, documentId: Id });

const RULES =
  'The code must be in one of the usual forms and unique (409 `REGULATION_CODE_TAKEN`); a regulation cannot replace itself (`REGULATION_REPLACES_ITSELF`); the effective date cannot be before the issue date (`REGULATION_DATES_INVALID`). Every change is audited.';

export const regulationsApi = defineEndpoints({
  listRegulations: {
    method: 'GET',
    path: '/api/technical-regulations',
    summary: 'Search and filter the library, newest issued first',
    description:
      'For everyone. `keyword` matches a substring of the title, or of the code ignoring spaces, ignoring case (two-character Chinese words work). `status` is derived from the province’s date today (UTC+08:00). Newest issue date first, unknown dates last, then by code; pages of at most 100.',
    tags,
    access: PUBLIC,
    query: Type.Object(
      {
        keyword: Type.Optional({ ...Keyword, description: 'Substring of the title, or of the code ignoring spaces; ignoring case' }),
        category: Type.Optional(
          OneLine({ maxLength: REGULATION_TEXT_MAX, description: 'Exact category (one of `GET /api/technical-regulations/categories`)' }),
        ),
        status: Type.Optional(Type.Enum(REGULATION_STATUSES, { description: 'current 现行, upcoming 即将实施, repealed 废止' })),
        ...paging(100, 10),
      },
      { additionalProperties: false },
    ),
    response: PageOf(RegulationSchema),
    errors: [],
  },
  listRegulationCategories: {
    method: 'GET',
    path: '/api/technical-regulations/categories',
    summary: 'The categories in use, most regulations first',
    description: 'For everyone: the values `category` of `GET /api/technical-regulations` can filter by.',
    tags,
    access: PUBLIC,
    response: Type.Array(Type.String()),
    errors: [],
  },
  getRegulation: {
    method: 'GET',
    path: '/api/technical-regulations/{id}',
    summary: 'One regulation with its replacement links and documents',
    description:
      'For everyone: the regulation, the one it replaces when the library has it, those that replace it, and its documents (each with the `url` it downloads from).',
    tags,
    access: PUBLIC,
    params: ById,
    response: RegulationDetailSchema,
    errors: ['REGULATION_NOT_FOUND'],
  },
  downloadRegulationDocument: {
    method: 'GET',
    path: '/api/technical-regulations/{id}/documents/{documentId}',
    summary: 'Download a document with its original name',
    description: 'For everyone. `disposition=inline` previews a PDF or an image in the page (only this site may frame it); otherwise it downloads.',
    tags,
    access: PUBLIC,
    params: ByDocument,
    query: Type.Object({ disposition: Type.Optional(Type.Enum(['attachment', 'inline'])) }, { additionalProperties: false }),
    raw: { mediaTypes: mimeTypesOf(DOCUMENT_KINDS), description: 'The file as uploaded, with `Content-Disposition` carrying its original name' },
    errors: ['DOCUMENT_NOT_FOUND'],
  },
  createRegulation: {
    method: 'POST',
    path: '/api/technical-regulations',
    summary: 'Add a regulation (editors)',
    description: `Every field is required (dates and \`replacesCode\` may be null). ${RULES}`,
    tags,
    access: editors,
    body: RegulationInputSchema,
    response: RegulationDetailSchema,
    status: 201,
    errors: ['REGULATION_CODE_TAKEN', 'REGULATION_REPLACES_ITSELF', 'REGULATION_DATES_INVALID'],
  },
  updateRegulation: {
    method: 'PATCH',
    path: '/api/technical-regulations/{id}',
    summary: 'Change a regulation; `abolishedOn` retires it (editors)',
    description: `Any of the fields of \`POST /api/technical-regulations\`; the others stay. An \`abolishedOn\` date retires it without replacement from that date (废止); null reinstates it. ${RULES}`,
    tags,
    access: editors,
    params: ById,
    body: RegulationPatchSchema,
    response: RegulationDetailSchema,
    errors: ['REGULATION_NOT_FOUND', 'REGULATION_CODE_TAKEN', 'REGULATION_REPLACES_ITSELF', 'REGULATION_DATES_INVALID'],
  },
  attachToRegulation: {
    method: 'POST',
    path: '/api/technical-regulations/{id}/documents',
    summary: 'Attach one document (editors)',
    description:
      'multipart/form-data with one file: PDF, Office document, image or zip, recognised from its content, at most `UPLOAD_MAX_BYTES`. An unknown regulation is refused before the file is read.',
    tags,
    access: editors,
    params: ById,
    upload: { description: 'The document to attach (the standard’s text, a form …)' },
    response: RegulationDetailSchema,
    status: 201,
    errors: ['REGULATION_NOT_FOUND'],
  },
  detachFromRegulation: {
    method: 'DELETE',
    path: '/api/technical-regulations/{id}/documents/{documentId}',
    summary: 'Remove a document (editors)',
    description: 'The file stays stored while another regulation or notice uses it.',
    tags,
    access: editors,
    params: ByDocument,
    response: RegulationDetailSchema,
    errors: ['REGULATION_NOT_FOUND', 'DOCUMENT_NOT_FOUND'],
  },
});
