import { useState } from 'react';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '@eco/contracts/roles';
import type { User } from '@eco/contracts/users';
import { useTranslation } from 'react-i18next';
import { useInitialState } from '../../../state/initial-state';
import { formatTime } from '../format';
import { OrganisationSelect } from '../organisations/OrganisationSelect';
import { KeywordSearch } from '../KeywordSearch';
import { FilterSelect, ListSection } from '../ListSection';
import { pageParam, useQueryState } from '../use-query-state';
import { useUserMutations, useUsers } from '../../../api/users';
import { TemporaryPasswordModal, type TemporaryPasswordResult } from './TemporaryPasswordModal';
import { UserFormDrawer } from './UserFormDrawer';

const PAGE_SIZE = 10;
const ROLE_COLOURS: Record<Role, string> = { admin: 'volcano', editor: 'geekblue', staff: 'green' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);

/**
 * 用户管理 (administrators): the users with keyword search (account or name), filters by role,
 * status and organisation, pagination (all in the address); creating and editing in a drawer;
 * disabling and enabling with a confirmation; resetting a password, whose temporary password (like
 * a new user's) is shown once.
 */
export default function UsersSection() {
  const { t } = useTranslation();
  const { currentUser } = useInitialState();
  const [params, update] = useQueryState();
  const keyword = params.get('keyword') ?? '';
  const role = oneOf(ROLES, params.get('role'));
  const status = oneOf(USER_STATUSES, params.get('status'));
  const orgParam = Number(params.get('org'));
  const organisationId = Number.isInteger(orgParam) && orgParam > 0 ? orgParam : undefined;
  const page = pageParam(params);
  /** bumped by 重置, to empty the keyword box */
  const [resets, setResets] = useState(0);
  // kept while the drawer closes, so its title does not change during the animation
  const [drawer, setDrawer] = useState<{ open: boolean; user: User | null }>({ open: false, user: null });
  const [temporary, setTemporary] = useState<TemporaryPasswordResult | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const list = useUsers({ keyword: keyword || undefined, role, status, organisationId, page, pageSize: PAGE_SIZE });
  const { disable, enable, resetPassword } = useUserMutations();
  const selfId = currentUser?.id ?? -1;

  const confirmStatus = (user: User) => {
    const disabling = user.status === 'active';
    void modal.confirm({
      title: t(disabling ? 'pm.users.confirm.disableTitle' : 'pm.users.confirm.enableTitle', { account: user.account }),
      content: t(disabling ? 'pm.users.confirm.disableBody' : 'pm.users.confirm.enableBody', { name: user.displayName }),
      okText: t(disabling ? 'pm.users.disable' : 'pm.users.enable'),
      okButtonProps: { danger: disabling },
      cancelText: t('pm.common.cancel'),
      onOk: async () => {
        try {
          await (disabling ? disable : enable).mutateAsync(user.id);
          void message.success(t(disabling ? 'pm.users.confirm.disabled' : 'pm.users.confirm.enabled', { account: user.account }));
        } catch {
          // the request layer has said why
        }
      },
    });
  };

  const confirmReset = (user: User) => {
    void modal.confirm({
      title: t('pm.users.confirm.resetTitle', { account: user.account }),
      content: t('pm.users.confirm.resetBody', { name: user.displayName }),
      okText: t('pm.users.resetPassword'),
      okButtonProps: { danger: true },
      cancelText: t('pm.common.cancel'),
      onOk: async () => {
        try {
          setTemporary({ kind: 'reset', data: await resetPassword.mutateAsync(user.id) });
        } catch {
          // the request layer has said why
        }
      },
    });
  };

  const columns: ColumnsType<User> = [
    {
      title: t('pm.users.columns.account'),
      dataIndex: 'account',
      width: 160,
      render: (account: string, user) => (
        <>
          <span className="pm-mono">{account}</span>
          {user.id === selfId && <Tag className="self-tag">{t('pm.users.you')}</Tag>}
          {/* phones hide the name and status columns: they go under the account */}
          <div className="pm-sub-line pm-phone-only">
            {user.displayName}
            {user.status === 'disabled' && ` · ${t('pm.users.statuses.disabled')}`}
          </div>
        </>
      ),
    },
    { title: t('pm.users.columns.displayName'), dataIndex: 'displayName', responsive: ['sm'] },
    {
      title: t('pm.users.columns.role'),
      dataIndex: 'role',
      width: 110,
      render: (r: Role) => <Tag color={ROLE_COLOURS[r]}>{t(`roles.${r}`)}</Tag>,
    },
    {
      title: t('pm.users.columns.organisation'),
      dataIndex: 'organisation',
      width: 150,
      responsive: ['lg'],
      render: (org: User['organisation']) => org?.name ?? <span className="pm-muted">{t('pm.account.noOrganisation')}</span>,
    },
    {
      title: t('pm.users.columns.status'),
      dataIndex: 'status',
      width: 170,
      responsive: ['md'],
      render: (s: UserStatus, user) => (
        <>
          <Badge status={s === 'active' ? 'success' : 'default'} text={t(`pm.users.statuses.${s}`)} />
          <div className="pm-sub-line">
            {user.mustChangePassword && s === 'active'
              ? t('pm.users.mustChange')
              : user.lastSignInAt
                ? t('pm.users.lastSignIn', { time: formatTime(user.lastSignInAt) })
                : t('pm.users.neverSignedIn')}
          </div>
        </>
      ),
    },
    {
      title: t('pm.users.columns.actions'),
      key: 'actions',
      width: 190,
      render: (_, user) => (
        <Space size={0} wrap className="row-actions">
          <Button type="link" size="small" onClick={() => setDrawer({ open: true, user })}>
            {t('pm.users.edit')}
          </Button>
          {/* one's own password is changed under 我的账户, never reset (the server refuses) */}
          {user.id !== selfId && (
            <Button type="link" size="small" onClick={() => confirmReset(user)}>
              {t('pm.users.resetPassword')}
            </Button>
          )}
          {user.id !== selfId && (
            <Button type="link" size="small" danger={user.status === 'active'} onClick={() => confirmStatus(user)}>
              {t(user.status === 'active' ? 'pm.users.disable' : 'pm.users.enable')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListSection<User>
      title={t('pm.nav.users')}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({ open: true, user: null })}>
          {t('pm.users.create')}
        </Button>
      }
      filters={
        <>
          <KeywordSearch key={resets} keyword={keyword} label={t('pm.users.keyword')} onSearch={(value) => update({ keyword: value })} />
          <FilterSelect<Role>
            label={t('pm.users.columns.role')}
            value={role}
            options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            onChange={(value) => update({ role: value })}
          />
          <FilterSelect<UserStatus>
            label={t('pm.users.columns.status')}
            value={status}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`pm.users.statuses.${s}`) }))}
            onChange={(value) => update({ status: value })}
          />
          <OrganisationSelect
            className="pm-filter-org"
            placeholder={t('pm.users.columns.organisation')}
            value={organisationId}
            onChange={(value) => update({ org: value })}
          />
          <Button
            icon={<UndoOutlined aria-hidden />}
            onClick={() => {
              setResets((n) => n + 1);
              update({ keyword: undefined, role: undefined, status: undefined, org: undefined });
            }}
          >
            {t('common.reset')}
          </Button>
        </>
      }
      rowKey="id"
      columns={columns}
      table={{
        className: 'users-table',
        locale: { emptyText: t('pm.users.empty') },
        rowClassName: (user) => (user.status === 'disabled' ? 'is-disabled' : ''),
      }}
      paging={{ data: list.data, loading: list.isFetching, current: page, pageSize: PAGE_SIZE, onChange: (next) => update({ page: next }, false) }}
    >
      {modalHolder}
      <UserFormDrawer
        open={drawer.open}
        user={drawer.user}
        selfId={selfId}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onCreated={(data) => setTemporary({ kind: 'created', data })}
      />
      <TemporaryPasswordModal result={temporary} onClose={() => setTemporary(null)} />
    </ListSection>
  );
}
