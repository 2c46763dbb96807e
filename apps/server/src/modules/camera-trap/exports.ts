/**
 * The review queue as files (docs/camera-trap.md §Exports): CSV for spreadsheets (lib/csv.ts) and
 * GeoJSON (RFC 7946) at each camera trap's Location, for the editors who may see the queue.
 */
import type { CameraTrapItem, ReviewStatus } from '@eco/contracts/camera-trap';
import type { Locale } from '../../http/locale';
import type { CsvColumn } from '../../lib/csv';

/** The most detections in one export. */
export const QUEUE_EXPORT_MAX = 50_000;

const STATUS_NAMES: Record<ReviewStatus, { zh: string; en: string }> = {
  new: { zh: '待审核', en: 'New' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
  corrected: { zh: '已更正', en: 'Corrected' },
  blank: { zh: '空拍', en: 'Blank' },
  human: { zh: '人', en: 'Person' },
  vehicle: { zh: '车辆', en: 'Vehicle' },
  unidentifiable: { zh: '无法识别', en: 'Unidentifiable' },
};

/** One detection as a flat spreadsheet row. */
export interface QueueRecord {
  id: number;
  site: string;
  city: string;
  time: string;
  label: string;
  level: string;
  confidence: number | string;
  count: number;
  status: string;
  species: string;
  reviewedCount: number | string;
  reviewedBy: string;
  reviewedAt: string;
  damaged: string;
  longitude: number | string;
  latitude: number | string;
}

export const QUEUE_COLUMNS: readonly CsvColumn<keyof QueueRecord>[] = [
  { key: 'id', zh: '记录编号', en: 'Detection' },
  { key: 'site', zh: '相机位点', en: 'Site' },
  { key: 'city', zh: '所在市', en: 'City' },
  { key: 'time', zh: '拍摄时间', en: 'Taken' },
  { key: 'label', zh: 'AI 识别', en: 'AI label' },
  { key: 'level', zh: '保护级别', en: 'Protection level' },
  { key: 'confidence', zh: '置信度', en: 'Confidence' },
  { key: 'count', zh: '数量', en: 'Count' },
  { key: 'status', zh: '审核结果', en: 'Review' },
  { key: 'species', zh: '审核物种', en: 'Reviewed species' },
  { key: 'reviewedCount', zh: '审核数量', en: 'Reviewed count' },
  { key: 'reviewedBy', zh: '审核人', en: 'Reviewer' },
  { key: 'reviewedAt', zh: '审核时间', en: 'Reviewed' },
  { key: 'damaged', zh: '图片已损坏', en: 'Image damaged' },
  { key: 'longitude', zh: '经度', en: 'Longitude' },
  { key: 'latitude', zh: '纬度', en: 'Latitude' },
];

/** `item` (at `position`, WGS-84) as a spreadsheet row, names in `locale`. */
export function queueRecord(item: CameraTrapItem, position: [number, number] | null, locale: Locale): QueueRecord {
  const zh = locale === 'zh-CN';
  const name = (species: { scientificName: string; nameZh: string | null } | null) =>
    species ? (zh && species.nameZh ? `${species.nameZh} ${species.scientificName}` : species.scientificName) : '';
  const level = item.review.species?.level ?? item.label.level;
  return {
    id: item.id,
    site: `${item.site.name} (${item.site.code})`,
    city: item.site.cityName ?? '',
    time: item.phenomenonTime,
    label: name(item.label),
    level: level ? (zh ? `国家${level === 'I' ? '一' : '二'}级` : `Class ${level}`) : '',
    confidence: item.confidence ?? '',
    count: item.count,
    status: zh ? STATUS_NAMES[item.review.status].zh : STATUS_NAMES[item.review.status].en,
    species: name(item.review.species),
    reviewedCount: item.review.count ?? '',
    reviewedBy: item.review.reviewedBy ?? '',
    reviewedAt: item.review.reviewedAt ?? '',
    damaged: item.damaged ? (zh ? '是' : 'yes') : '',
    longitude: position?.[0] ?? '',
    latitude: position?.[1] ?? '',
  };
}

/** The detections as a GeoJSON FeatureCollection: a Point at each camera trap (null geometry without a Location). */
export function queueCollection(rows: readonly { item: CameraTrapItem; position: [number, number] | null }[]) {
  return {
    type: 'FeatureCollection' as const,
    features: rows.map(({ item, position }) => ({
      type: 'Feature' as const,
      id: item.id,
      geometry: position ? { type: 'Point' as const, coordinates: position } : null,
      properties: item,
    })),
  };
}
