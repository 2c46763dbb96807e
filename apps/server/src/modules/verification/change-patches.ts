/**
 * Importing remote-sensing change patches (遥感变化图斑) from GeoJSON as `change_patch` tasks
 * (docs/verification.md §Change patches). Patch files differ in their property names (图斑编号
 * may be `TBBH`, `bh`, `patch_id` …), so the caller maps them: which property holds the patch
 * number (its identity), the area in hectares, the dates of the earlier and later images and the
 * interpreted change. Each patch inside the province becomes a task at a point on its polygon;
 * the rest of the import (duplicates, dispatch, audit) is the FIRMS import's (task-import.ts).
 */
import type { MultiPolygon, Polygon } from 'geojson';
import { Value } from 'typebox/value';
import type { ImportResult } from '@eco/contracts/verification';
import { PATCH_MAPPING_KEYS, type PatchMapping, PatchMappingSchema } from '@eco/contracts/verification-sources';
import type { UserActing } from '../../auth/acting';
import { scopeOf } from '../../auth/organisation-scope';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Locale } from '../../http/locale';
import { assertPlays } from './access';
import { featureOf, isProblem, type Problem, pointOn, polygonOf, readFeatureCollection } from './geojson';
import type { GeoJsonUpload } from './geojson-upload';
import { DivisionLocator } from './locate';
import { importRows, type SourceRow } from './task-import';

const KIND = 'change_patch';
const SOURCE = 'change patch';
/** The text parts an upload may carry besides its file. */
export const PATCH_UPLOAD_FIELDS = ['mapping'] as const;
/** The longest patch number kept as a source id. */
const PATCH_NUMBER_MAX = 100;
/** The feature's own properties kept with the task: at most this many, strings cut to STRING_MAX characters. */
const PROPERTIES_MAX = 50;
const STRING_MAX = 500;

/** The mapping sent as the text part `mapping`, or 400 PATCH_MAPPING_INVALID. */
export function readMapping(text: string | undefined): PatchMapping {
  if (text === undefined || text.trim() === '') {
    throw new AppError('PATCH_MAPPING_INVALID', { zh: '缺少表单字段 mapping', en: 'the form field mapping is missing' });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const why = (error as Error).message;
    throw new AppError('PATCH_MAPPING_INVALID', { zh: `mapping 不是 JSON：${why}`, en: `mapping is not JSON: ${why}` });
  }
  if (!Value.Check(PatchMappingSchema, json)) {
    const issues = [...Value.Errors(PatchMappingSchema, json)].map((e) => `${e.instancePath || '/'} ${e.message}`).slice(0, 5);
    const keys = PATCH_MAPPING_KEYS.join(', ');
    throw new AppError('PATCH_MAPPING_INVALID', {
      zh: `mapping 须为对象，键为 ${keys}（patchNumber 必填），值为属性名：${issues.join('; ')}`,
      en: `mapping must be an object of ${keys} (patchNumber required) naming properties: ${issues.join('; ')}`,
    });
  }
  return Object.fromEntries(Object.entries(json).map(([key, name]) => [key, name.trim()])) as PatchMapping;
}

/** `YYYY-MM-DD`, `YYYY/MM/DD`, `YYYY.MM.DD`, `YYYYMMDD` (string or number), or an ISO date-time, as `YYYY-MM-DD`; null when it is no real date of 1970–2099. */
export function dateOf(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{4})[-/.]?(\d{2})[-/.]?(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || year > 2099) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A property's value kept with the task: strings cut to STRING_MAX, booleans as text, objects as JSON text. */
function scalarOf(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return text.length > STRING_MAX ? `${text.slice(0, STRING_MAX)}…` : text;
}

const present = (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

interface Patch {
  patchNumber: string;
  geometry: Polygon | MultiPolygon;
  properties: Record<string, string | number | null>;
  /** the later image's date, when known */
  afterDate: string | null;
}

/** One feature as a patch, or why it is rejected. */
function patchOf(value: unknown, mapping: PatchMapping): Patch | Problem {
  const feature = featureOf(value);
  if (isProblem(feature)) return feature;
  const raw = feature.properties;
  const number = raw[mapping.patchNumber];
  const patchNumber = typeof number === 'string' || typeof number === 'number' ? String(number).trim() : '';
  if (patchNumber === '') return { zh: `没有图斑编号（属性 ${mapping.patchNumber}）`, en: `no patch number (property ${mapping.patchNumber})` };
  if (patchNumber.length > PATCH_NUMBER_MAX) {
    return { zh: `图斑编号超过 ${PATCH_NUMBER_MAX} 个字符`, en: `the patch number is longer than ${PATCH_NUMBER_MAX} characters` };
  }
  const geometry = polygonOf(feature.geometry);
  if (isProblem(geometry)) return geometry;

  let areaHa: number | null = null;
  if (mapping.area && present(raw[mapping.area])) {
    const area = raw[mapping.area];
    areaHa =
      typeof area === 'number' ? area : typeof area === 'string' && /^\s*[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(area) ? Number(area) : Number.NaN;
    if (!Number.isFinite(areaHa) || areaHa < 0) {
      const shown = JSON.stringify(area).slice(0, 40);
      return { zh: `面积 ${shown}（属性 ${mapping.area}）不是非负的公顷数`, en: `area ${shown} (property ${mapping.area}) is not a number of hectares ≥ 0` };
    }
  }
  const dates: Record<'beforeDate' | 'afterDate', string | null> = { beforeDate: null, afterDate: null };
  for (const key of ['beforeDate', 'afterDate'] as const) {
    const name = mapping[key];
    if (!name || !present(raw[name])) continue;
    dates[key] = dateOf(raw[name]);
    if (!dates[key]) {
      const shown = JSON.stringify(raw[name]).slice(0, 40);
      const which = key === 'beforeDate' ? { zh: '前时相', en: 'before date' } : { zh: '后时相', en: 'after date' };
      return {
        zh: `${which.zh} ${shown}（属性 ${name}）不是日期（YYYY-MM-DD、YYYY/MM/DD 或 YYYYMMDD）`,
        en: `${which.en} ${shown} (property ${name}) is not a date (YYYY-MM-DD, YYYY/MM/DD or YYYYMMDD)`,
      };
    }
  }
  if (dates.beforeDate && dates.afterDate && dates.beforeDate > dates.afterDate) {
    return {
      zh: `前时相 ${dates.beforeDate} 晚于后时相 ${dates.afterDate}`,
      en: `the before date ${dates.beforeDate} is after the after date ${dates.afterDate}`,
    };
  }
  const change = mapping.change ? scalarOf(raw[mapping.change]) : null;

  // the feature's own properties, bounded; the mapped values (read above) are added under fixed names
  const properties: Record<string, string | number | null> = {};
  for (const [name, v] of Object.entries(raw).slice(0, PROPERTIES_MAX)) properties[name.slice(0, 100)] = scalarOf(v);
  Object.assign(properties, { patchNumber, areaHa, ...dates, change: change === null ? null : String(change) });
  return { patchNumber, geometry, properties, afterDate: dates.afterDate };
}

/**
 * Imports the change patches of the upload `read` answers (a GeoJSON FeatureCollection and the
 * text part `mapping`) as `acting.user`, who must be province-level (403 FORBIDDEN, before the
 * upload is read). Errors, nothing imported: those of `read`; 400 PATCH_MAPPING_INVALID (no
 * mapping, not JSON, without `patchNumber`, or naming a property no feature has), GEOJSON_INVALID.
 * Rejected features' reasons are in `locale`. `line` of each item is the feature's 1-based number.
 */
export async function importChangePatches(db: Db, now: Date, acting: UserActing, read: () => Promise<GeoJsonUpload>, locale: Locale): Promise<ImportResult> {
  assertPlays(acting.user, await scopeOf(db, acting.user), 'province', null);
  const upload = await read();
  const mapping = readMapping(upload.fields.mapping);
  const features = readFeatureCollection(upload.bytes);
  if (features.length > 0) {
    const names = new Set<string>();
    for (const value of features) {
      const feature = featureOf(value);
      if (!isProblem(feature)) for (const name of Object.keys(feature.properties)) names.add(name);
    }
    const unknown = Object.values(mapping).filter((name) => !names.has(name));
    if (unknown.length > 0) {
      throw new AppError('PATCH_MAPPING_INVALID', {
        zh: `没有要素含有属性 ${unknown.join('、')}`,
        en: `no feature has the propert${unknown.length > 1 ? 'ies' : 'y'} ${unknown.join(', ')}`,
      });
    }
  }
  const locator = await DivisionLocator.load(db);
  const rows = features.map((value, i): SourceRow => {
    const line = i + 1;
    const patch = patchOf(value, mapping);
    if (isProblem(patch)) return { line, reason: locale === 'zh-CN' ? patch.zh : patch.en };
    const [longitude, latitude] = pointOn(patch.geometry);
    const place = locator.locate(longitude, latitude);
    if (!place) return { line, outside: true };
    return {
      line,
      task: {
        source: SOURCE,
        sourceId: patch.patchNumber,
        geometry: patch.geometry,
        longitude,
        latitude,
        // the later image shows the change: China's calendar day, from its start
        detectedAt: patch.afterDate ? new Date(`${patch.afterDate}T00:00:00+08:00`) : now,
        place,
        properties: patch.properties,
      },
    };
  });
  const repeats = (first: number) => (locale === 'zh-CN' ? `与第 ${first} 个要素的图斑编号相同` : `the same patch number as feature ${first}`);
  return importRows(db, now, acting, { kind: KIND, file: upload.fileName, rows, repeats });
}
