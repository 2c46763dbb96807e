import type { ApplicationTile } from '@eco/contracts/applications';
import { useTranslation } from 'react-i18next';
import '../../i18n/applications';

/** Who may use a system, in words: 公开访问 / 登录用户 / 指定角色：管理员、内容编辑 / 指定机构（含下级）：西安市. */
export function useAccessText() {
  const { t, i18n } = useTranslation();
  const separator = i18n.language === 'en-US' ? ', ' : '、';
  return (tile: Pick<ApplicationTile, 'access' | 'accessRoles' | 'accessOrganisations'>): string => {
    if (tile.access === 'roles') return t('apps.access.roles', { roles: tile.accessRoles.map((role) => t(`apps.roles.${role}`)).join(separator) });
    if (tile.access === 'organisations') return t('apps.access.organisations', { organisations: tile.accessOrganisations.map((o) => o.name).join(separator) });
    return t(`apps.access.${tile.access}`);
  };
}
