/** Server state of /stgz (and the figures of /home): the sensing hub's read endpoints. */
import { useQuery } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { Alert, Detection, LatestObservation, Overview, Thing } from '@eco/contracts/sensing';
import { request } from '../../request/request';

export const SENSING_KEY = ['sensing'] as const;

/** Key figures; refreshed every minute as a fallback when the live stream is down. */
export function useOverview() {
  return useQuery({ queryKey: [...SENSING_KEY, 'overview'], queryFn: () => request<Overview>('api/sensing/overview'), refetchInterval: 60_000 });
}

/** Every Thing with location, kind, status and newest AQI (the map). */
export function useMapThings() {
  return useQuery({ queryKey: [...SENSING_KEY, 'things'], queryFn: () => request<Thing[]>('api/sensing/things'), refetchInterval: 120_000 });
}

/** The newest observation of the most recently heard Datastreams. */
export function useLatestObservations(limit: number) {
  return useQuery({ queryKey: [...SENSING_KEY, 'latest', limit], queryFn: () => request<LatestObservation[]>('api/sensing/latest', { params: { limit } }) });
}

/** Open and acknowledged alerts, newest first. */
export function useActiveAlerts(pageSize: number) {
  return useQuery({ queryKey: [...SENSING_KEY, 'alerts', pageSize], queryFn: () => request<Page<Alert>>('api/sensing/alerts', { params: { status: 'active', pageSize } }) });
}

export function useRecentDetections(limit: number) {
  return useQuery({ queryKey: [...SENSING_KEY, 'detections', limit], queryFn: () => request<Detection[]>('api/sensing/detections', { params: { limit } }) });
}
