import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { useInitialState } from '../../state/initial-state';
import { ApplicationEntries } from './ApplicationEntries';
import { HomeMap } from './HomeMap';
import { KeyFigures } from './KeyFigures';
import { LatestNotices } from './LatestNotices';
import { LatestRegulations } from './LatestRegulations';
import { SensingFigures } from './SensingFigures';
import './home.css';

/**
 * /home (首页): the system's purpose, key figures, the province map of stations, latest regulations,
 * notices and applications. Each part asks for its own data, so an answer arriving re-renders that
 * part only, not the whole page (issue 13 item 9: total blocking time on a phone).
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { settings } = useInitialState();
  return (
    <div className="home">
      <section className="home-hero">
        <h1 className="home-title">{settings.title}</h1>
        <p className="home-intro">{t('home.intro')}</p>
        <KeyFigures />
        <SensingFigures />
      </section>

      <div className="home-grid">
        <HomeMap />
        <div className="home-side">
          <Panel title={t('home.latestRegulations')} extra={<Link to="/technical-regulations">{t('common.viewAll')}</Link>} className="home-regulations">
            <LatestRegulations />
          </Panel>
          <Panel title={t('home.latestNotices')} extra={<Link to="/notification-announcement">{t('common.viewAll')}</Link>}>
            <LatestNotices />
          </Panel>
          <Panel title={t('home.applications')} extra={<Link to="/application-platform">{t('common.viewAll')}</Link>}>
            <ApplicationEntries />
          </Panel>
        </div>
      </div>
    </div>
  );
}
