/**
 * Site settings and the session: the initial state the web app loads before it renders
 * (docs/routes.md §Initial state), signing in and one's own password (docs/access.md §Sign-in and
 * sessions). The endpoints are declared in api/site.ts and api/session.ts.
 */
import { Type, type Static } from 'typebox';
import { ROLES, SITE_LIMITS } from './roles';
import { MultiLine, OneLine, SECRET_FORMAT } from './text';

export const SiteSettingsSchema = Type.Object(
  {
    /** the page title and the portal's name; default 陕西省生态云感知系统 */
    title: Type.String(),
    provinceName: Type.String(),
    footer: Type.String(),
    /** the ICP 备案号 shown in the footer, linked to the MIIT record system; '' when none */
    recordNumber: Type.String(),
    /** the external operations platform the 运维平台 (/ywpt) menu entry opens; null when none */
    opsPlatformUrl: Type.Union([Type.String(), Type.Null()]),
    /** 主办单位 (the agency the site belongs to), shown in the footer; '' when none */
    sponsor: Type.String(),
    /** 承办单位 (the agency that runs it), shown in the footer; '' when none */
    operator: Type.String(),
    /** 公安机关备案号 (e.g. 陕公网安备 61010302000001号), linked to the public-security record lookup; '' when none */
    publicSecurityRecordNumber: Type.String(),
    /** 网站标识码: 10 digits, or '' when none ({@link SITE_CODE_PATTERN}) */
    siteCode: Type.String(),
    /** one line of contact details for the footer (telephone, e-mail, address); '' when none */
    contact: Type.String(),
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
  {
    user: Type.Union([CurrentUserSchema, Type.Null()]),
    csrfToken: Type.String(),
    /** the largest upload the server accepts, bytes (`UPLOAD_MAX_BYTES`): uploaders refuse a larger file before sending it */
    uploadMaxBytes: Type.Integer({ minimum: 1 }),
  },
  { $id: 'Session' },
);
export type Session = Static<typeof SessionSchema>;

/**
 * The longest password a sign-in or a change may carry (characters). Longer ones cannot be any
 * user's (the policy allows at most `PASSWORD_MAX`, roles.ts), so they are refused before any
 * hashing work.
 */
export const PASSWORD_INPUT_MAX = 1024;

/** A password as typed: a secret, never trimmed (docs/api.md §Text). */
function Password(description: string) {
  return Type.String({ format: SECRET_FORMAT, minLength: 1, maxLength: PASSWORD_INPUT_MAX, description });
}

/** `POST /api/session`: sign in. */
export const SignInSchema = Type.Object(
  {
    account: OneLine({ maxLength: 200, required: true, description: 'The account, in any case' }),
    password: Password('The password, exactly as typed'),
  },
  { additionalProperties: false },
);
export type SignIn = Static<typeof SignInSchema>;

/** `PUT /api/session/password`: change one's own password. */
export const ChangePasswordSchema = Type.Object(
  {
    currentPassword: Password('The current (or temporary) password'),
    newPassword: Password('The new password. The policy: 10–128 characters, not a commonly used password, not containing the account, not the current one'),
  },
  { additionalProperties: false },
);
export type ChangePassword = Static<typeof ChangePasswordSchema>;

/** The answer of signing in and of changing one's password: the user as signed in now. */
export const SignedInSchema = Type.Object({ user: CurrentUserSchema }, { $id: 'SignedIn' });
export type SignedIn = Static<typeof SignedInSchema>;

/**
 * An http:// or https:// URL: the scheme, a host, then no white space or control character (a
 * `javascript:` URL never reaches the 运维平台 menu entry). The server also parses it as a URL.
 */
export const HTTP_URL_PATTERN = '^[hH][tT][tT][pP][sS]?://[^\\s\\u0000-\\u001F\\u007F\\uD800-\\uDFFF/?#]+[^\\s\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]*$';

/**
 * 网站标识码: the identity code the national government-website registry (全国政府网站基本信息数据库)
 * gives each government site, ten digits (the first two those of the province, e.g. 6100000001),
 * which 《政府网站发展指引》(国办发〔2017〕47号) asks to show at the foot of every page; empty for none.
 */
export const SITE_CODE_PATTERN = '^([0-9]{10})?$';

/** The footer settings a `PUT /api/site` may leave out (added after the first clients were written): left out, they stay as they are. */
export const FOOTER_SETTINGS = ['sponsor', 'operator', 'publicSecurityRecordNumber', 'siteCode', 'contact'] as const;

/** `PUT /api/site`: every setting (administrators); the {@link FOOTER_SETTINGS} may be left out (unchanged). */
export const SiteSettingsInputSchema = Type.Object(
  {
    title: OneLine({ maxLength: SITE_LIMITS.title, required: true, description: `The page title and the portal's name, 1–${SITE_LIMITS.title} characters` }),
    provinceName: OneLine({ maxLength: SITE_LIMITS.provinceName, required: true, description: `1–${SITE_LIMITS.provinceName} characters` }),
    footer: MultiLine({ maxLength: SITE_LIMITS.footer, description: `The page footer; may have several lines; at most ${SITE_LIMITS.footer} characters` }),
    recordNumber: OneLine({
      maxLength: SITE_LIMITS.recordNumber,
      description: "ICP 备案号 shown in the footer (linked to https://beian.miit.gov.cn/); '' for none",
    }),
    opsPlatformUrl: Type.Union([Type.String({ maxLength: SITE_LIMITS.opsPlatformUrl, pattern: HTTP_URL_PATTERN }), Type.Null()], {
      description: `The operations platform the 运维平台 menu entry opens: an http(s) URL of at most ${SITE_LIMITS.opsPlatformUrl} characters, or null for none`,
    }),
    sponsor: Type.Optional(OneLine({ maxLength: SITE_LIMITS.sponsor, description: "主办单位 shown in the footer; '' for none; left out: unchanged" })),
    operator: Type.Optional(OneLine({ maxLength: SITE_LIMITS.operator, description: "承办单位 shown in the footer; '' for none; left out: unchanged" })),
    publicSecurityRecordNumber: Type.Optional(
      OneLine({
        maxLength: SITE_LIMITS.publicSecurityRecordNumber,
        description:
          "公安机关备案号 (e.g. 陕公网安备 61010302000001号), its digits linked to the record lookup of www.beian.gov.cn; '' for none; left out: unchanged",
      }),
    ),
    siteCode: Type.Optional(
      Type.String({ pattern: SITE_CODE_PATTERN, maxLength: SITE_LIMITS.siteCode, description: "网站标识码: 10 digits, or '' for none; left out: unchanged" }),
    ),
    contact: Type.Optional(
      OneLine({ maxLength: SITE_LIMITS.contact, description: "One line of contact details for the footer; '' for none; left out: unchanged" }),
    ),
  },
  { additionalProperties: false },
);
export type SiteSettingsInput = Static<typeof SiteSettingsInputSchema>;
