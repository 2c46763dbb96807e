import type { Station } from '@eco/contracts/stations';

/**
 * The newest observation time over all stations (their `latest.time`, ISO 8601 with offset), as
 * given; null when none has data.
 */
export function newestTime(stations: Station[]): string | null {
  let newest: string | null = null;
  for (const s of stations) {
    const time = s.latest?.time;
    if (time && (!newest || Date.parse(time) > Date.parse(newest))) newest = time;
  }
  return newest;
}
