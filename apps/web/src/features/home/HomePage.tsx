import { lazy, type RefObject, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AqiLegend } from '../../components/map/AqiLegend';
import { useCityBoundaries } from '../../api/geography';
import { useLatestRegulations } from '../../api/regulations';
import { useStations } from '../../api/stations';
import { usePublicTasks } from '../../api/verification';
import { newestTime } from '../../components/map/newest-time';
import { RegulationStatusTag } from '../../components/RegulationStatusTag';
import { useInitialState } from '../../state/initial-state';
import { Panel } from '../../components/Panel';
import { ApplicationEntries } from './ApplicationEntries';
import { KeyFigures } from './KeyFigures';
import { LatestNotices } from './LatestNotices';
import { SensingFigures } from './SensingFigures';
import './home.css';
import { WarningResult } from '../../components/WarningResult';

// ECharts and the map data arrive after first paint (issue: FCP must not wait for them)
const ProvinceMap = lazy(() => import('../../components/map/ProvinceMap'));

/** The longest the map waits for the browser to be idle once it is near the screen (ms). */
const MAP_IDLE_TIMEOUT_MS = 2000;

/**
 * False until the element of `near` is within one screen height of the visible part of the page and the browser has
 * then had an idle moment (or {@link MAP_IDLE_TIMEOUT_MS} have passed); true from then on. The map's chunk (ECharts)
 * and its drawing wait for it: on a phone the map is further down than the first screen, and a visitor who never
 * scrolls to it never pays for it; elsewhere it comes after the page's text and figures instead of competing with
 * them for the main thread (issue 13 item 9: total blocking time).
 */
function useNearAndIdle(near: RefObject<HTMLElement | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = near.current;
    let cancelIdle = () => {};
    // a transition, so rendering the map yields to input instead of blocking it
    const whenIdle = () => {
      const go = () => startTransition(() => setReady(true));
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(go, { timeout: MAP_IDLE_TIMEOUT_MS });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const timer = setTimeout(go, 0);
        cancelIdle = () => clearTimeout(timer);
      }
    };
    if (!element || typeof IntersectionObserver !== 'function') {
      whenIdle();
      return () => cancelIdle();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        whenIdle();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [near]);
  return ready;
}

/** /home (首页): the system's purpose, key figures, the province map of stations, latest regulations. */
export default function HomePage() {
  const { t } = useTranslation();
  const { settings } = useInitialState();
  const stations = useStations();
  const boundaries = useCityBoundaries();
  const regulations = useLatestRegulations();
  const tasks = usePublicTasks({ refetchInterval: 60_000 });
  const items = stations.data?.items;
  const newest = items ? newestTime(items) : null;
  const mapPlace = useRef<HTMLDivElement>(null);
  const mapMayLoad = useNearAndIdle(mapPlace);

  return (
    <div className="home">
      <section className="home-hero">
        <h1 className="home-title">{settings.title}</h1>
        <p className="home-intro">{t('home.intro')}</p>
        <KeyFigures stations={items} regulationsTotal={regulations.data?.total} />
        <SensingFigures />
      </section>

      <div className="home-grid">
        <Panel
          title={t('home.mapTitle')}
          className="home-map-card"
          extra={newest && <span className="map-time">{t('home.mapDataTime', { time: newest.slice(0, 16).replace('T', ' ') })}</span>}
        >
          {/* where the map goes: it loads once this is near the screen */}
          <div ref={mapPlace} />
          {stations.isError || boundaries.isError ? (
            <WarningResult title={t('home.mapLoadFailed')} />
          ) : items && boundaries.data && mapMayLoad ? (
            items.length === 0 ? (
              <Empty description={t('home.mapNoData')} />
            ) : (
              <Suspense fallback={<Skeleton.Node active className="map-skeleton" />}>
                <ProvinceMap boundaries={boundaries.data} stations={items} tasks={tasks.data} height="min(640px, 120vw)" />
              </Suspense>
            )
          ) : (
            <Skeleton.Node active className="map-skeleton" />
          )}
          <AqiLegend />
        </Panel>

        <div className="home-side">
          <Panel title={t('home.latestRegulations')} extra={<Link to="/technical-regulations">{t('common.viewAll')}</Link>} className="home-regulations">
            {regulations.isPending ? (
              <Skeleton active paragraph={{ rows: 4 }} />
            ) : (regulations.data?.items.length ?? 0) === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <ul className="latest-list">
                {regulations.data?.items.map((r) => (
                  <li key={r.id}>
                    <Link to={`/technical-regulations?id=${r.id}`} className="latest-title">
                      {r.title}
                    </Link>
                    <div className="latest-meta">
                      <Tag className="code-tag">{r.code}</Tag>
                      <span>{r.issuedOn ?? t('common.unknown')}</span>
                      <RegulationStatusTag status={r.status} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
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
