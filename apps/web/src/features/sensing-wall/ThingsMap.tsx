/**
 * The province map of /stgz with every Thing that has a Location: the symbol says the kind
 * (station ●, video camera ■, camera trap ▲, sensor mast ◆), the fill the level of the station's
 * newest AQI while it is fresh (HJ 633-2012 表2; older than AQI_FRESH_MINUTES: grey, 无最新数据, never
 * an alarm colour; other kinds teal), and a bright ring that it is online; retired Things
 * are grey; open verification tasks as pins on top (components/map/task-layer.tsx). Loaded lazily with ECharts (modular imports), like the home page's map.
 */
import { useEffect, useRef, useState } from 'react';
import { GeoComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import type { CityBoundaries } from '@eco/contracts/divisions';
import { isAqiFresh, type Thing, type ThingKind } from '@eco/contracts/sensing';
import type { PublicTask } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import { formatDataTime } from '../../components/format-data-time';
import { GeoScatterChart } from '../../components/map/geo-scatter-chart';
import { currentLocale } from '../../i18n/i18n';
import { TaskTip, taskSeries } from '../../components/map/task-layer';
import { placedThings } from './MapTable';

echarts.use([GeoScatterChart, GeoComponent, CanvasRenderer]);

const MAP_NAME = 'province-things';
const KIND_SYMBOL: Record<ThingKind, string> = { air_quality_station: 'circle', video_camera: 'rect', infrared_camera: 'triangle', sensor_mast: 'diamond' };
const OTHER_FILL = '#36cfc9';
const NO_DATA = '#8c8c8c';

/** The map's drawing at 1920 px wide (a map about 880 px wide); it grows with the map on a bigger wall. */
const BASE_MAP_WIDTH = 880;

/** Whether the station's newest AQI still counts at `at` (AQI_FRESH_MINUTES). */
function freshAqi(thing: Thing, at: string): boolean {
  return thing.aqi !== null && isAqiFresh(thing.aqi.time, at);
}

function fillOf(thing: Thing, at: string): string {
  if (thing.status === 'retired') return '#595959';
  if (thing.kind === 'air_quality_station') return freshAqi(thing, at) ? (aqiLevelOf(thing.aqi?.value)?.color ?? NO_DATA) : NO_DATA;
  return OTHER_FILL;
}

/**
 * @param at the figures' time (the server's clock, ISO 8601): an AQI older than AQI_FRESH_MINUTES
 *   before it is drawn grey.
 */
export default function ThingsMap({ boundaries, things, tasks = [], at }: { boundaries: CityBoundaries; things: Thing[]; tasks?: PublicTask[]; at: string }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const [tip, setTip] = useState<{ x: number; y: number; thing?: Thing; task?: PublicTask } | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const frame = element.current;
    const instance = echarts.init(frame, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const show = (params: echarts.ECElementEvent) => {
      const { thing, task } = (params.data ?? {}) as { thing?: Thing; task?: PublicTask };
      if ((thing || task) && params.event) setTip({ x: params.event.offsetX, y: params.event.offsetY, thing, task });
    };
    instance.on('mouseover', 'series', show);
    instance.on('click', 'series', show);
    instance.on('mouseout', 'series', () => setTip(null));
    const observer = new ResizeObserver(() => {
      // ECharts' geo view cannot lay out in a 0×0 box (hidden or detached); the next real size resizes it
      if (frame.clientWidth > 0 && frame.clientHeight > 0) instance.resize();
    });
    observer.observe(frame);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    echarts.registerMap(MAP_NAME, boundaries as unknown as Parameters<typeof echarts.registerMap>[1]);
    const placed = placedThings(things);
    // labels and symbols grow with the map, so a 4K wall is not drawn at laptop size
    const scale = Math.min(3, Math.max(0.8, (element.current?.clientWidth ?? BASE_MAP_WIDTH) / BASE_MAP_WIDTH));
    chart.current?.setOption(
      {
        geo: {
          map: MAP_NAME,
          roam: false,
          aspectScale: 0.85,
          layoutCenter: ['50%', '50%'],
          layoutSize: '96%',
          label: { show: true, fontSize: Math.round(18 * scale), color: 'rgba(255,255,255,0.8)' },
          itemStyle: { areaColor: '#123d2f', borderColor: '#3ba776', borderWidth: 1 },
          emphasis: { label: { show: true }, itemStyle: { areaColor: '#1a5741' } },
        },
        series: [
          {
            type: 'scatter',
            coordinateSystem: 'geo',
            zlevel: 1,
            emphasis: { scale: 1.6 },
            data: placed.map((th) => ({
              name: th.name,
              value: [th.longitude, th.latitude],
              thing: th,
              symbol: KIND_SYMBOL[th.kind],
              symbolSize: Math.round((th.kind === 'air_quality_station' ? 13 : 12) * scale),
              itemStyle: {
                color: fillOf(th, at),
                borderColor: th.online ? '#ffffff' : '#0b2a20',
                borderWidth: (th.online ? 2 : 0.8) * scale,
                opacity: th.status === 'active' ? 1 : 0.6,
              },
            })),
          },
          taskSeries(tasks),
        ],
      },
      true,
    );
  }, [boundaries, things, tasks, at]);

  return (
    <div className="province-map-frame wall-things-map">
      <div ref={element} className="province-map" style={{ height: '100%' }} role="img" aria-label={t('sensing.wall.map')} data-testid="things-map" />
      {tip?.task && <TaskTip task={tip.task} x={tip.x} y={tip.y} />}
      {tip?.thing && (
        <div className="map-tip" role="tooltip" style={{ left: tip.x + 12, top: tip.y + 12 }}>
          <b>{tip.thing.name}</b> <span className="map-tip-code">{tip.thing.code}</span>
          <div>
            {t(`sensing.kinds.${tip.thing.kind}`)} · {t(`sensing.statuses.${tip.thing.status}`)} ·{' '}
            {tip.thing.online ? t('sensing.online') : t('sensing.offline')}
          </div>
          {tip.thing.positionGeneralised && <div>{t('sensing.positionGeneralised')}</div>}
          {tip.thing.aqi && (
            <div>
              AQI {tip.thing.aqi.value} · {formatDataTime(tip.thing.aqi.time, currentLocale(), at)}
              {!freshAqi(tip.thing, at) && ` · ${t('sensing.wall.noRecentData')}`}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
