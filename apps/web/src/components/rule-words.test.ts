import { afterEach, describe, expect, it } from 'vitest';
import type { ObservedProperty } from '@eco/contracts/sensing';
import { i18n } from '../i18n/i18n';
import { conditionText, durationText, propertyName, ruleName } from './rule-words';

const PROPERTIES: ObservedProperty[] = [
  { code: 'aqi', nameZh: '空气质量指数', nameEn: 'Air quality index', unit: '', minValue: 0, maxValue: 500 },
  { code: 'pm2_5', nameZh: 'PM2.5', nameEn: 'PM2.5', unit: 'µg/m³', minValue: 0, maxValue: 1000 },
  { code: 'fire_danger_level', nameZh: '森林火险等级', nameEn: 'Fire danger level', unit: '', minValue: 1, maxValue: 5 },
];

const t = i18n.t.bind(i18n);
const threshold = (observedProperty: string, comparator: string, value: number) =>
  conditionText(t, i18n, { kind: 'threshold', observedProperty, comparator, threshold: value, silentMinutes: null }, PROPERTIES);
const silence = (minutes: number) =>
  conditionText(t, i18n, { kind: 'silence', observedProperty: null, comparator: null, threshold: null, silentMinutes: minutes }, PROPERTIES);

afterEach(() => void i18n.changeLanguage('zh-CN'));

describe('alert-rule conditions in words', () => {
  it('reads a threshold as the property’s name, a comparison word and the value with its unit', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(threshold('aqi', '>', 200)).toBe('空气质量指数 高于 200');
    expect(threshold('pm2_5', '>=', 75)).toBe('PM2.5 不低于 75 µg/m³');
    expect(threshold('fire_danger_level', '>=', 4)).toBe('森林火险等级 不低于 4');
    expect(threshold('pm2_5', '<', 5)).not.toMatch(/[<>]/);
  });

  it('reads a silence rule as how long without data, in the largest whole unit', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(silence(180)).toBe('3 小时无数据');
    expect(silence(45)).toBe('45 分钟无数据');
    expect(silence(90)).toBe('1 小时 30 分钟无数据');
    expect(silence(2880)).toBe('2 天无数据');
  });

  it('speaks English in en-US', async () => {
    await i18n.changeLanguage('en-US');
    expect(threshold('aqi', '>', 200)).toBe('Air quality index above 200');
    expect(threshold('pm2_5', '<=', 35)).toBe('PM2.5 at or below 35 µg/m³');
    expect(silence(180)).toBe('No data for 3 h');
    expect(silence(1440)).toBe('No data for 1 day');
    expect(silence(4320)).toBe('No data for 3 days');
    expect(durationText(t, 30)).toBe('30 min');
  });

  it('names a property by its name, and keeps the code only for one the portal does not know', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(propertyName(i18n, 'fire_danger_level', PROPERTIES)).toBe('森林火险等级');
    expect(propertyName(i18n, 'soil_moisture', PROPERTIES)).toBe('soil_moisture');
  });
});

describe('alert-rule names in the language on screen', () => {
  const seededAqi = {
    name: 'AQI 超过 200（重度污染及以上）',
    kind: 'threshold' as const,
    observedProperty: 'aqi',
    comparator: '>',
    threshold: 200,
    silentMinutes: null,
  };
  const seededSilence = {
    name: '监测站 3 小时无数据',
    kind: 'silence' as const,
    observedProperty: null,
    comparator: null,
    threshold: null,
    silentMinutes: 180,
  };
  const english = { ...seededAqi, name: 'Very unhealthy air (AQI > 200)' };

  it('shows zh-CN readers every name as it was typed', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(ruleName(t, i18n, seededAqi, PROPERTIES)).toBe('AQI 超过 200（重度污染及以上）');
    expect(ruleName(t, i18n, seededSilence, PROPERTIES)).toBe('监测站 3 小时无数据');
    expect(ruleName(t, i18n, english, PROPERTIES)).toBe('Very unhealthy air (AQI > 200)');
  });

  it('names a Chinese-named rule by its condition in en-US, with no Chinese left', async () => {
    await i18n.changeLanguage('en-US');
    expect(ruleName(t, i18n, seededAqi, PROPERTIES)).toBe('Air quality index above 200');
    expect(ruleName(t, i18n, seededSilence, PROPERTIES)).toBe('No data for 3 h');
    expect(ruleName(t, i18n, { ...seededAqi, name: '大风预警', observedProperty: 'pm2_5', comparator: '>=', threshold: 75 }, PROPERTIES)).toBe(
      'PM2.5 at or above 75 µg/m³',
    );
    for (const rule of [seededAqi, seededSilence]) expect(ruleName(t, i18n, rule, PROPERTIES)).not.toMatch(/\p{Script=Han}/u);
  });

  it('keeps a name typed without Chinese in en-US', async () => {
    await i18n.changeLanguage('en-US');
    expect(ruleName(t, i18n, english, PROPERTIES)).toBe('Very unhealthy air (AQI > 200)');
  });
});
