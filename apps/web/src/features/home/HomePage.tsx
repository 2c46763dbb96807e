import { Link } from 'react-router-dom';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { NearScreen } from '../../components/NearScreen';
import { Panel } from '../../components/Panel';
import { useInitialState } from '../../state/initial-state';
import { ApplicationEntries } from './ApplicationEntries';
import { HomeMap } from './HomeMap';
import { KeyFigures } from './KeyFigures';
import { LatestNotices } from './LatestNotices';
import { LatestRegulations } from './LatestRegulations';
import { SensingFigures } from './SensingFigures';
import './home.css';

/** What a list under the map shows until a visitor comes near it (components/NearScreen.tsx). */
const LIST_PLACEHOLDER = <Skeleton paragraph={{ rows: 4 }} />;

/**
 * /home (首页): the system's purpose, key figures, the province map of stations, latest regulations,
 * notices and applications. Each part asks for its own data, so an answer arriving re-renders that
 * part only, not the whole page, and the map and the notices and applications under it come when a
 * visitor is near them (issue 13 item 9: total blocking time on a phone). The latest regulations
 * render at once: the key figures ask for the same answer.
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
            <NearScreen placeholder={LIST_PLACEHOLDER}>
              <LatestNotices />
            </NearScreen>
          </Panel>
          <Panel title={t('home.applications')} extra={<Link to="/application-platform">{t('common.viewAll')}</Link>}>
            <NearScreen placeholder={LIST_PLACEHOLDER}>
              <ApplicationEntries />
            </NearScreen>
          </Panel>
        </div>
      </div>
    </div>
  );
}
