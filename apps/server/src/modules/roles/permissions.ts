/**
 * The permissions of the 角色权限 page, derived from the endpoint declarations the route guards
 * enforce (@eco/contracts/api/*, `access`; http/route.ts turns each into the `onRequest` guard of
 * auth/guards.ts). A permission names a group of endpoints for people; which roles have it is
 * not written here but read from the declarations: the roles every one of its endpoints admits
 * (`public` and `signed-in` without roles: every role).
 *
 * Each endpoint but the devices' pushes belongs to exactly one permission, and the endpoints of a
 * permission admit the same roles (roles/permissions.test.ts), so a new endpoint, or a changed
 * `access`, shows on the page or fails that test. Whole areas are taken as they are (`signedInOf`),
 * so an endpoint added to them later joins by itself.
 *
 * `note` says what the server checks beyond the role, in the handlers (docs/access.md
 * §Organisation scope, docs/verification.md §Who does what).
 */
import { ALL_ENDPOINTS } from '@eco/contracts/api/all-endpoints';
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
import { verificationSourcesApi } from '@eco/contracts/api/verification-sources';
import { ROLES, type Role } from '@eco/contracts/roles';
import type { PermissionInfo } from '@eco/contracts/users';

interface Words {
  zh: string;
  en: string;
}

interface PermissionSpec {
  key: string;
  name: Words;
  note?: Words;
  endpoints: readonly Endpoint[];
}

/** The endpoints of an area that need a session (its public reads are in `browse`). */
function signedInOf(area: Record<string, Endpoint>): Endpoint[] {
  return Object.values(area).filter((e) => e.access.kind === 'signed-in');
}

/** What the organisation scope adds (auth/organisation-scope.ts). */
const ORGANISATION_SCOPE: Words = {
  zh: '市、县级用户只能管理本单位及下级单位的数据',
  en: 'Users of a city or county act only for their own organisation and those under it',
};

/** The permissions in the order the page lists them: what everyone may do first, administrators' last. */
const SPECS: readonly PermissionSpec[] = [
  {
    key: 'browse',
    name: {
      zh: '浏览门户公开内容：通知公告、技术规范、应用目录、应用工具、感知数据和核查概况',
      en: 'Read the public portal: notices, regulations, the application catalogue, tools, sensing data and verification figures',
    },
    note: { zh: '无需登录', en: 'No sign-in needed' },
    endpoints: ALL_ENDPOINTS.filter((e) => e.access.kind === 'public' && e !== applicationsApi.launchApplication),
  },
  {
    key: 'useApplications',
    name: { zh: '进入应用系统、收藏常用应用', en: 'Open application systems and keep favourites' },
    note: { zh: '按各应用系统的开放范围：公开、登录用户或指定机构', en: 'As each system is opened: to everyone, to signed-in users or to named organisations' },
    endpoints: [applicationsApi.launchApplication, applicationsApi.addApplicationFavourite, applicationsApi.removeApplicationFavourite],
  },
  {
    key: 'ownAccount',
    name: { zh: '修改自己的密码', en: 'Change their own password' },
    endpoints: [sessionApi.changeOwnPassword],
  },
  {
    key: 'directory',
    name: { zh: '查看组织机构和各角色的权限', en: 'See the organisations and what each role may do' },
    endpoints: [organisationsApi.listOrganisations, rolesApi.listRoles],
  },
  {
    key: 'verificationTasks',
    name: {
      zh: '办理核查任务：核查、反馈、退回、销号，查看统计并导出',
      en: 'Work on verification tasks: verify, feed back, return, close; see and export the figures',
    },
    note: {
      zh: '只看到本单位及下级单位的任务；所属单位核查和反馈，上级单位退回和销号',
      en: 'Only tasks of their own organisation and those under it; the responsible organisation verifies and feeds back, the one above returns or closes',
    },
    endpoints: [
      verificationApi.listVerificationKinds,
      verificationApi.listVerificationTasks,
      verificationApi.getVerificationTask,
      verificationApi.startVerificationTask,
      verificationApi.feedBackVerificationTask,
      verificationApi.returnVerificationTask,
      verificationApi.closeVerificationTask,
      verificationApi.uploadTaskPhoto,
      verificationApi.getTaskPhoto,
      ...signedInOf(verificationFiguresApi),
    ],
  },
  {
    key: 'verificationImport',
    name: { zh: '导入卫星热点和遥感变化图斑，下发核查任务', en: 'Import satellite hotspots and change patches; dispatch verification tasks' },
    note: { zh: '仅限省级用户（省级机构或未归属机构的账号）', en: 'Province-level users only (of the province organisation or of none)' },
    endpoints: [
      verificationApi.importHotspots,
      verificationApi.importSampleHotspots,
      verificationApi.dispatchVerificationTask,
      verificationApi.dispatchVerificationTasks,
      verificationSourcesApi.importChangePatches,
    ],
  },
  {
    key: 'notices',
    name: { zh: '撰写、发布和撤回通知公告', en: 'Write, publish and withdraw notices' },
    note: ORGANISATION_SCOPE,
    endpoints: signedInOf(noticesApi),
  },
  {
    key: 'regulations',
    name: { zh: '维护技术规范及其标准文本', en: 'Keep the technical regulations and their documents' },
    endpoints: signedInOf(regulationsApi),
  },
  {
    key: 'applications',
    name: { zh: '维护应用系统目录及其开放范围', en: 'Keep the catalogue of application systems and who may open each' },
    note: ORGANISATION_SCOPE,
    endpoints: [applicationsApi.listManagedApplications, applicationsApi.createApplication, applicationsApi.updateApplication],
  },
  {
    key: 'tools',
    name: { zh: '维护应用工具、上传新版本', en: 'Keep the tools and upload new versions' },
    endpoints: signedInOf(toolsApi),
  },
  {
    key: 'things',
    name: { zh: '登记设备、维护数据流，创建、轮换和吊销设备密钥', en: 'Register devices, keep their Datastreams, and create, rotate and revoke device keys' },
    note: ORGANISATION_SCOPE,
    endpoints: signedInOf(thingsApi),
  },
  {
    key: 'alerts',
    name: { zh: '处理告警（确认、关闭），维护告警规则', en: 'Handle alerts (acknowledge, close) and keep the alert rules' },
    note: ORGANISATION_SCOPE,
    endpoints: signedInOf(alertsApi),
  },
  {
    key: 'cameraTrap',
    name: { zh: '审核红外相机照片、上传 SD 卡照片', en: 'Review camera-trap photos and upload SD-card collections' },
    endpoints: signedInOf(cameraTrapApi),
  },
  {
    key: 'verificationSettings',
    name: { zh: '设置核查任务类型的期限规则，上传县级边界', en: 'Set the deadline rules of verification kinds; upload the county boundaries' },
    endpoints: [
      verificationApi.updateVerificationKind,
      verificationSourcesApi.listCountyBoundaries,
      verificationSourcesApi.replaceCountyBoundaries,
      verificationSourcesApi.removeCountyBoundaries,
    ],
  },
  {
    key: 'users',
    name: { zh: '管理用户：新建、编辑、停用、重置密码', en: 'Manage users: create, edit, disable, reset passwords' },
    endpoints: signedInOf(usersApi),
  },
  {
    key: 'organisations',
    name: { zh: '重命名组织机构', en: 'Rename organisations' },
    endpoints: [organisationsApi.renameOrganisation],
  },
  {
    key: 'oidcClients',
    name: { zh: '管理单点登录客户端及其密钥', en: 'Manage single sign-on clients and their secrets' },
    endpoints: signedInOf(oidcClientsApi),
  },
  {
    key: 'site',
    name: { zh: '修改站点设置', en: 'Change the site settings' },
    endpoints: [siteApi.updateSiteSettings],
  },
  {
    key: 'audit',
    name: { zh: '查看和导出审计日志', en: 'Read and export the audit log' },
    endpoints: signedInOf(auditApi),
  },
];

/** The roles `access` lets past the guard (devices: none). */
export function rolesAdmittedBy(access: Access): readonly Role[] {
  if (access.kind === 'device') return [];
  if (access.kind === 'public') return ROLES;
  return access.roles ?? ROLES;
}

/** The roles admitted by every one of `endpoints`. */
function rolesOf(endpoints: readonly Endpoint[]): Role[] {
  return ROLES.filter((role) => endpoints.every((e) => rolesAdmittedBy(e.access).includes(role)));
}

export interface Permission extends PermissionInfo {
  /** the roles that have it, from the declarations */
  roles: Role[];
  /** its endpoint declarations */
  declarations: readonly Endpoint[];
}

/** Every permission with the roles that have it, in the page's order. */
export const PERMISSIONS: readonly Permission[] = SPECS.map((spec) => ({
  key: spec.key,
  nameZh: spec.name.zh,
  nameEn: spec.name.en,
  noteZh: spec.note?.zh ?? null,
  noteEn: spec.note?.en ?? null,
  public: spec.endpoints.every((e) => e.access.kind === 'public'),
  endpoints: spec.endpoints.map((e) => ({ method: e.method, path: e.path })),
  roles: rolesOf(spec.endpoints),
  declarations: spec.endpoints,
}));

/** The keys of the permissions `role` has, in the page's order. */
export function permissionsOf(role: Role): string[] {
  return PERMISSIONS.filter((p) => p.roles.includes(role)).map((p) => p.key);
}
