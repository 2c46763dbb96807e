/**
 * User administration (administrators only), organisations and roles (docs/access.md §Roles).
 * The endpoints are declared in api/users.ts, api/organisations.ts and api/roles.ts.
 */
import { Type, type Static } from 'typebox';
import { Id, IsoTime } from './common';
import { ACCOUNT_PATTERN, DISPLAY_NAME_MAX, ORGANISATION_NAME_MAX, ROLES, USER_STATUSES } from './roles';
import { OrganisationRefSchema } from './site';
import { OneLine } from './text';

const NullableTime = Type.Union([IsoTime, Type.Null()]);

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    account: Type.String(),
    displayName: Type.String(),
    role: Type.Enum(ROLES),
    organisation: Type.Union([OrganisationRefSchema, Type.Null()]),
    status: Type.Enum(USER_STATUSES),
    mustChangePassword: Type.Boolean(),
    lastSignInAt: NullableTime,
    createdAt: IsoTime,
    updatedAt: IsoTime,
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

const DisplayName = OneLine({ maxLength: DISPLAY_NAME_MAX, required: true, description: `1–${DISPLAY_NAME_MAX} characters, one line` });
const OrganisationId = Type.Union([Id, Type.Null()], { description: 'The organisation the user belongs to, or null for none (a province-level account)' });

/** `POST /api/users`: the account gets a generated temporary password, shown once. */
export const CreateUserSchema = Type.Object(
  {
    account: Type.String({
      pattern: ACCOUNT_PATTERN,
      description: '3–32 ASCII letters, digits, `.`, `_` or `-`, starting with a letter or digit; unique ignoring case; stored lower-case',
    }),
    displayName: DisplayName,
    role: Type.Enum(ROLES),
    organisationId: OrganisationId,
  },
  { additionalProperties: false },
);
export type CreateUser = Static<typeof CreateUserSchema>;

/** `PATCH /api/users/{id}`: any of the fields but the account (which never changes). */
export const UpdateUserSchema = Type.Partial(Type.Omit(CreateUserSchema, ['account']), { additionalProperties: false });
export type UpdateUser = Static<typeof UpdateUserSchema>;

/** A temporary password, shown once to the administrator, to be changed at the next sign-in. */
export const TemporaryPasswordSchema = Type.Object({ user: UserSchema, temporaryPassword: Type.String() }, { $id: 'TemporaryPassword' });
export type TemporaryPassword = Static<typeof TemporaryPasswordSchema>;

/** An organisation (a forestry and grassland agency) at one administrative division, with its children. */
export interface OrganisationNode {
  id: number;
  /** the division code: 2 digits province, 4 city, 6 county */
  code: string;
  name: string;
  level: 'province' | 'city' | 'county';
  parentId: number | null;
  children: OrganisationNode[];
}

const organisationFields = {
  id: Type.Integer(),
  /** the division code: 2 digits province, 4 city, 6 county */
  code: Type.String(),
  name: Type.String(),
  level: Type.Enum(['province', 'city', 'county'] as const),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
};

/** One organisation without its children: the answer of `PATCH /api/organisations/{id}`. */
export const OrganisationSchema = Type.Object(organisationFields, { $id: 'Organisation' });
export type Organisation = Static<typeof OrganisationSchema>;

const CountyNode = Type.Object({
  ...organisationFields,
  children: Type.Array(Type.Object({}), { maxItems: 0, description: 'always empty: counties are the last level' }),
});
const CityNode = Type.Object({ ...organisationFields, children: Type.Array(CountyNode) });

/** `GET /api/organisations`: the tree of `OrganisationNode`s, province → city → county, in the divisions' order. */
export const OrganisationTreeSchema = Type.Array(Type.Object({ ...organisationFields, children: Type.Array(CityNode) }), {
  $id: 'OrganisationTree',
  description: 'province → city → county',
});

/** `PATCH /api/organisations/{id}`: rename (1–100 characters, one line). */
export const RenameOrganisationSchema = Type.Object(
  { name: OneLine({ maxLength: ORGANISATION_NAME_MAX, required: true, description: `The new name, 1–${ORGANISATION_NAME_MAX} characters, one line` }) },
  { additionalProperties: false },
);
export type RenameOrganisation = Static<typeof RenameOrganisationSchema>;

/** `GET /api/roles`: each role with what it may do, in both languages, and the keys of its permissions. */
export const RoleInfoSchema = Type.Object(
  {
    role: Type.Enum(ROLES),
    nameZh: Type.String(),
    nameEn: Type.String(),
    descriptionZh: Type.String(),
    descriptionEn: Type.String(),
    /** the keys of the permissions (`PermissionInfo.key`) this role has, in the order of `permissions` */
    permissions: Type.Array(Type.String()),
  },
  { $id: 'RoleInfo' },
);
export type RoleInfo = Static<typeof RoleInfoSchema>;

/**
 * One permission as the server enforces it: a group of endpoints that the same roles may call
 * (their declarations' `access`, checked by the route guards), named for people, with what else
 * the server checks (the organisation scope, province level) in `noteZh`/`noteEn`.
 */
export const PermissionInfoSchema = Type.Object(
  {
    /** stable key, e.g. `things` */
    key: Type.String(),
    nameZh: Type.String(),
    nameEn: Type.String(),
    /** a further rule the server checks (e.g. only within the user's organisation), or null */
    noteZh: Type.Union([Type.String(), Type.Null()]),
    noteEn: Type.Union([Type.String(), Type.Null()]),
    /** also open to visitors who are not signed in */
    public: Type.Boolean(),
    /** the endpoints it covers, e.g. `{ method: 'POST', path: '/api/things/{id}/keys' }` */
    endpoints: Type.Array(Type.Object({ method: Type.String(), path: Type.String() })),
  },
  { $id: 'PermissionInfo' },
);
export type PermissionInfo = Static<typeof PermissionInfoSchema>;

/** `GET /api/roles`: the roles and every permission, in the order the 角色权限 page lists them. */
export const RolesAnswerSchema = Type.Object({ roles: Type.Array(RoleInfoSchema), permissions: Type.Array(PermissionInfoSchema) }, { $id: 'RolesAnswer' });
export type RolesAnswer = Static<typeof RolesAnswerSchema>;
