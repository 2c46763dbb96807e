import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { toolsApi as api } from '@eco/contracts/api/tools';
import { TOOL_LIMITS } from '@eco/contracts/tools';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { sendStoredFile } from '../../uploads/send-file';
import type { Uploads } from '../documents/service';
import { createTool, findVersion, listTools, updateTool, uploadVersion } from './service';

/** Downloadable tools for everyone: the handlers of `listToolDownloads` and `downloadToolVersion` (@eco/contracts/api/tools.ts). */
export async function toolDownloadsRoutes(app: FastifyInstance, { db, uploads }: { db: Db; uploads: Uploads }): Promise<void> {
  route(app, api.listToolDownloads, async () => listTools(db));
  route(app, api.downloadToolVersion, async (request, reply) => sendStoredFile(reply, uploads.store, await findVersion(db, request.params.id)));
}

/**
 * Management of the tools by editors and administrators (audited): the handlers of
 * `listManagedTools`, `createTool`, `updateTool` and `uploadToolVersion`. Multipart parsing is
 * registered here: one file, and the text parts `version` and `releaseNotes`.
 */
export async function toolsManagementRoutes(app: FastifyInstance, { db, now, uploads }: { db: Db; now: () => Date; uploads: Uploads }): Promise<void> {
  await app.register(multipart, {
    // room for a few text parts more than the two it takes, so that an unknown one is seen and refused by name
    limits: { files: 1, fileSize: uploads.maxBytes, fields: 8, parts: 9, fieldSize: TOOL_LIMITS.releaseNotes * 4 },
    throwFileSizeLimit: false,
  });

  route(app, api.listManagedTools, async () => listTools(db));
  route(app, api.createTool, async (request) => createTool(db, now, actingOf(request), request.body));
  route(app, api.updateTool, async (request) => updateTool(db, now, actingOf(request), request.params.id, request.body));
  route(app, api.uploadToolVersion, async (request) => uploadVersion(db, now, uploads, actingOf(request), request.params.id, request));
}
