import { lazy, Suspense, useRef } from 'react';
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
import { useNearScreen } from '../../components/use-near-screen';
import { WarningResult } from '../../components/WarningResult';
import { currentLocale } from '../../i18n/i18n';

// ECharts and the map data arrive after first paint (issue: FCP must not wait for them)
const ProvinceMap = lazy(() => import('../../components/map/ProvinceMap'));

/**
 * The home page's map panel: the province map of stations and open verification tasks, with its data
 * time and legend. It asks for its own data (stations, open tasks; the city boundaries once the map
 * is near the screen), so an answer arriving re-renders this panel, not the whole page; the map's code
 * is fetched and the map drawn once the panel is in view (on a phone it starts just below the first
 * screen), so a visitor who does not scroll to it never pays for drawing it while the page loads
 * (issue 13 item 9: total blocking time).
 */
export function HomeMap() {
  const { t } = useTranslation();
  const stations = useStations();
  const tasks = usePublicTasks({ refetchInterval: 60_000 });
  const mapPlace = useRef<HTMLDivElement>(null);
  const mapMayLoad = useNearScreen(mapPlace, { idle: true });
  const mapInView = useNearScreen(mapPlace, { onScreen: true });
  const boundaries = useCityBoundaries({ enabled: mapMayLoad });
  const items = stations.data?.items;
  const newest = items ? newestTime(items) : null;
  return (
    <Panel
      title={t('home.mapTitle')}
      className="home-map-card"
      extra={newest && <span className="map-time">{t('home.mapDataTime', { time: formatDataTime(newest, currentLocale()) })}</span>}
    >
      {/* where the map goes: its data loads once this is near the screen, the map once it is in view */}
      <div ref={mapPlace} />
      {stations.isError || boundaries.isError ? (
        <WarningResult title={t('home.mapLoadFailed')} />
      ) : items && boundaries.data && mapInView ? (
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
