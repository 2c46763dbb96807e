/**
 * Downloadable tools of /application-tools (docs/product.md §Screens): each tool with every
 * version kept. The endpoints are declared in api/tools.ts.
 */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';
import { MultiLine, OneLine } from './text';

export const TOOL_PLATFORMS = ['windows', 'linux', 'macos', 'android', 'any'] as const;
export type ToolPlatform = (typeof TOOL_PLATFORMS)[number];

/** Field limits (characters). */
export const TOOL_LIMITS = { name: 50, description: 500, version: 32, releaseNotes: 2000 } as const;
/** A version label: `1.2.0`, `2024.03`, `v3.1-beta+5` (letters, digits, `.`, `-`, `_`, `+`). */
export const TOOL_VERSION_PATTERN = '^[0-9A-Za-z][0-9A-Za-z._+-]{0,31}$';
/** What the upload field offers (the server recognises the type from the content, never the name). */
export const TOOL_ACCEPT = '.zip,.gz,.tgz,.tar,.7z,.xz,.bz2,.zst,.exe,.msi,.apk,.jar,.deb,.rpm,.dmg,.pdf';

export const ToolVersionSchema = Type.Object({
  id: Type.Integer(),
  version: Type.String(),
  fileName: Type.String(),
  /** bytes */
  size: Type.Integer({ minimum: 1 }),
  mime: Type.String(),
  /** SHA-256 of the file, 64 lower-case hex digits, computed by the server on upload */
  sha256: Type.String(),
  releaseNotes: Type.String(),
  /** when this version was uploaded */
  createdAt: IsoTime,
  /** where to download it: `/api/tools/downloads/files/{id}` from the origin */
  url: Type.String(),
});
export type ToolVersion = Static<typeof ToolVersionSchema>;

export const ToolSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  platform: Type.Enum(TOOL_PLATFORMS),
  description: Type.String(),
  /** the newest version, or null before the first upload */
  latest: Type.Union([ToolVersionSchema, Type.Null()]),
  /** every version, newest first (the latest included) */
  versions: Type.Array(ToolVersionSchema),
  updatedAt: IsoTime,
});
export type Tool = Static<typeof ToolSchema>;

/** What an editor writes: `POST /api/manage/tools` (every field) and `PATCH /api/manage/tools/{id}` (any of them). */
export const ToolInputSchema = Type.Object(
  {
    name: OneLine({ maxLength: TOOL_LIMITS.name, required: true, description: `1–${TOOL_LIMITS.name} characters, one line; unique` }),
    platform: Type.Enum(TOOL_PLATFORMS, { description: 'What it runs on; `any` for documents and cross-platform tools' }),
    description: MultiLine({ maxLength: TOOL_LIMITS.description, description: 'What it is for; several lines allowed' }),
  },
  { additionalProperties: false },
);
export type ToolInput = Static<typeof ToolInputSchema>;

/** `PATCH /api/manage/tools/{id}`: any of the fields of {@link ToolInputSchema}; the others stay. */
export const ToolPatchSchema = Type.Partial(ToolInputSchema, { additionalProperties: false });
export type ToolPatch = Static<typeof ToolPatchSchema>;
