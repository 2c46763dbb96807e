/** The national air-quality stations: queries of @eco/contracts/api/stations. */
import { useQuery } from '@tanstack/react-query';
import { stationsApi as api } from '@eco/contracts/api/stations';
import { queryOf } from './client';

/** The largest page of stations (the province has 55 in the bundled data). */
const ALL_STATIONS = 200;

/**
 * Every air-quality station with its latest published values (values µg/m³ except `co` mg/m³;
 * times ISO 8601, +08:00), as one page of up to 200; fresh for a minute (the network publishes hourly).
 */
export function useStations() {
  return useQuery({ ...queryOf(api.listStations, { query: { pageSize: ALL_STATIONS } }), staleTime: 60_000 });
}
