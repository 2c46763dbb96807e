/**
 * The province map: city boundaries with their names, and the stations on top, coloured by their
 * latest AQI level (HJ 633-2012 表2); open verification tasks as pins above them (./task-layer.tsx); the same data
 * as tables under it for those who cannot see the map (./MapDataTable.tsx). ECharts is imported modularly (echarts/core) and this module
 * is loaded lazily, so a screen's first paint never waits for it.
 */
import { useEffect, useRef, useState } from 'react';
import { GeoComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import { isAqiFresh } from '@eco/contracts/freshness';
import type { CityBoundaries } from '@eco/contracts/divisions';
import type { Station } from '@eco/contracts/stations';
import type { PublicTask } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { useFontScale } from '../use-font-scale';
import { GeoScatterChart } from './geo-scatter-chart';
import { MapDataTable } from './MapDataTable';
import { TaskTip, taskSeries } from './task-layer';
import './map.css';

echarts.use([GeoScatterChart, GeoComponent, CanvasRenderer]);

const MAP_NAME = 'province';
const NO_DATA_COLOR = '#bfbfbf';

export interface ProvinceMapProps {
  boundaries: CityBoundaries;
  stations: Station[];
  /** open verification tasks, as pins above the stations */
  tasks?: PublicTask[];
  /** CSS height, e.g. 560 or '70vh' */
  height: number | string;
  dark?: boolean;
}

interface Tip {
  x: number;
  y: number;
  station: Station;
}

/** The station under the pointer: name, city, AQI and category, PM2.5, time (React text, never HTML). */
function StationTip({ tip, width }: { tip: Tip; width: number }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const s = tip.station;
  const aqi = s.latest?.values.aqi;
  const level = aqiLevelOf(aqi);
  const colon = zh ? '：' : ': ';
  // keep the box inside the map: flip to the left of the pointer near the right edge
  const left = tip.x > width - 220 ? tip.x - 12 : tip.x + 12;
  return (
    <div className="map-tip" role="tooltip" style={{ left, top: tip.y + 12, transform: tip.x > width - 220 ? 'translateX(-100%)' : undefined }}>
      <b>{s.name}</b> <span className="map-tip-code">{s.code}</span>
      <div>
        {t('home.tooltip.city')}
        {colon}
        {s.cityName ?? s.area}
      </div>
      <div>
        {t('home.tooltip.aqi')}
        {colon}
        {aqi ?? '—'}
        {level && <span className="map-tip-level" style={{ background: level.color }} />}
        {level && (zh ? level.categoryZh : level.categoryEn)}
      </div>
      <div>
        {t('home.tooltip.pm25')}
        {colon}
        {s.latest?.values.pm2_5 ?? '—'} µg/m³
      </div>
      {s.latest && (
        <div>
          {t('home.tooltip.time')}
          {colon}
          {s.latest.time.slice(0, 16).replace('T', ' ')}
        </div>
      )}
    </div>
  );
}

export default function ProvinceMap({ boundaries, stations, tasks = [], height, dark = false }: ProvinceMapProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const [taskTip, setTaskTip] = useState<{ x: number; y: number; task: PublicTask } | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const frame = element.current;
    const instance = echarts.init(frame, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const show = (params: echarts.ECElementEvent) => {
      const { station, task } = (params.data ?? {}) as { station?: Station; task?: PublicTask };
      const event = params.event?.event as MouseEvent | undefined;
      if (station && params.event) setTip({ x: params.event.offsetX, y: params.event.offsetY, station });
      if (task && params.event) setTaskTip({ x: params.event.offsetX, y: params.event.offsetY, task });
      event?.stopPropagation?.();
    };
    instance.on('mouseover', 'series', show);
    instance.on('click', 'series', show); // touch screens have no hover
    const hide = () => {
      setTip(null);
      setTaskTip(null);
    };
    instance.on('mouseout', 'series', hide);
    instance.getZr().on('click', (e) => {
      if (!e.target) hide();
    });
    const observer = new ResizeObserver(() => {
      // The box is 0×0 while the map is hidden or detached (as the next screen replaces this one);
      // ECharts' geo view cannot lay out in no space and throws. The next real size resizes it.
      if (frame.clientWidth > 0 && frame.clientHeight > 0) instance.resize();
    });
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  // the city names follow the text size the visitor chose: 12 px at the standard size
  const labelPx = Math.round(12 * useFontScale());

  useEffect(() => {
    // ECharts reads `properties.name` for region names; the GeoJSON type differs only nominally
    echarts.registerMap(MAP_NAME, boundaries as unknown as Parameters<typeof echarts.registerMap>[1]);
    const now = new Date();
    chart.current?.setOption(
      {
        geo: {
          map: MAP_NAME,
          roam: false,
          aspectScale: 0.85,
          layoutCenter: ['50%', '50%'],
          layoutSize: '96%',
          label: { show: true, fontSize: labelPx, color: dark ? 'rgba(255,255,255,0.75)' : '#2f4f3f' },
          itemStyle: { areaColor: dark ? '#123d2f' : '#e3f1e8', borderColor: dark ? '#3ba776' : '#7fb495', borderWidth: 1 },
          emphasis: { label: { show: true }, itemStyle: { areaColor: dark ? '#1a5741' : '#cfe7d8' } },
        },
        series: [
          {
            type: 'scatter',
            coordinateSystem: 'geo',
            symbolSize: 10,
            zlevel: 1,
            emphasis: { scale: 1.6 },
            data: stations.map((s) => ({
              name: s.name,
              value: [s.longitude, s.latitude, s.latest?.values.aqi ?? null],
              station: s,
              itemStyle: {
                // coloured by its level only while fresh (docs/sensing.md §Freshness): an old hour is grey, never an alarm
                color: (s.latest && isAqiFresh(s.latest.time, now) ? aqiLevelOf(s.latest.values.aqi)?.color : undefined) ?? NO_DATA_COLOR,
                borderColor: dark ? '#0b2a20' : '#4a4a4a',
                borderWidth: 0.8,
              },
            })),
          },
          taskSeries(tasks),
        ],
      },
      true,
    );
  }, [boundaries, stations, tasks, dark, labelPx]);

  return (
    <div className="province-map-frame">
      <div ref={element} className="province-map" style={{ height }} role="img" aria-label={t('home.mapTitle')} />
      {tip && <StationTip tip={tip} width={element.current?.clientWidth ?? 0} />}
      {taskTip && <TaskTip task={taskTip.task} x={taskTip.x} y={taskTip.y} />}
      <MapDataTable stations={stations} tasks={tasks} dark={dark} />
    </div>
  );
}
