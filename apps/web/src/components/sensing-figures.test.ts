import { describe, expect, it } from 'vitest';
import type { Overview } from '@eco/contracts/sensing';
import { i18n } from '../i18n/i18n';
import '../i18n/sensing';
import { sensingFigures } from './sensing-figures';

/** The overview of a portal started in November 2026 on the bundled 2023 hour, nobody having pushed. */
const stale: Overview = {
  at: '2026-11-24T20:58:00+08:00',
  things: {
    total: 55,
    online: 0,
    byKind: [{ kind: 'air_quality_station', total: 55, online: 0, defaultIntervalSeconds: 3600 }],
  },
  dataTime: null,
  observationsLast24h: 0,
  stationsByAqiLevel: [1, 2, 3, 4, 5, 6].map((level) => ({ level, stations: 0 })),
  stationsWithoutRecentAqi: 55,
  aqiFreshMinutes: 120,
  aqiTime: null,
  latestAqiTime: '2023-01-21T23:00:00+08:00',
  activeAlerts: 0,
  detectionsLast24h: 0,
};

const t = i18n.getFixedT('zh-CN');
const polluted = (overview: Overview) => sensingFigures(overview, t, 'zh-CN').find((f) => f.key === 'pollutedStations')!;

describe('sensingFigures', () => {
  it('says 无最新数据 in a neutral tone, with how old the newest AQI is, when no station has a fresh one', () => {
    expect(polluted(stale)).toMatchObject({ value: '无最新数据', tone: 'stale', time: '最新为 2023年1月21日 23:00，已超过 2 小时' });
  });

  it('counts the fresh stations above AQI 100 in the alarm tone, with their hour and the stale ones apart', () => {
    const fresh: Overview = {
      ...stale,
      stationsByAqiLevel: [
        { level: 1, stations: 1 },
        { level: 2, stations: 0 },
        { level: 3, stations: 2 },
        { level: 4, stations: 0 },
        { level: 5, stations: 1 },
        { level: 6, stations: 0 },
      ],
      stationsWithoutRecentAqi: 51,
      aqiTime: '2026-11-24T20:00:00+08:00',
      latestAqiTime: '2026-11-24T20:00:00+08:00',
    };
    expect(polluted(fresh)).toMatchObject({ value: '3', tone: 'warn', time: '数据时间 11月24日 20:00 · 另有 51 个站点无最新数据' });
  });

  it('gives every figure the time of its data', () => {
    const figures = sensingFigures({ ...stale, dataTime: '2026-11-24T20:55:00+08:00' }, i18n.getFixedT('en-US'), 'en-US');
    expect(figures.map((f) => [f.key, f.time])).toEqual([
      ['online', 'Data time 24 Nov 20:55'],
      ['observations24h', 'As of 24 Nov 20:58'],
      ['pollutedStations', 'Newest 21 Jan 2023 23:00, over 2 h old'],
      ['activeAlerts', 'As of 24 Nov 20:58'],
      ['detections24h', 'As of 24 Nov 20:58'],
    ]);
  });
});
