/**
 * The application systems catalogue (/application-platform, docs/product.md §Screens): tiles as a
 * visitor sees them, the management view editors edit, and the rules of the fields. The endpoints
 * are declared in api/applications.ts.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoTime } from './common';
import { ROLES } from './roles';
import { Keyword, MultiLine, OneLine } from './text';

export const APPLICATION_STATUSES = ['online', 'maintenance', 'offline'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * Who may open a system: `public` anyone (also without signing in); `signed_in` any signed-in
 * user; `roles` users with one of the chosen roles; `organisations` users of one of the chosen
 * organisations or of an organisation below it (province → city → county).
 */
export const APPLICATION_ACCESS = ['public', 'signed_in', 'roles', 'organisations'] as const;
export type ApplicationAccess = (typeof APPLICATION_ACCESS)[number];

/**
 * Why the current visitor cannot open a system, in the order checked: `offline` (已下线),
 * `maintenance` (维护中), `sign_in` (must sign in first), `no_permission` (signed in but not allowed).
 */
export const LAUNCH_BLOCKS = ['offline', 'maintenance', 'sign_in', 'no_permission'] as const;
export type LaunchBlock = (typeof LAUNCH_BLOCKS)[number];

/** Icons a tile may show (the web app maps each to a picture). */
export const APPLICATION_ICONS = ['app', 'tree', 'fire', 'database', 'map', 'camera', 'leaf', 'chart'] as const;
export type ApplicationIcon = (typeof APPLICATION_ICONS)[number];

/** Field limits (characters). */
export const APPLICATION_LIMITS = { code: 32, name: 50, category: 20, description: 500, entryUrl: 500, maintenanceNotice: 200 } as const;
/** Code: lower-case ASCII letters, digits and `-`/`_`, starting with a letter. */
export const APPLICATION_CODE_PATTERN = '^[a-z][a-z0-9_-]{1,31}$';

const accessFields = {
  access: Type.Enum(APPLICATION_ACCESS),
  /** with `roles`: the roles allowed */
  accessRoles: Type.Array(Type.Enum(ROLES)),
  /** with `organisations`: the organisations allowed, each with its sub-organisations */
  accessOrganisations: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
};

/** One tile of the catalogue, for the visitor who asked. The entry URL is given only by launching. */
export const ApplicationTileSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    icon: Type.Enum(APPLICATION_ICONS),
    category: Type.String(),
    description: Type.String(),
    status: Type.Enum(APPLICATION_STATUSES),
    maintenanceNotice: Type.Union([Type.String(), Type.Null()]),
    ...accessFields,
    /** whether this visitor may open it now */
    canOpen: Type.Boolean(),
    /** why not, when `canOpen` is false */
    blockedBy: Type.Union([Type.Enum(LAUNCH_BLOCKS), Type.Null()]),
    /** in this user's favourites (always false without signing in) */
    favourite: Type.Boolean(),
    /** this user's latest launch, or null */
    lastLaunchedAt: Type.Union([IsoTime, Type.Null()]),
    /** came with the portal as an example: configure it in portal management */
    seeded: Type.Boolean(),
  },
  { description: 'One tile of the catalogue' },
);
export type ApplicationTile = Static<typeof ApplicationTileSchema>;

/** `GET /api/applications`: the tiles matching the query (favourites first), every category, and recent launches. */
export const ApplicationCatalogueSchema = Type.Object(
  {
    items: Type.Array(ApplicationTileSchema),
    /** every category in the catalogue, in display order (not only those matching the query) */
    categories: Type.Array(Type.String()),
    /** this user's recently launched systems, latest first (at most 6; empty without signing in) */
    recent: Type.Array(ApplicationTileSchema),
  },
  { $id: 'ApplicationCatalogue' },
);
export type ApplicationCatalogue = Static<typeof ApplicationCatalogueSchema>;

/** `POST /api/applications/{id}/launch`: where to go. */
export const LaunchSchema = Type.Object(
  { url: Type.String({ description: 'The entry URL; for a system signing in by single sign-on, with `iss` and `target_link_uri` (OpenID Connect Core §4)' }) },
  { $id: 'ApplicationLaunch' },
);
export type Launch = Static<typeof LaunchSchema>;

/** A system as editors manage it. */
export const ManagedApplicationSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    icon: Type.Enum(APPLICATION_ICONS),
    category: Type.String(),
    description: Type.String(),
    entryUrl: Type.String(),
    status: Type.Enum(APPLICATION_STATUSES),
    maintenanceNotice: Type.Union([Type.String(), Type.Null()]),
    ...accessFields,
    sortOrder: Type.Integer(),
    seeded: Type.Boolean(),
    createdAt: IsoTime,
    updatedAt: IsoTime,
  },
  { $id: 'ManagedApplication' },
);
export type ManagedApplication = Static<typeof ManagedApplicationSchema>;

/**
 * An absolute http(s) URL of at most `maxLength` characters: no white space, no control
 * characters, no lone surrogates, no U+FEFF (the refusals of text.ts), and without a fragment when
 * `fragment` is false (OAuth redirect URIs, RFC 6749 §3.1.2).
 */
export function HttpUrl(options: { maxLength: number; fragment?: boolean; description: string }) {
  const excluded = `\\s\\u0000-\\u001F\\u007F\\uD800-\\uDFFF\\uFEFF${options.fragment === false ? '#' : ''}`;
  return Type.String({ maxLength: options.maxLength, pattern: `^https?://[^${excluded}]+$`, description: options.description });
}

/**
 * What an editor writes: `POST /api/manage/applications` (every field) and
 * `PATCH /api/manage/applications/{id}` (any of them, {@link ApplicationPatchSchema}).
 */
export const ApplicationInputSchema = Type.Object(
  {
    code: Type.String({ pattern: APPLICATION_CODE_PATTERN, description: '2–32 lower-case ASCII letters, digits, "-" or "_", starting with a letter; unique' }),
    name: OneLine({ maxLength: APPLICATION_LIMITS.name, required: true, description: `1–${APPLICATION_LIMITS.name} characters, one line` }),
    icon: Type.Enum(APPLICATION_ICONS, { description: 'The picture of the tile' }),
    category: OneLine({
      maxLength: APPLICATION_LIMITS.category,
      required: true,
      description: `1–${APPLICATION_LIMITS.category} characters, one line; tiles are grouped by it`,
    }),
    description: MultiLine({ maxLength: APPLICATION_LIMITS.description, description: 'What the system is for; several lines allowed' }),
    entryUrl: HttpUrl({ maxLength: APPLICATION_LIMITS.entryUrl, description: 'Where launching sends the user: an absolute http(s) URL' }),
    status: Type.Enum(APPLICATION_STATUSES, { description: 'online 在线, maintenance 维护中, offline 已下线 (how a system is retired)' }),
    maintenanceNotice: Type.Union([OneLine({ maxLength: APPLICATION_LIMITS.maintenanceNotice }), Type.Null()], {
      description: 'Shown while in maintenance; empty is stored as null',
    }),
    access: Type.Enum(APPLICATION_ACCESS, { description: 'Who may open it (see accessRoles and accessOrganisationIds)' }),
    accessRoles: Type.Array(Type.Enum(ROLES), {
      maxItems: ROLES.length,
      description: 'With access "roles": the roles allowed (at least one); ignored otherwise',
    }),
    accessOrganisationIds: Type.Array(Id, {
      maxItems: 200,
      description:
        'With access "organisations": the organisations allowed, each with those under it (at least one); ignored otherwise. An editor below the province may add or remove only organisations within their organisation scope (docs/access.md §Organisation scope)',
    }),
    sortOrder: Type.Integer({ minimum: -100_000, maximum: 100_000, description: 'Smaller first within the catalogue' }),
  },
  { additionalProperties: false },
);
export type ApplicationInput = Static<typeof ApplicationInputSchema>;

/** `PATCH /api/manage/applications/{id}`: any of the fields of {@link ApplicationInputSchema}; the others stay. */
export const ApplicationPatchSchema = Type.Partial(ApplicationInputSchema, { additionalProperties: false });
export type ApplicationPatch = Static<typeof ApplicationPatchSchema>;

/** `GET /api/applications`: the filters of the catalogue. */
export const CatalogueQuerySchema = Type.Object(
  {
    keyword: Type.Optional({ ...Keyword, description: 'Substring of name, code, description or category, ignoring case; empty = every system' }),
    category: Type.Optional(OneLine({ maxLength: APPLICATION_LIMITS.category, description: 'One category, exactly; empty = every category' })),
  },
  { additionalProperties: false },
);
export type CatalogueQuery = Static<typeof CatalogueQuerySchema>;
