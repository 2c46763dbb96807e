/** Server state shared by the screens that show the province map. */
import { useQuery } from '@tanstack/react-query';
import type { CityBoundaries } from '@eco/contracts/divisions';
import type { Page } from '@eco/contracts/envelope';
import type { Station } from '@eco/contracts/stations';
import { request } from '../../request/request';

/** The province's city boundaries (GeoJSON, WGS-84); cached for the session. */
export function useCityBoundaries() {
  return useQuery({
    queryKey: ['city-boundaries'],
    queryFn: () => request<CityBoundaries>('api/city-boundaries'),
    staleTime: Infinity,
  });
}

/** Every air-quality station with its latest published values (55 in the bundled data; one page of up to 200). */
export function useStations() {
  return useQuery({
    queryKey: ['stations'],
    queryFn: () => request<Page<Station>>('api/stations', { params: { pageSize: 200 } }),
    staleTime: 60_000,
  });
}

/** The newest observation time over all stations (ISO string), or null when none has data. */
export function newestTime(stations: Station[]): string | null {
  let newest: string | null = null;
  for (const s of stations) {
    const time = s.latest?.time;
    if (time && (!newest || Date.parse(time) > Date.parse(newest))) newest = time;
  }
  return newest;
}
