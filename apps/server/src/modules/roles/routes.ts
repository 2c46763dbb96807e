import type { FastifyInstance } from 'fastify';
import { rolesApi as api } from '@eco/contracts/api/roles';
import type { RoleInfo } from '@eco/contracts/users';
import { route } from '../../http/route';

/**
 * What each role may do (packages/contracts/src/roles.ts). The server enforces it on every
 * endpoint (auth/guards.ts); this is the same in words, for people.
 */
export const ROLE_INFO: RoleInfo[] = [
  {
    role: 'admin',
    nameZh: '管理员',
    nameEn: 'Administrator',
    descriptionZh: '全部权限：用户、角色与机构、站点设置、审计日志，以及编辑可做的全部内容管理',
    descriptionEn: 'Everything: users, roles and organisations, site settings, the audit log, and all that editors do',
  },
  {
    role: 'editor',
    nameZh: '编辑',
    nameEn: 'Editor',
    descriptionZh: '门户内容：发布和维护通知公告、技术规范、应用系统与应用工具',
    descriptionEn: "The portal's content: publishing and keeping notices, technical regulations, application systems and tools",
  },
  {
    role: 'staff',
    nameZh: '工作人员',
    nameEn: 'Staff',
    descriptionZh: '登录后使用门户，按所属机构访问应用系统',
    descriptionEn: 'Signed-in use of the portal; access to application systems by organisation',
  },
];

/** The roles: the handler of the declaration in @eco/contracts/api/roles.ts (any signed-in user). */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.listRoles, async () => ROLE_INFO);
}
