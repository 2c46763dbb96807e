import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import Grid from 'antd/es/grid';
import Select from 'antd/es/select';
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import ToolOutlined from '@ant-design/icons/es/icons/ToolOutlined';
import AimOutlined from '@ant-design/icons/es/icons/AimOutlined';
import AlertOutlined from '@ant-design/icons/es/icons/AlertOutlined';
import AuditOutlined from '@ant-design/icons/es/icons/AuditOutlined';
import CameraOutlined from '@ant-design/icons/es/icons/CameraOutlined';
import FileProtectOutlined from '@ant-design/icons/es/icons/FileProtectOutlined';
import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import NotificationOutlined from '@ant-design/icons/es/icons/NotificationOutlined';
import RadarChartOutlined from '@ant-design/icons/es/icons/RadarChartOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import type { CurrentUser } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';
import { DelayedSpinner } from '../../components/DelayedSpinner';
import { loadChunk } from '../../request/chunk';
import { resolveSection, sectionsFor, type SectionKey } from './sections';
import { useQueryState } from './use-query-state';

/** A section's screen: its own chunk (a failed load shows the route's error screen, docs/request-layer.md §Error display). */
const section = (name: string, importer: () => Promise<{ default: ComponentType }>) => lazy(() => loadChunk(`portal-management-${name}`, importer));

const VIEWS: Record<SectionKey, { icon: ReactNode; View: ComponentType }> = {
  account: { icon: <IdcardOutlined aria-hidden />, View: section('account', () => import('./account/AccountSection')) },
  notices: { icon: <NotificationOutlined aria-hidden />, View: section('notices', () => import('./notices/NoticesSection')) },
  regulations: { icon: <FileProtectOutlined aria-hidden />, View: section('regulations', () => import('./regulations/RegulationsSection')) },
  applications: { icon: <AppstoreOutlined aria-hidden />, View: section('applications', () => import('./applications/ApplicationsSection')) },
  tools: { icon: <ToolOutlined aria-hidden />, View: section('tools', () => import('./tools/ToolsSection')) },
  oidcClients: { icon: <KeyOutlined aria-hidden />, View: section('oidc-clients', () => import('./oidc-clients/OidcClientsSection')) },
  things: { icon: <RadarChartOutlined aria-hidden />, View: section('things', () => import('./things/ThingsSection')) },
  alerts: { icon: <AlertOutlined aria-hidden />, View: section('alerts', () => import('./alerts/AlertsSection')) },
  verification: { icon: <AimOutlined aria-hidden />, View: section('verification', () => import('./verification/VerificationSection')) },
  cameraTrap: { icon: <CameraOutlined aria-hidden />, View: section('camera-trap', () => import('./camera-trap/CameraTrapSection')) },
  users: { icon: <TeamOutlined aria-hidden />, View: section('users', () => import('./users/UsersSection')) },
  organisations: { icon: <ApartmentOutlined aria-hidden />, View: section('organisations', () => import('./organisations/OrganisationsSection')) },
  roles: { icon: <SafetyCertificateOutlined aria-hidden />, View: section('roles', () => import('./roles/RolesSection')) },
  site: { icon: <SettingOutlined aria-hidden />, View: section('site', () => import('./site/SiteSettingsSection')) },
  audit: { icon: <AuditOutlined aria-hidden />, View: section('audit', () => import('./audit/AuditLogSection')) },
};

/**
 * The back office: a side navigation of the sections `user`'s role may use (a selector above the
 * section on phones) and the current section (`?section=`; an unknown or forbidden one shows 我的账户).
 * Each section is its own chunk; switching shows the delayed spinner while one loads.
 */
export function BackOffice({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [params] = useQueryState();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const keys = sectionsFor(user.role);
  const current = resolveSection(params.get('section'), user.role);
  const { View } = VIEWS[current];

  return (
    <div className="pm-body">
      {phone ? (
        keys.length > 1 && (
          <Select<SectionKey>
            className="pm-section-select"
            size="large"
            value={current}
            aria-label={t('pm.nav.label')}
            onChange={(key) => navigate(`?section=${key}`)}
            options={keys.map((key) => ({
              value: key,
              label: (
                <span className="pm-section-option">
                  {VIEWS[key].icon}
                  {t(`pm.nav.${key}`)}
                </span>
              ),
            }))}
          />
        )
      ) : (
        <nav className="pm-nav" aria-label={t('pm.nav.label')}>
          {keys.map((key) => (
            <Link key={key} to={`?section=${key}`} className="pm-nav-item" aria-current={key === current ? 'page' : undefined}>
              {VIEWS[key].icon}
              <span>{t(`pm.nav.${key}`)}</span>
            </Link>
          ))}
        </nav>
      )}
      <section className="pm-section" aria-label={t(`pm.nav.${current}`)}>
        {/* keyed: a new boundary shows its (delayed) fallback even inside the router's transition */}
        <Suspense key={current} fallback={<DelayedSpinner />}>
          <View />
        </Suspense>
      </section>
    </div>
  );
}
