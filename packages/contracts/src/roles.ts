/**
 * Roles of the portal and the rules of the fields people type, shared by the server (which
 * enforces them) and the web app (which checks forms before sending). Plain TypeScript, so the
 * web app imports it without a schema library.
 */

/**
 * `admin`: everything (users, organisations, site settings, the audit log, and what editors do);
 * `editor`: the portal's content (notices, regulations, applications, tools);
 * `staff`: signed-in use of the portal, application access by organisation.
 */
export const ROLES = ['admin', 'editor', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Sign-in account: 3–32 ASCII letters, digits, `.`, `_` or `-`, starting with a letter or digit; unique ignoring case. */
export const ACCOUNT_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$';
export const DISPLAY_NAME_MAX = 50;

/** Longest organisation name (characters). */
export const ORGANISATION_NAME_MAX = 100;

/**
 * Password policy: 10 to 128 characters, not one of the commonly used passwords, not containing
 * the account name. (NIST SP 800-63B §5.1.1.2: length and a blocklist rather than composition rules.)
 */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** Longest site setting values (characters); `siteCode` is exactly this long when set (site.ts, SITE_CODE_PATTERN). */
export const SITE_LIMITS = {
  title: 100,
  provinceName: 50,
  footer: 500,
  recordNumber: 100,
  opsPlatformUrl: 500,
  sponsor: 100,
  operator: 100,
  publicSecurityRecordNumber: 100,
  siteCode: 10,
  contact: 200,
} as const;
