import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Grid from 'antd/es/grid';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import { ROLES } from '@eco/contracts/roles';
import type { PermissionInfo, RoleInfo } from '@eco/contracts/users';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../../../api/roles';
import './roles-section.css';

/** A permission's name and any further rule the server checks, in the language on screen. */
function PermissionName({ permission, zh }: { permission: PermissionInfo; zh: boolean }) {
  const note = zh ? permission.noteZh : permission.noteEn;
  return (
    <>
      <div>{zh ? permission.nameZh : permission.nameEn}</div>
      {note && <div className="pm-sub-line">{note}</div>}
    </>
  );
}

/** The endpoints a permission covers, as `METHOD /path` (for integrators and auditors). */
function Endpoints({ permission }: { permission: PermissionInfo }) {
  const { t } = useTranslation();
  return (
    <div className="permission-endpoints">
      <div className="pm-sub-line">{t('pm.roles.endpoints', { count: permission.endpoints.length })}</div>
      <ul>
        {permission.endpoints.map((e) => (
          <li key={`${e.method} ${e.path}`} className="pm-mono">
            <span className="permission-method">{e.method}</span> {e.path}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 角色权限 (administrators): the three roles with the server's description of each, and a table of
 * every permission and which roles have it, generated from `GET /api/roles`, whose permissions the
 * server derives from the same endpoint declarations its guards enforce (so nothing here can say
 * a role may do what the server refuses, or miss what it allows). A row opens to its endpoints.
 * Roles are fixed; a user's role is chosen in 用户管理.
 */
export default function RolesSection() {
  const { t, i18n } = useTranslation();
  const answer = useRoles();
  const phone = Grid.useBreakpoint().sm === false;
  const zh = i18n.language === 'zh-CN';
  const roles: RoleInfo[] = answer.data?.roles ?? [];
  const permissions = answer.data?.permissions ?? [];
  const has = new Map(roles.map((r) => [r.role, new Set(r.permissions)]));
  const holders = (key: string) => ROLES.filter((role) => has.get(role)?.has(key));

  const columns: ColumnsType<PermissionInfo> = [
    { title: t('pm.roles.capability'), key: 'name', render: (_: unknown, p) => <PermissionName permission={p} zh={zh} /> },
    ...ROLES.map((role) => ({
      title: t(`roles.${role}`),
      key: role,
      width: 110,
      align: 'center' as const,
      render: (_: unknown, p: PermissionInfo) =>
        has.get(role)?.has(p.key) ? (
          <CheckOutlined className="capability-yes" aria-label={t('pm.roles.allowed')} />
        ) : (
          <span className="capability-no" role="img" aria-label={t('pm.roles.denied')}>
            —
          </span>
        ),
    })),
  ];

  return (
    <Card title={t('pm.nav.roles')}>
      <p className="pm-intro">{t('pm.roles.intro')}</p>
      {answer.isError && <Alert type="error" showIcon title={t('pm.roles.loadFailed')} style={{ marginBottom: 16 }} />}
      <div className="role-cards">
        {roles.map((role) => (
          <div key={role.role} className="role-card">
            <div className="role-card-head">
              {/* named as everywhere else in the portal (用户管理, 我的账户), so the card and the column agree */}
              <span className="role-card-name">{t(`roles.${role.role}`)}</span>
              <Tag className="pm-mono">{role.role}</Tag>
            </div>
            <p className="role-card-desc">{zh ? role.descriptionZh : role.descriptionEn}</p>
          </div>
        ))}
      </div>
      {phone ? (
        // three role columns do not fit beside the permission on a phone: list who has it, per permission
        <ul className="capability-list">
          {permissions.map((p) => (
            <li key={p.key}>
              <PermissionName permission={p} zh={zh} />
              <div className="capability-roles">
                {holders(p.key).map((role) => (
                  <Tag key={role}>{t(`roles.${role}`)}</Tag>
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table<PermissionInfo>
          rowKey="key"
          size="middle"
          className="capability-table"
          columns={columns}
          dataSource={permissions}
          loading={answer.isLoading}
          pagination={false}
          expandable={{
            expandedRowRender: (p) => <Endpoints permission={p} />,
            columnTitle: <span className="visually-hidden">{t('pm.roles.showEndpoints')}</span>,
          }}
        />
      )}
    </Card>
  );
}
