/** User administration (administrators only) and organisations. */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';
import { ROLES, USER_STATUSES } from './roles';
import { OrganisationRefSchema } from './site';

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

/** `POST /api/users`: the account gets a generated temporary password, shown once. */
export const CreateUserSchema = Type.Object(
  { account: Type.String(), displayName: Type.String(), role: Type.Enum(ROLES), organisationId: Type.Union([Type.Integer(), Type.Null()]) },
  { $id: 'CreateUser' },
);
export type CreateUser = Static<typeof CreateUserSchema>;

/** `PATCH /api/users/:id`: any of the fields. */
export const UpdateUserSchema = Type.Partial(Type.Omit(CreateUserSchema, ['account']), { $id: 'UpdateUser' });
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

/** One organisation without its children: the answer of `PATCH /api/organisations/:id`. */
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

/** `PATCH /api/organisations/:id`: rename (1–100 characters, one line). */
export const RenameOrganisationSchema = Type.Object({ name: Type.String() }, { $id: 'RenameOrganisation' });
export type RenameOrganisation = Static<typeof RenameOrganisationSchema>;

/** `GET /api/roles`: each role with what it may do, in both languages. */
export const RoleInfoSchema = Type.Object(
  { role: Type.Enum(ROLES), nameZh: Type.String(), nameEn: Type.String(), descriptionZh: Type.String(), descriptionEn: Type.String() },
  { $id: 'RoleInfo' },
);
export type RoleInfo = Static<typeof RoleInfoSchema>;
