import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../components/format-data-time';
import { currentLocale } from '../../i18n/i18n';
import '../../i18n/sensing';
import { useInitialState } from '../../state/initial-state';
import { DisplayModeSwitch } from '../display-mode/DisplayModeSwitch';
import './portal-layout.css';

/** The wall clock with the date and weekday in the province's time (UTC+08:00), updated every second. */
function Clock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="portal-clock" dateTime={now.toISOString()} title={t('sensing.wall.clockLabel')} data-testid="portal-clock">
      {formatClock(now, currentLocale())}
    </time>
  );
}

/**
 * The standalone portal layout of /stgz (docs/routes.md §Route table: outside the main layout): a full-screen
 * frame for a control-room wall with the system's name, the clock, the 无障碍 switch and a way back to the portal.
 */
export default function PortalLayout() {
  const { t } = useTranslation();
  const { settings } = useInitialState();
  useEffect(() => {
    document.title = `${t('sensingWall.title')} - ${settings.title}`;
  }, [settings.title, t]);
  return (
    <div className="portal-layout">
      <header className="portal-header">
        <Link to="/home" className="portal-back">
          ← {t('sensingWall.back')}
        </Link>
        <h1>
          {settings.title} · {t('sensingWall.title')}
        </h1>
        <div className="portal-header-end">
          <DisplayModeSwitch dark />
          <Clock />
        </div>
      </header>
      <main className="portal-main">
        <Outlet />
      </main>
    </div>
  );
}
