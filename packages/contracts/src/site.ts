/** Site settings and the session: the initial state the web app loads before it renders (seed §1, §4). */
import { Type, type Static } from 'typebox';
import { ROLES } from './roles';

export const SiteSettingsSchema = Type.Object(
  {
    /** the page title and the portal's name; default 陕西省生态云感知系统 */
    title: Type.String(),
    provinceName: Type.String(),
    footer: Type.String(),
    /** ICP/公安 record number shown in the footer; '' when none */
    recordNumber: Type.String(),
    /** the external operations platform the 运维平台 (/ywpt) menu entry opens; null when none */
    opsPlatformUrl: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'SiteSettings' },
);
export type SiteSettings = Static<typeof SiteSettingsSchema>;

export const OrganisationRefSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  level: Type.Enum(['province', 'city', 'county'] as const),
});
export type OrganisationRef = Static<typeof OrganisationRefSchema>;

/** The signed-in user as the web app sees it. */
export const CurrentUserSchema = Type.Object(
  {
    id: Type.Integer(),
    account: Type.String(),
    displayName: Type.String(),
    role: Type.Enum(ROLES),
    organisation: Type.Union([OrganisationRefSchema, Type.Null()]),
    /** true after an administrator reset the password: the user must choose a new one first */
    mustChangePassword: Type.Boolean(),
  },
  { $id: 'CurrentUser' },
);
export type CurrentUser = Static<typeof CurrentUserSchema>;

/**
 * `GET /api/session`: the signed-in user (null when nobody is) and the token that every
 * state-changing request must echo in the `x-csrf-token` header.
 */
export const SessionSchema = Type.Object(
  { user: Type.Union([CurrentUserSchema, Type.Null()]), csrfToken: Type.String() },
  { $id: 'Session' },
);
export type Session = Static<typeof SessionSchema>;

/** `POST /api/session`: sign in. */
export const SignInSchema = Type.Object({ account: Type.String(), password: Type.String() }, { $id: 'SignIn' });
export type SignIn = Static<typeof SignInSchema>;

/** `PUT /api/session/password`: change one's own password. */
export const ChangePasswordSchema = Type.Object({ currentPassword: Type.String(), newPassword: Type.String() }, { $id: 'ChangePassword' });
export type ChangePassword = Static<typeof ChangePasswordSchema>;
