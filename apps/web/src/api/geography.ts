/** The province's geography: queries of @eco/contracts/api/geography. */
import { useQuery } from '@tanstack/react-query';
import { geographyApi as api } from '@eco/contracts/api/geography';
import { queryOf } from './client';

/**
 * The province's city boundaries (GeoJSON FeatureCollection, WGS-84, `properties.code` the 4-digit
 * city code), for the map; kept for the session, since they change only with a data release.
 * `enabled: false` waits to ask (a map that is not drawn yet).
 */
export function useCityBoundaries({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...queryOf(api.getCityBoundaries), staleTime: Infinity, enabled });
}

/** Province → cities → counties with their codes (2, 4 and 6 digits); kept for the session. */
export function useDivisions() {
  return useQuery({ ...queryOf(api.getDivisions), staleTime: Infinity });
}
