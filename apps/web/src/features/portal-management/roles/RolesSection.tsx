import Card from 'antd/es/card';
import Grid from 'antd/es/grid';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import { ROLES, type Role } from '@eco/contracts/roles';
import { useTranslation } from 'react-i18next';
import { CAPABILITIES, type Capability } from './capabilities';
import { useRoles } from '../../../api/roles';

/**
 * 角色权限 (administrators): the three roles with the server's description of each, and a table of
 * what each may do. Roles are fixed; a user's role is chosen in 用户管理.
 */
export default function RolesSection() {
  const { t, i18n } = useTranslation();
  const roles = useRoles();
  const phone = Grid.useBreakpoint().sm === false;
  const zh = i18n.language === 'zh-CN';
  const described = new Map((roles.data ?? []).map((r) => [r.role, zh ? r.descriptionZh : r.descriptionEn]));

  const columns: ColumnsType<Capability> = [
    {
      title: t('pm.roles.capability'),
      dataIndex: 'key',
      render: (key: string, c) => (
        <>
          {t(`pm.roles.capabilities.${key}`)}
          {c.later && <div className="pm-sub-line">{t('pm.roles.later')}</div>}
        </>
      ),
    },
    ...ROLES.map((role) => ({
      title: t(`roles.${role}`),
      key: role,
      width: 110,
      align: 'center' as const,
      render: (_: unknown, c: Capability) =>
        c.roles.includes(role) ? (
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
      <div className="role-cards">
        {ROLES.map((role: Role) => (
          <div key={role} className="role-card">
            <div className="role-card-head">
              <span className="role-card-name">{t(`roles.${role}`)}</span>
              <Tag className="pm-mono">{role}</Tag>
            </div>
            <p className="role-card-desc">{described.get(role) ?? t(`pm.roles.summary.${role}`)}</p>
          </div>
        ))}
      </div>
      {phone ? (
        // three role columns do not fit beside the capability on a phone: list who may, per capability
        <ul className="capability-list">
          {CAPABILITIES.map((c) => (
            <li key={c.key}>
              <div>{t(`pm.roles.capabilities.${c.key}`)}</div>
              {c.later && <div className="pm-sub-line">{t('pm.roles.later')}</div>}
              <div className="capability-roles">
                {c.roles.map((role) => (
                  <Tag key={role}>{t(`roles.${role}`)}</Tag>
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table<Capability> rowKey="key" size="middle" className="capability-table" columns={columns} dataSource={[...CAPABILITIES]} pagination={false} />
      )}
    </Card>
  );
}
