import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IsoDate } from '@eco/contracts/common';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import { REGULATION_CODE_PATTERN } from '@eco/contracts/regulation-code';
import { REGULATION_STATUSES } from '@eco/contracts/regulation-status';
import { REGULATION_TEXT_MAX, RegulationDetailSchema, RegulationSchema } from '@eco/contracts/regulations';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { paging } from '../../http/page-query';
import { SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { provinceDate } from '../../lib/time';
import { sendStoredFile } from '../../uploads/send-file';
import { registerUploads, storeUpload, type Uploads } from '../documents/service';
import { attachToRegulation, createRegulation, detachFromRegulation, updateRegulation, type Acting } from './editing';
import { getRegulation, getRegulationDocument, listRegulationCategories, listRegulations } from './service';

/** Free text without NUL, which PostgreSQL cannot hold in a text value (it would fail the query: 500). */
const NO_NUL = '^[^\\u0000]*$';

const pages = paging(100, 10);

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ById = Type.Object({ id: Id });
const ByDocument = Type.Object({ id: Id, documentId: Id });

/** Editors and administrators edit the library. */
const editors = signedIn({ roles: ['admin', 'editor'] });

const Code = Type.String({
  pattern: REGULATION_CODE_PATTERN.source,
  description: 'The usual forms: GB/T 28181-2022, LY/T 2581-2016, HJ 633-2012, DB61/T 1234-2019 (prefix, one space, number, year)',
});
const Text = Type.String({ minLength: 1, maxLength: REGULATION_TEXT_MAX, pattern: SINGLE_LINE_NOT_BLANK });
const NullableDate = (description: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date', description });

const RegulationBody = Type.Object(
  {
    code: Code,
    title: Text,
    category: Text,
    issuer: Text,
    issuedOn: NullableDate('Issue date YYYY-MM-DD, or null when not known'),
    effectiveOn: NullableDate('Effective date YYYY-MM-DD (not before the issue date), or null when not known'),
    replacesCode: Type.Unsafe<string | null>({ type: ['string', 'null'], pattern: REGULATION_CODE_PATTERN.source, description: 'The code it replaces, or null' }),
    abolishedOn: NullableDate('Retired without replacement from this date (废止), or null'),
  },
  { additionalProperties: false },
);
const RegulationPatch = Type.Partial(RegulationBody, { additionalProperties: false });

function acting(request: FastifyRequest): Acting {
  return { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip };
}

/**
 * Anyone: `GET /api/technical-regulations` (search, filters, pages), `…/categories`, `…/:id`,
 * `…/:id/documents/:documentId` (download; `?disposition=inline` previews a PDF or image).
 * Editors and administrators: `POST /api/technical-regulations`, `PATCH …/:id` (an `abolishedOn`
 * date retires it), `POST …/:id/documents` (multipart, one file), `DELETE …/:id/documents/:documentId`.
 * Status is derived from the date today in the province (`now` is injectable for tests).
 * Errors: 404 REGULATION_NOT_FOUND, 409 REGULATION_CODE_TAKEN, 400 REGULATION_REPLACES_ITSELF,
 * 400 REGULATION_DATES_INVALID, 404 DOCUMENT_NOT_FOUND, the UPLOAD_* codes.
 */
export const regulationsRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; uploads: Uploads }> = async (app, { db, now, uploads }) => {
  await registerUploads(app, uploads);
  const detail = async (id: number) => ({ success: true as const, data: await getRegulation(db, id, provinceDate(now())) });

  app.get(
    '',
    {
      schema: {
        tags: ['technical regulations'],
        summary: 'Search and filter technical regulations',
        querystring: Type.Object({
          keyword: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL, description: 'Substring of code or title' })),
          category: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL })),
          status: Type.Optional(Type.Enum(REGULATION_STATUSES, { description: 'current 现行, upcoming 即将实施, repealed 废止' })),
          ...pages.schema,
        }),
        response: { 200: Ok(PageOf(RegulationSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listRegulations(db, { ...request.query, ...pages.of(request.query) }, provinceDate(now())) }),
  );
  app.get(
    '/categories',
    { schema: { tags: ['technical regulations'], summary: 'Categories in use', response: { 200: Ok(Type.Array(Type.String())) } } },
    async () => ({ success: true as const, data: await listRegulationCategories(db) }),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags: ['technical regulations'],
        summary: 'One regulation with its replacement links',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: Ok(RegulationDetailSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getRegulation(db, request.params.id, provinceDate(now())) }),
  );

  app.get(
    '/:id/documents/:documentId',
    {
      schema: {
        tags: ['technical regulations'],
        summary: 'Download a document with its original name (inline for a PDF or image preview)',
        params: ByDocument,
        querystring: Type.Object({ disposition: Type.Optional(Type.Enum(['attachment', 'inline'])) }),
      },
    },
    async (request, reply) => {
      const file = await getRegulationDocument(db, request.params.id, request.params.documentId);
      return sendStoredFile(reply, uploads.store, file, { inline: request.query.disposition === 'inline' });
    },
  );

  app.post(
    '',
    {
      onRequest: editors,
      schema: { tags: ['technical regulations'], summary: 'Add a regulation (editors)', body: RegulationBody, response: { 201: Ok(RegulationDetailSchema) } },
    },
    async (request, reply) => {
      const id = await createRegulation(db, now, acting(request), request.body);
      reply.status(201);
      return detail(id);
    },
  );

  app.patch(
    '/:id',
    {
      onRequest: editors,
      schema: {
        tags: ['technical regulations'],
        summary: 'Change a regulation; abolishedOn retires it (editors)',
        params: ById,
        body: RegulationPatch,
        response: { 200: Ok(RegulationDetailSchema) },
      },
    },
    async (request) => {
      await updateRegulation(db, now, acting(request), request.params.id, request.body);
      return detail(request.params.id);
    },
  );

  app.post(
    '/:id/documents',
    {
      onRequest: editors,
      schema: {
        tags: ['technical regulations'],
        summary: 'Attach one document (multipart/form-data; PDF, Office, image or zip, recognised from the content) (editors)',
        consumes: ['multipart/form-data'],
        params: ById,
        response: { 201: Ok(RegulationDetailSchema) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      // an unknown regulation is refused before its upload is read
      await getRegulation(db, id, provinceDate(now()));
      await storeUpload(db, uploads, request, (tx, file) => attachToRegulation(tx, now, acting(request), id, file));
      reply.status(201);
      return detail(id);
    },
  );

  app.delete(
    '/:id/documents/:documentId',
    {
      onRequest: editors,
      schema: { tags: ['technical regulations'], summary: 'Remove a document (editors)', params: ByDocument, response: { 200: Ok(RegulationDetailSchema) } },
    },
    async (request) => {
      await detachFromRegulation(db, now, acting(request), request.params.id, request.params.documentId);
      return detail(request.params.id);
    },
  );
};
