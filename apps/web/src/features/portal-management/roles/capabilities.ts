/**
 * What each role may do, as the 角色权限 section lists it (i18n `pm.roles.capabilities.<key>`).
 * The admin-only rows are the back office's sections (./sections.ts); `later` marks what arrives
 * with the content modules.
 */
import type { Role } from '@eco/contracts/roles';
import { SECTION_ROLES } from '../sections';

export interface Capability {
  key: string;
  roles: readonly Role[];
  /** arrives with a later module (content management) */
  later?: boolean;
}

export const CAPABILITIES: readonly Capability[] = [
  { key: 'browse', roles: ['admin', 'editor', 'staff'] },
  { key: 'applications', roles: ['admin', 'editor', 'staff'], later: true },
  { key: 'ownAccount', roles: SECTION_ROLES.account },
  { key: 'content', roles: ['admin', 'editor'], later: true },
  { key: 'users', roles: SECTION_ROLES.users },
  { key: 'organisations', roles: SECTION_ROLES.organisations },
  { key: 'site', roles: SECTION_ROLES.site },
  { key: 'audit', roles: SECTION_ROLES.audit },
];
