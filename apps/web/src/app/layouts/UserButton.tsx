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
      // on phones only the icon shows, so the button says in words whose menu it is; elsewhere its
      // name is the name and role it shows (WCAG 2.5.3, label in name)
      aria-label={compact ? t('session.userMenuLabel', { name: user.displayName, role }) : undefined}
      aria-haspopup="menu"
      {...rest}
    >
      <span className="user-avatar" aria-hidden>
        <UserOutlined aria-hidden />
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
