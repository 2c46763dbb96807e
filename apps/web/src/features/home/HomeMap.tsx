import { lazy, type RefObject, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { useCityBoundaries } from '../../api/geography';
import { useStations } from '../../api/stations';
import { usePublicTasks } from '../../api/verification';
import { formatDataTime } from '../../components/format-data-time';
import { AqiLegend } from '../../components/map/AqiLegend';
import { newestTime } from '../../components/map/newest-time';
import { Panel } from '../../components/Panel';
import { WarningResult } from '../../components/WarningResult';
import { currentLocale } from '../../i18n/i18n';

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

/**
 * The home page's map panel: the province map of stations and open verification tasks, with its data
 * time and legend. It asks for its own data (stations, open tasks; the city boundaries only once the
 * map may load), so an answer arriving re-renders this panel, not the whole page (issue 13 item 9:
 * total blocking time).
 */
export function HomeMap() {
  const { t } = useTranslation();
  const stations = useStations();
  const tasks = usePublicTasks({ refetchInterval: 60_000 });
  const mapPlace = useRef<HTMLDivElement>(null);
  const mapMayLoad = useNearAndIdle(mapPlace);
  const boundaries = useCityBoundaries({ enabled: mapMayLoad });
  const items = stations.data?.items;
  const newest = items ? newestTime(items) : null;
  return (
    <Panel
      title={t('home.mapTitle')}
      className="home-map-card"
      extra={newest && <span className="map-time">{t('home.mapDataTime', { time: formatDataTime(newest, currentLocale()) })}</span>}
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
  );
}
