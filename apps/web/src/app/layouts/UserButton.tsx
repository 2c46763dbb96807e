import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import type { CurrentUser } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';

export interface UserButtonProps extends ComponentPropsWithoutRef<'button'> {
  user: CurrentUser;
  /** phones: the icon only (the name and role show in the menu it opens) */
  compact?: boolean;
}

/**
 * The header's "who is signed in": an icon, the display name and the role. A plain button, so the
 * header can show it before the menu behind it (a lazy chunk) has loaded; the menu wraps it.
 */
export const UserButton = forwardRef<HTMLButtonElement, UserButtonProps>(function UserButton({ user, compact = false, className, ...rest }, ref) {
  const { t } = useTranslation();
  const role = t(`roles.${user.role}`);
  return (
    <button
      ref={ref}
      type="button"
      className={`user-button${compact ? ' user-button-compact' : ''}${className ? ` ${className}` : ''}`}
      aria-label={t('session.userMenuLabel', { name: user.displayName, role })}
      {...rest}
    >
      <span className="user-avatar" aria-hidden>
        <UserOutlined />
      </span>
      {!compact && (
        <>
          <span className="user-name">{user.displayName}</span>
          <span className="user-role">{role}</span>
        </>
      )}
    </button>
  );
});
