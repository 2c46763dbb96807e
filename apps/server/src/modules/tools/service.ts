/**
 * Downloadable tools (应用工具下载): a tool (name, platform, description) and its versions, each an
 * uploaded file whose SHA-256 and size the server computes while storing it (uploads/file-store.ts:
 * size limit, type recognised from the content). Every version is kept; the newest is the latest.
 *
 * Writes run in one transaction with their audit row (`tool.create`, `tool.update`,
 * `tool.version_upload`). A refused or failed upload leaves no file and no row.
 */
import type { FastifyRequest } from 'fastify';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { toolsApi } from '@eco/contracts/api/tools';
import { MULTI_LINE } from '@eco/contracts/text';
import { TOOL_LIMITS, TOOL_VERSION_PATTERN, type Tool, type ToolInput, type ToolPatch, type ToolVersion } from '@eco/contracts/tools';
import type { Acting } from '../../auth/acting';
import { inTransaction, type Db } from '../../db/client';
import { files, tools, toolVersions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { unknownPropertyIssue, validationError } from '../../http/validation-error';
import { toIsoCst } from '../../lib/time';
import { TOOL_KINDS } from '@eco/contracts/file-kinds';
import { readUploadParts } from '../../uploads/multipart-parts';
import { audit, changes } from '../audit/service';
import { cleanFileName, type Uploads } from '../documents/service';

/** The download address of a version, from the origin: the path of `downloadToolVersion`. */
export const downloadUrl = (versionId: number) => toolsApi.downloadToolVersion.path.replace('{id}', String(versionId));

const versionColumns = {
  id: toolVersions.id,
  toolId: toolVersions.toolId,
  version: toolVersions.version,
  fileName: toolVersions.fileName,
  sha256: toolVersions.fileSha256,
  size: files.size,
  mime: files.mime,
  releaseNotes: toolVersions.releaseNotes,
  createdAt: toolVersions.createdAt,
};

type VersionRow = {
  id: number;
  toolId: number;
  version: string;
  fileName: string;
  sha256: string;
  size: number;
  mime: string;
  releaseNotes: string;
  createdAt: Date;
};

function versionOf(row: VersionRow): ToolVersion {
  return {
    id: row.id,
    version: row.version,
    fileName: row.fileName,
    size: Number(row.size),
    mime: row.mime,
    sha256: row.sha256,
    releaseNotes: row.releaseNotes,
    createdAt: toIsoCst(row.createdAt),
    url: downloadUrl(row.id),
  };
}

/** Every tool (by name) with its versions, newest first. */
export async function listTools(db: Db, ids?: number[]): Promise<Tool[]> {
  const rows = await db
    .select()
    .from(tools)
    .where(ids ? inArray(tools.id, ids) : undefined)
    .orderBy(asc(tools.name));
  if (rows.length === 0) return [];
  const versions = await db
    .select(versionColumns)
    .from(toolVersions)
    .innerJoin(files, eq(files.sha256, toolVersions.fileSha256))
    .where(
      inArray(
        toolVersions.toolId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(toolVersions.createdAt), desc(toolVersions.id));
  return rows.map((row) => {
    const own = versions.filter((v) => v.toolId === row.id).map(versionOf);
    return {
      id: row.id,
      name: row.name,
      platform: row.platform,
      description: row.description,
      latest: own[0] ?? null,
      versions: own,
      updatedAt: toIsoCst(row.updatedAt),
    };
  });
}

async function oneTool(db: Db, id: number): Promise<Tool> {
  const [tool] = await listTools(db, [id]);
  if (!tool) throw new AppError('TOOL_NOT_FOUND');
  return tool;
}

/** One version with its file, for downloading. 404 TOOL_VERSION_NOT_FOUND. */
export async function findVersion(db: Db, id: number): Promise<VersionRow> {
  const [row] = await db.select(versionColumns).from(toolVersions).innerJoin(files, eq(files.sha256, toolVersions.fileSha256)).where(eq(toolVersions.id, id));
  if (!row) throw new AppError('TOOL_VERSION_NOT_FOUND');
  return { ...row, size: Number(row.size) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Creates a tool without versions (with its audit row) and answers it. 409 TOOL_NAME_TAKEN. */
export async function createTool(db: Db, now: () => Date, { actor, ip }: Acting, input: ToolInput): Promise<Tool> {
  try {
    const id = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(tools)
        .values({ ...input, createdAt: now(), updatedAt: now() })
        .returning();
      await audit(tx, {
        actor,
        ip,
        action: 'tool.create',
        entityType: 'tool',
        entityId: row!.id,
        after: { name: row!.name, platform: row!.platform, description: row!.description },
      });
      return row!.id;
    });
    return oneTool(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('TOOL_NAME_TAKEN', input.name);
    throw error;
  }
}

/**
 * Changes the name, platform or description given (the others stay), audits what changed, and
 * answers the tool. 404 TOOL_NOT_FOUND, 409 TOOL_NAME_TAKEN.
 */
export async function updateTool(db: Db, now: () => Date, { actor, ip }: Acting, id: number, input: ToolPatch): Promise<Tool> {
  try {
    await inTransaction(db, async (tx) => {
      const [before] = await tx.select().from(tools).where(eq(tools.id, id)).for('update');
      if (!before) throw new AppError('TOOL_NOT_FOUND');
      const diff = changes({ name: before.name, platform: before.platform, description: before.description }, input);
      if (!diff) return;
      await tx
        .update(tools)
        .set({ ...input, updatedAt: now() })
        .where(eq(tools.id, id));
      await audit(tx, { actor, ip, action: 'tool.update', entityType: 'tool', entityId: id, ...diff });
    });
    return oneTool(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('TOOL_NAME_TAKEN', input.name ?? '');
    throw error;
  }
}

const VERSION_RE = new RegExp(TOOL_VERSION_PATTERN);
const NOTES_RE = new RegExp(MULTI_LINE, 'u');
/** The text parts a version upload may carry (besides its one file part). */
const VERSION_FIELDS = ['version', 'releaseNotes'];

/**
 * Uploads a new version of tool `id` from a multipart request with the fields `version` and
 * (optional) `releaseNotes` and one file part `file`, in any order. The file is stored while its
 * SHA-256 and size are computed; the version row, the `files` row and the audit row are written
 * in one transaction. Errors: 404 TOOL_NOT_FOUND; 400 VALIDATION_FAILED (a text part of another
 * name, named in `details`), UPLOAD_MISSING, UPLOAD_EMPTY, TOOL_VERSION_INVALID; 409 TOOL_VERSION_TAKEN; 413 UPLOAD_TOO_LARGE; 415 UPLOAD_TYPE_NOT_ALLOWED.
 * Whatever fails, nothing of this upload stays.
 */
export async function uploadVersion(db: Db, now: () => Date, uploads: Uploads, { actor, ip }: Acting, id: number, request: FastifyRequest): Promise<Tool> {
  const [tool] = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, id));
  if (!tool) throw new AppError('TOOL_NOT_FOUND');
  if (!request.isMultipart()) throw new AppError('UPLOAD_MISSING', 'multipart/form-data');
  const { saved: upload, fields } = await readUploadParts(
    request,
    async (file) => ({
      stored: await uploads.store.save(file.file, { maxBytes: uploads.maxBytes, allowed: TOOL_KINDS }),
      fileName: cleanFileName(file.filename),
    }),
    ({ stored }) => uploads.store.discard(stored),
  );
  const stored = upload?.stored ?? null;
  const fileName = upload?.fileName ?? '';
  try {
    // unknown parts are refused by name, as unknown JSON properties are (docs/api.md §Input)
    const unknown = Object.keys(fields).filter((name) => !VERSION_FIELDS.includes(name));
    if (unknown.length > 0) {
      throw validationError('body', unknown.map(unknownPropertyIssue));
    }
    if (!stored) throw new AppError('UPLOAD_MISSING');
    // a multipart text part, which the central trimming of JSON bodies does not reach (docs/api.md §Text)
    const version = (fields.version ?? '').trim();
    const releaseNotes = fields.releaseNotes ?? '';
    if (!VERSION_RE.test(version) || releaseNotes.length > TOOL_LIMITS.releaseNotes || !NOTES_RE.test(releaseNotes)) throw new AppError('TOOL_VERSION_INVALID');
    const saved = stored;
    await inTransaction(db, async (tx) => {
      await tx.insert(files).values({ sha256: saved.sha256, size: saved.size, mime: saved.mime }).onConflictDoNothing();
      const [row] = await tx
        .insert(toolVersions)
        .values({ toolId: id, version, fileSha256: saved.sha256, fileName, releaseNotes, createdAt: now() })
        .returning();
      await tx.update(tools).set({ updatedAt: now() }).where(eq(tools.id, id));
      await audit(tx, {
        actor,
        ip,
        action: 'tool.version_upload',
        entityType: 'tool',
        entityId: id,
        after: { versionId: row!.id, version, fileName, size: saved.size, sha256: saved.sha256 },
      });
    });
  } catch (error) {
    if (stored) uploads.store.discard(stored);
    if (isUniqueViolation(error)) throw new AppError('TOOL_VERSION_TAKEN', (fields.version ?? '').trim());
    throw error;
  }
  return oneTool(db, id);
}
