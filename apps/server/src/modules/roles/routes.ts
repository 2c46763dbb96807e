import type { FastifyInstance } from 'fastify';
import { rolesApi as api } from '@eco/contracts/api/roles';
import type { RoleInfo, RolesAnswer } from '@eco/contracts/users';
import { route } from '../../http/route';
import { PERMISSIONS, permissionsOf } from './permissions';

/**
 * Each role in words, for people (packages/contracts/src/roles.ts, docs/access.md §Roles). What a
 * role may do in detail is `permissions`, derived from the endpoint declarations the server
 * enforces (./permissions.ts).
 */
export const ROLE_INFO: RoleInfo[] = [
  {
    role: 'admin',
    nameZh: '管理员',
    nameEn: 'Administrator',
    descriptionZh: '全部权限：用户、组织机构、站点设置、单点登录、核查设置、审计日志，以及编辑可做的全部工作',
    descriptionEn: 'Everything: users, organisations, site settings, single sign-on, verification settings, the audit log, and all that editors do',
    permissions: permissionsOf('admin'),
  },
  {
    role: 'editor',
    nameZh: '编辑',
    nameEn: 'Editor',
    descriptionZh: '门户内容与感知设备：通知公告、技术规范、应用系统、应用工具，设备与设备密钥、告警规则、红外相机审核',
    descriptionEn:
      "The portal's content and the sensing devices: notices, technical regulations, application systems, tools, devices and their keys, alert rules, camera-trap review",
    permissions: permissionsOf('editor'),
  },
  {
    role: 'staff',
    nameZh: '工作人员',
    nameEn: 'Staff',
    descriptionZh: '登录使用门户：按所属机构使用应用系统，办理本单位的核查任务',
    descriptionEn: "Signed-in use of the portal: application systems by organisation, and their organisation's verification tasks",
    permissions: permissionsOf('staff'),
  },
];

/** The answer of `GET /api/roles`: the roles and every permission (without the declarations themselves). */
export const ROLES_ANSWER: RolesAnswer = {
  roles: ROLE_INFO,
  permissions: PERMISSIONS.map(({ roles: _roles, declarations: _declarations, ...info }) => info),
};

/** The roles: the handler of the declaration in @eco/contracts/api/roles.ts (any signed-in user). */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.listRoles, async () => ROLES_ANSWER);
}
