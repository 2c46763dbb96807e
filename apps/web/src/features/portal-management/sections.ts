/**
 * The sections of /portal-management and which roles may use each. The UI shows a role only
 * what it may use; the server is what refuses. The current section is the `?section=` query, so
 * a section's address can be shared and the back button moves between sections.
 *
 * Who may use a section is not written here but read from the endpoint declarations the server's
 * guards enforce (@eco/contracts/api/*, `access`), as the server's 角色权限 page reads them
 * (apps/server/src/modules/roles/permissions.ts): a section is offered to the roles that every
 * endpoint its screen reads and writes admits. So a changed `access` changes the menu, and no
 * section can offer a role a screen whose requests would all be refused.
 */
import { alertsApi } from '@eco/contracts/api/alerts';
import { applicationsApi } from '@eco/contracts/api/applications';
import { auditApi } from '@eco/contracts/api/audit';
import { cameraTrapApi } from '@eco/contracts/api/camera-trap';
import type { Access, Endpoint } from '@eco/contracts/api/endpoint';
import { noticesApi } from '@eco/contracts/api/notices';
import { oidcClientsApi } from '@eco/contracts/api/oidc-clients';
import { organisationsApi } from '@eco/contracts/api/organisations';
import { regulationsApi } from '@eco/contracts/api/regulations';
import { rolesApi } from '@eco/contracts/api/roles';
import { sessionApi } from '@eco/contracts/api/session';
import { siteApi } from '@eco/contracts/api/site';
import { thingsApi } from '@eco/contracts/api/things';
import { toolsApi } from '@eco/contracts/api/tools';
import { usersApi } from '@eco/contracts/api/users';
import { verificationApi } from '@eco/contracts/api/verification';
import { verificationFiguresApi } from '@eco/contracts/api/verification-figures';
import { ROLES, type Role } from '@eco/contracts/roles';

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

/** What a section's screen needs of the server. */
export interface SectionSpec {
  /** the endpoints its screen reads and writes as it opens and as it is used (not the extras it shows some roles only) */
  endpoints: readonly Endpoint[];
  /** a narrower audience than the endpoints admit, when the screen is meant for fewer roles; never wider */
  only?: readonly Role[];
}

/**
 * What each section's screen (its folder beside this file) calls: the list it opens with, and the
 * writes it is for. Extras a screen shows only some of its roles (the county boundaries and
 * deadline rules of 核查任务, administrators') are not listed: they do not decide the menu.
 */
export const SECTION_ENDPOINTS: Record<SectionKey, SectionSpec> = {
  // every signed-in user: the profile and their own password
  account: { endpoints: [sessionApi.changeOwnPassword] },
  notices: { endpoints: [noticesApi.listManagedNotices, noticesApi.getManagedNotice, noticesApi.createNotice, noticesApi.updateNotice] },
  regulations: { endpoints: [regulationsApi.listRegulations, regulationsApi.createRegulation, regulationsApi.updateRegulation] },
  applications: {
    endpoints: [
      applicationsApi.listManagedApplications,
      applicationsApi.createApplication,
      applicationsApi.updateApplication,
      organisationsApi.listOrganisations,
    ],
  },
  tools: { endpoints: [toolsApi.listManagedTools, toolsApi.createTool, toolsApi.updateTool, toolsApi.uploadToolVersion] },
  oidcClients: {
    endpoints: [oidcClientsApi.listOidcClients, oidcClientsApi.createOidcClient, oidcClientsApi.updateOidcClient, applicationsApi.listManagedApplications],
  },
  things: { endpoints: [thingsApi.listThings, thingsApi.getThing, thingsApi.listObservedProperties, thingsApi.createThing, thingsApi.updateThing] },
  alerts: {
    endpoints: [alertsApi.listAlerts, alertsApi.listAlertRules, thingsApi.listObservedProperties, alertsApi.acknowledgeAlert, alertsApi.closeAlert],
  },
  verification: {
    endpoints: [
      verificationApi.listVerificationKinds,
      verificationApi.listVerificationTasks,
      verificationApi.getVerificationTask,
      verificationFiguresApi.getVerificationStatistics,
    ],
  },
  cameraTrap: { endpoints: [cameraTrapApi.listCameraTrapQueue, cameraTrapApi.reviewCameraTrapDetection, cameraTrapApi.uploadCameraTrapPhoto] },
  users: { endpoints: [usersApi.listUsers, usersApi.createUser, usersApi.updateUser] },
  // every row of the tree has its 重命名 button
  organisations: { endpoints: [organisationsApi.listOrganisations, organisationsApi.renameOrganisation] },
  // the server lets every signed-in user read the roles (its `directory` permission), but this page
  // is the administrators' reference for choosing a user's role in 用户管理
  roles: { endpoints: [rolesApi.listRoles], only: ['admin'] },
  site: { endpoints: [siteApi.updateSiteSettings] },
  audit: { endpoints: [auditApi.listAuditLog, organisationsApi.listOrganisations, thingsApi.listObservedProperties] },
};

/** The roles `access` lets past the server's guard (devices: none), as apps/server/src/modules/roles/permissions.ts reads it. */
export function rolesAdmittedBy(access: Access): readonly Role[] {
  if (access.kind === 'device') return [];
  if (access.kind === 'public') return ROLES;
  return access.roles ?? ROLES;
}

/** The roles a section `spec` is offered to: those every one of its endpoints admits, within `only`; none without endpoints. */
export function rolesOfSection(spec: SectionSpec): Role[] {
  if (spec.endpoints.length === 0) return [];
  return ROLES.filter((role) => spec.endpoints.every((e) => rolesAdmittedBy(e.access).includes(role)) && (spec.only?.includes(role) ?? true));
}

/** Who may use each section (i18n `pm.nav.<key>` names it), from {@link SECTION_ENDPOINTS}. */
export const SECTION_ROLES: Readonly<Record<SectionKey, readonly Role[]>> = Object.fromEntries(
  SECTION_KEYS.map((key): [SectionKey, Role[]] => [key, rolesOfSection(SECTION_ENDPOINTS[key])]),
) as Record<SectionKey, Role[]>;

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
