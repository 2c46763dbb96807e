/**
 * The sections of /portal-management and which roles may use each. The UI shows a role only
 * what it may use; the server is what refuses. The current section is the `?section=` query, so
 * a section's address can be shared and the back button moves between sections.
 */
import type { Role } from '@eco/contracts/roles';

export const SECTION_KEYS = [
  'account',
  'notices',
  'regulations',
  'applications',
  'tools',
  'oidcClients',
  'things',
  'alerts',
  'verification',
  'cameraTrap',
  'users',
  'organisations',
  'roles',
  'site',
  'audit',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Who may use each section (i18n `pm.nav.<key>` names it). */
export const SECTION_ROLES: Record<SectionKey, readonly Role[]> = {
  account: ['admin', 'editor', 'staff'],
  notices: ['admin', 'editor'],
  regulations: ['admin', 'editor'],
  applications: ['admin', 'editor'],
  tools: ['admin', 'editor'],
  oidcClients: ['admin'],
  things: ['admin', 'editor'],
  alerts: ['admin', 'editor'],
  verification: ['admin', 'editor', 'staff'],
  cameraTrap: ['admin', 'editor'],
  users: ['admin'],
  organisations: ['admin'],
  roles: ['admin'],
  site: ['admin'],
  audit: ['admin'],
};

/** The section every signed-in user has, and the one an unknown or forbidden `?section=` falls back to. */
export const DEFAULT_SECTION: SectionKey = 'account';

/** The sections `role` may use, in menu order. */
export function sectionsFor(role: Role): SectionKey[] {
  return SECTION_KEYS.filter((key) => SECTION_ROLES[key].includes(role));
}

/**
 * The section to show for the `?section=` value `requested` (null when absent): that section when
 * it exists and `role` may use it, {@link DEFAULT_SECTION} otherwise.
 */
export function resolveSection(requested: string | null, role: Role): SectionKey {
  const key = SECTION_KEYS.find((k) => k === requested);
  return key && SECTION_ROLES[key].includes(role) ? key : DEFAULT_SECTION;
}
