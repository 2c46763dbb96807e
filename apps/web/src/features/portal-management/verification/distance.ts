import distance from '@turf/distance';

/** Metres between two WGS-84 points given as [longitude, latitude] (great-circle, @turf/distance). */
export function metresBetween(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.round(distance([a[0], a[1]], [b[0], b[1]], { units: 'meters' }));
}

/** A distance for people: `850 米` / `850 m` below a kilometre, else `2.4 公里` / `2.4 km`. */
export function formatDistance(metres: number, locale: 'zh-CN' | 'en-US'): string {
  if (metres < 1000) return locale === 'zh-CN' ? `${Math.round(metres)} 米` : `${Math.round(metres)} m`;
  const km = (metres / 1000).toFixed(metres < 10_000 ? 1 : 0);
  return locale === 'zh-CN' ? `${km} 公里` : `${km} km`;
}
