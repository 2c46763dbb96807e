import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { TOOL_LIMITS, TOOL_PLATFORMS, ToolSchema } from '@eco/contracts/tools';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { MULTI_LINE, SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { sendStoredFile } from '../../uploads/send-file';
import { createTool, findVersion, listTools, updateTool, uploadVersion, type Acting, type Uploads } from './service';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const ById = Type.Object({ id: Id });

const ToolFields = {
  name: Type.String({ minLength: 1, maxLength: TOOL_LIMITS.name, pattern: SINGLE_LINE_NOT_BLANK, description: `1–${TOOL_LIMITS.name} characters, one line; unique` }),
  platform: Type.Enum(TOOL_PLATFORMS),
  description: Type.String({ maxLength: TOOL_LIMITS.description, pattern: MULTI_LINE }),
};

function acting(request: FastifyRequest): Acting {
  return { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip };
}

/**
 * Downloadable tools for everyone: `GET /api/tools/downloads` (every tool with its versions,
 * newest first, each with size and SHA-256) and `GET /api/tools/downloads/files/:id` (a version's
 * file, as an attachment with its original name).
 */
export const toolDownloadsRoutes: FastifyPluginAsyncTypebox<{ db: Db; uploads: Uploads }> = async (app, { db, uploads }) => {
  app.get(
    '',
    { schema: { tags: ['application tools'], summary: 'Downloadable tools with every version', response: { 200: Ok(Type.Array(ToolSchema)) } } },
    async () => ({ success: true as const, data: await listTools(db) }),
  );

  app.get(
    '/files/:id',
    { schema: { tags: ['application tools'], summary: 'Download one version of a tool (404 TOOL_VERSION_NOT_FOUND)', params: ById } },
    async (request, reply) => {
      const version = await findVersion(db, request.params.id);
      return sendStoredFile(reply, uploads.store, version);
    },
  );
};

/**
 * Management of the tools, editors and administrators (audited): `GET /api/manage/tools`,
 * `POST /api/manage/tools`, `PATCH /api/manage/tools/:id`, and
 * `POST /api/manage/tools/:id/versions` (multipart: fields `version`, `releaseNotes` and one
 * `file`; the server computes size and SHA-256; earlier versions are kept).
 */
export const toolsManagementRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; uploads: Uploads }> = async (app, { db, now, uploads }) => {
  app.addHook('onRequest', signedIn({ roles: ['admin', 'editor'] }));
  await app.register(multipart, {
    limits: { files: 1, fileSize: uploads.maxBytes, fields: 2, parts: 3, fieldSize: TOOL_LIMITS.releaseNotes * 4 },
    throwFileSizeLimit: false,
  });

  app.get(
    '',
    { schema: { tags: ['portal management'], summary: 'Every tool with its versions (editors)', response: { 200: Ok(Type.Array(ToolSchema)) } } },
    async () => ({ success: true as const, data: await listTools(db) }),
  );

  app.post(
    '',
    {
      schema: {
        tags: ['portal management'],
        summary: 'Add a tool, without versions yet (editors)',
        body: Type.Object(ToolFields, { additionalProperties: false }),
        response: { 201: Ok(ToolSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { success: true as const, data: await createTool(db, now, acting(request), request.body) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['portal management'],
        summary: 'Change a tool (editors)',
        params: ById,
        body: Type.Partial(Type.Object(ToolFields, { additionalProperties: false })),
        response: { 200: Ok(ToolSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await updateTool(db, now, acting(request), request.params.id, request.body) }),
  );

  app.post(
    '/:id/versions',
    {
      schema: {
        tags: ['portal management'],
        summary: 'Upload a new version (multipart: version, releaseNotes, file); size and SHA-256 computed here (editors)',
        consumes: ['multipart/form-data'],
        params: ById,
        response: { 201: Ok(ToolSchema) },
      },
    },
    async (request, reply) => {
      const tool = await uploadVersion(db, now, uploads, acting(request), request.params.id, request);
      reply.status(201);
      return { success: true as const, data: tool };
    },
  );
};
