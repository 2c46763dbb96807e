/**
 * Downloadable tools (应用工具下载), docs/product.md §Screens: every tool with its versions for
 * everyone; adding tools and uploading versions for editors and administrators (门户管理 → 工具).
 */
import { Type } from 'typebox';
import { ById } from '../common';
import { MultiLine } from '../text';
import { TOOL_LIMITS, TOOL_VERSION_PATTERN, ToolInputSchema, ToolPatchSchema, ToolSchema } from '../tools';
import { mimeTypesOf, TOOL_KINDS } from '../file-kinds';
import { defineEndpoints, PUBLIC, signedIn } from './endpoint';

const tags = ['application tools'] as const;
const editors = signedIn('admin', 'editor');

export const toolsApi = defineEndpoints({
  listToolDownloads: {
    method: 'GET',
    path: '/api/tools/downloads',
    summary: 'Downloadable tools, each with every version, newest first',
    description:
      'For everyone, by name. Each version has its size (bytes), SHA-256 (computed by the server on upload, to check a download against), release notes, upload time and download address; `latest` is the newest (null before the first upload).',
    tags,
    access: PUBLIC,
    response: Type.Array(ToolSchema),
    errors: [],
  },
  downloadToolVersion: {
    method: 'GET',
    path: '/api/tools/downloads/files/{id}',
    summary: 'Download one version of a tool with its original file name',
    description: 'For everyone. The file exactly as uploaded (its SHA-256 is the one listed), as an attachment with the name it was uploaded under.',
    tags,
    access: PUBLIC,
    params: ById,
    raw: { mediaTypes: mimeTypesOf(TOOL_KINDS), description: 'The file as uploaded, with `Content-Disposition: attachment` carrying its original name' },
    errors: ['TOOL_VERSION_NOT_FOUND'],
  },
  listManagedTools: {
    method: 'GET',
    path: '/api/manage/tools',
    summary: 'Every tool with its versions (editors)',
    description: 'For 门户管理 → 工具: the same list as `GET /api/tools/downloads`, never from a cache.',
    tags,
    access: editors,
    response: Type.Array(ToolSchema),
    errors: [],
  },
  createTool: {
    method: 'POST',
    path: '/api/manage/tools',
    summary: 'Add a tool, without versions yet (editors)',
    description: 'Audited (`tool.create`). Names are unique (409 TOOL_NAME_TAKEN). Versions are uploaded one by one afterwards.',
    tags,
    access: editors,
    body: ToolInputSchema,
    response: ToolSchema,
    status: 201,
    errors: ['TOOL_NAME_TAKEN'],
  },
  updateTool: {
    method: 'PATCH',
    path: '/api/manage/tools/{id}',
    summary: 'Change a tool’s name, platform or description (editors)',
    description: 'Any of the fields of `POST /api/manage/tools`; the others stay. Audited with what changed (`tool.update`).',
    tags,
    access: editors,
    params: ById,
    body: ToolPatchSchema,
    response: ToolSchema,
    errors: ['TOOL_NOT_FOUND', 'TOOL_NAME_TAKEN'],
  },
  uploadToolVersion: {
    method: 'POST',
    path: '/api/manage/tools/{id}/versions',
    summary: 'Upload a new version of a tool (editors)',
    description: `multipart/form-data with, in any order, the text parts \`version\` (1–${TOOL_LIMITS.version} letters, digits, \`.\`, \`-\`, \`_\` or \`+\`, starting with a letter or digit; unique per tool) and \`releaseNotes\` (optional, at most ${TOOL_LIMITS.releaseNotes} characters, several lines), and one file part \`file\`: an archive, program, installer or PDF recognised from its content, at most \`UPLOAD_MAX_BYTES\`. The server computes its size and SHA-256. Earlier versions are kept; the new one becomes the latest. Audited (\`tool.version_upload\`). Whatever is refused, nothing of the upload stays.`,
    tags,
    access: editors,
    params: ById,
    upload: {
      description: 'The file of this version',
      fields: Type.Object({
        version: Type.String({ pattern: TOOL_VERSION_PATTERN, description: 'The version, unique per tool, e.g. `2.3.0`' }),
        releaseNotes: Type.Optional(MultiLine({ maxLength: TOOL_LIMITS.releaseNotes, description: 'What changed; several lines allowed' })),
      }),
    },
    response: ToolSchema,
    status: 201,
    errors: ['TOOL_NOT_FOUND', 'TOOL_VERSION_INVALID', 'TOOL_VERSION_TAKEN'],
  },
});
