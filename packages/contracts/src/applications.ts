/**
 * The application systems catalogue (/application-platform, issue 5): tiles as a visitor sees
 * them, the management view editors edit, and the rules of the fields.
 */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';
import { ROLES } from './roles';

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
    icon: Type.String(),
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

/** `POST /api/applications/:id/launch`: where to go. */
export const LaunchSchema = Type.Object({ url: Type.String() }, { $id: 'ApplicationLaunch' });
export type Launch = Static<typeof LaunchSchema>;

/** A system as editors manage it. */
export const ManagedApplicationSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    icon: Type.String(),
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

/** `POST /api/manage/applications` (and, every field optional, `PATCH …/:id`). */
export interface ApplicationInput {
  code: string;
  name: string;
  icon: string;
  category: string;
  description: string;
  entryUrl: string;
  status: ApplicationStatus;
  maintenanceNotice: string | null;
  access: ApplicationAccess;
  accessRoles: (typeof ROLES)[number][];
  accessOrganisationIds: number[];
  sortOrder: number;
}
