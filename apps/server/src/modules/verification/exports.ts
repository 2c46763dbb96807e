/**
 * The task list as files (docs/verification.md §Exports): CSV for spreadsheets (lib/csv.ts: UTF-8
 * with BOM, formulas neutralised) and GeoJSON (RFC 7946) for GIS, each of the tasks the user may
 * see that match the list's filters.
 */
import type { TaskStatus, VerificationKind, VerificationTask } from '@eco/contracts/verification';
import type { StatisticsRow } from '@eco/contracts/verification-figures';
import type { Locale } from '../../http/locale';
import type { CsvColumn } from '../../lib/csv';

/** The most tasks in one export. */
export const EXPORT_MAX = 50_000;

const STATUS_NAMES: Record<TaskStatus, { zh: string; en: string }> = {
  pending: { zh: '待下发', en: 'Pending' },
  dispatched: { zh: '已下发', en: 'Dispatched' },
  verifying: { zh: '核查中', en: 'Verifying' },
  fed_back: { zh: '已反馈', en: 'Fed back' },
  closed: { zh: '已办结', en: 'Closed' },
};

/** One task as a flat record for a spreadsheet, names in `locale`. */
export interface TaskRecord {
  id: number;
  kind: string;
  status: string;
  source: string;
  sourceId: string;
  longitude: number;
  latitude: number;
  detectedAt: string;
  divisionCode: string;
  divisionName: string;
  cityName: string;
  organisation: string;
  deadlineAt: string;
  overdue: string;
  verdict: string;
  dispatchedAt: string;
  feedbackAt: string;
  closedAt: string;
}

export const TASK_COLUMNS: readonly CsvColumn<keyof TaskRecord>[] = [
  { key: 'id', zh: '任务编号', en: 'Task' },
  { key: 'kind', zh: '类型', en: 'Kind' },
  { key: 'status', zh: '状态', en: 'Status' },
  { key: 'source', zh: '来源', en: 'Source' },
  { key: 'sourceId', zh: '来源编号', en: 'Source ID' },
  { key: 'longitude', zh: '经度', en: 'Longitude' },
  { key: 'latitude', zh: '纬度', en: 'Latitude' },
  { key: 'detectedAt', zh: '发现时间', en: 'Detected' },
  { key: 'divisionCode', zh: '区划代码', en: 'Division code' },
  { key: 'divisionName', zh: '所在区划', en: 'Division' },
  { key: 'cityName', zh: '所在市', en: 'City' },
  { key: 'organisation', zh: '责任单位', en: 'Responsible organisation' },
  { key: 'deadlineAt', zh: '反馈期限', en: 'Deadline' },
  { key: 'overdue', zh: '是否超期', en: 'Overdue' },
  { key: 'verdict', zh: '核查结论', en: 'Verdict' },
  { key: 'dispatchedAt', zh: '下发时间', en: 'Dispatched' },
  { key: 'feedbackAt', zh: '反馈时间', en: 'Fed back' },
  { key: 'closedAt', zh: '办结时间', en: 'Closed' },
];

/** Names of kinds and verdicts in `locale`, looked up by code. */
export function namer(kinds: readonly VerificationKind[], locale: Locale) {
  const pick = (named: { zh: string; en: string }) => (locale === 'zh-CN' ? named.zh : named.en);
  const kindsByCode = new Map(kinds.map((kind) => [kind.code, kind]));
  return {
    kind: (code: string) => {
      const kind = kindsByCode.get(code);
      return kind ? pick(kind) : code;
    },
    verdict: (kind: string, code: string | null) => {
      const verdict = code === null ? undefined : kindsByCode.get(kind)?.verdicts.find((v) => v.code === code);
      return verdict ? pick(verdict) : (code ?? '');
    },
    status: (status: TaskStatus) => pick(STATUS_NAMES[status]),
    yes: (value: boolean) => (value ? pick({ zh: '是', en: 'yes' }) : pick({ zh: '否', en: 'no' })),
  };
}

/** `task` as a spreadsheet row (times ISO 8601 with +08:00; empty where not yet). */
export function taskRecord(task: VerificationTask, names: ReturnType<typeof namer>): TaskRecord {
  return {
    id: task.id,
    kind: names.kind(task.kind),
    status: names.status(task.status),
    source: task.source,
    sourceId: task.sourceId,
    longitude: task.longitude,
    latitude: task.latitude,
    detectedAt: task.detectedAt,
    divisionCode: task.divisionCode,
    divisionName: task.divisionName,
    cityName: task.cityName,
    organisation: task.organisation?.name ?? '',
    deadlineAt: task.deadlineAt ?? '',
    overdue: names.yes(task.overdue),
    verdict: names.verdict(task.kind, task.verdict),
    dispatchedAt: task.dispatchedAt ?? '',
    feedbackAt: task.feedbackAt ?? '',
    closedAt: task.closedAt ?? '',
  };
}

/** The tasks as a GeoJSON FeatureCollection: each task's geometry, its fields (codes, not names) as properties. */
export function taskCollection(tasks: readonly VerificationTask[]) {
  return {
    type: 'FeatureCollection' as const,
    features: tasks.map(({ geometry, properties, ...task }) => ({
      type: 'Feature' as const,
      id: task.id,
      geometry,
      properties: { ...task, organisation: task.organisation?.name ?? null, source_properties: properties },
    })),
  };
}

/** The columns of the statistics CSV (a StatisticsRow with the kind named). */
export const STATISTICS_COLUMNS: readonly CsvColumn<keyof StatisticsRow>[] = [
  { key: 'kind', zh: '类型', en: 'Kind' },
  { key: 'divisionCode', zh: '区划代码', en: 'Division code' },
  { key: 'divisionName', zh: '区划', en: 'Division' },
  { key: 'found', zh: '发现', en: 'Found' },
  { key: 'dispatched', zh: '已下发', en: 'Dispatched' },
  { key: 'fedBack', zh: '已反馈', en: 'Fed back' },
  { key: 'closed', zh: '已办结', en: 'Closed' },
  { key: 'overdue', zh: '超期', en: 'Overdue' },
  { key: 'medianHoursToFeedback', zh: '反馈用时中位数（小时）', en: 'Median hours to feedback' },
];
