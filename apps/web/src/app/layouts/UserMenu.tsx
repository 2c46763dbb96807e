import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import type { CurrentUser } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/portal-management/use-sign-out';
import { UserButton } from './UserButton';

/**
 * The signed-in user's menu in the header: 门户管理, 修改密码, 退出登录. Its own chunk (antd's
 * Dropdown brings the Menu machinery), loaded only when someone is signed in, so an anonymous
 * visitor's first load of /home stays light.
 */
export default function UserMenu({ user, compact, initiallyOpen = false }: { user: CurrentUser; compact: boolean; initiallyOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Open at once when the header's button was clicked while this chunk was still loading; after
  // mounting, not while mounting: a popup open from the start is placed only later, and a click
  // aimed at it meanwhile misses.
  useEffect(() => {
    if (initiallyOpen) setOpen(true);
  }, [initiallyOpen]);
  const signOut = useSignOut();

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span className="user-menu-who">
          <span className="user-menu-name">{user.displayName}</span>
          <span className="user-menu-meta">
            {user.account} · {t(`roles.${user.role}`)}
          </span>
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'management', icon: <SettingOutlined aria-hidden />, label: <Link to="/portal-management">{t('session.management')}</Link> },
    {
      key: 'password',
      icon: <LockOutlined aria-hidden />,
      label: <Link to="/portal-management?section=account&focus=password">{t('session.changePassword')}</Link>,
    },
    { type: 'divider' },
    { key: 'signOut', icon: <LogoutOutlined aria-hidden />, label: t('session.signOut') },
  ];

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      menu={{
        items,
        className: 'user-menu',
        onClick: ({ key }) => {
          setOpen(false);
          if (key === 'signOut') void signOut();
        },
      }}
    >
      <UserButton user={user} compact={compact} />
    </Dropdown>
  );
}
