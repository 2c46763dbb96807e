/**
 * The sensing hub's public reads (感知中枢): queries of @eco/contracts/api/sensing, shared by /home
 * and /stgz so both screens read one cache entry per endpoint and input (docs/web.md §API). A screen passes its own refresh interval; the live event stream
 * (`sensingStreamHref`) tells /stgz when to refetch sooner.
 */
import { useQuery } from '@tanstack/react-query';
import { sensingApi as api } from '@eco/contracts/api/sensing';
import type { Detection } from '@eco/contracts/sensing';
import { hrefOf, queryOf } from './client';

/** Per screen: how often a query is refetched while it is shown, ms (none: only when invalidated). */
export interface RefreshOptions {
  refetchInterval?: number;
}

/**
 * The key figures (`GET /api/sensing/overview`): Things online / total by kind, Observations and
 * detections in 24 h, stations by HJ 633-2012 AQI level at the newest hour, active alerts; times
 * ISO 8601, +08:00.
 */
export function useSensingOverview(options: RefreshOptions = {}) {
  return useQuery({ ...queryOf(api.getSensingOverview), ...options });
}

/** Every Thing with its WGS-84 location, kind, status and newest AQI, for the map (at most 5 000). */
export function useMapThings(options: RefreshOptions = {}) {
  return useQuery({ ...queryOf(api.listMapThings), ...options });
}

/** The newest Observation of the most recently heard Datastreams, newest first, at most `limit` (1–200). */
export function useLatestObservations(limit: number, options: RefreshOptions = {}) {
  return useQuery({ ...queryOf(api.listLatestObservations, { query: { limit } }), ...options });
}

/** The newest `limit` (1–100) camera-trap detections, newest first, with species names and protection level. */
export function useRecentDetections(limit: number, options: RefreshOptions = {}) {
  return useQuery({ ...queryOf(api.listRecentDetections, { query: { limit } }), ...options });
}

/**
 * The address of a detection's image (`GET /api/sensing/detections/{id}/image`), relative to the
 * page: `thumb`, a small WebP without metadata for everyone, named with its version (`v`, the
 * first 16 hex digits of its SHA-256) so the browser keeps it for a year and a re-upload changes
 * the address; or `full`, the original, for signed-in users only (it may carry the EXIF position
 * of a protected species).
 */
export function detectionImageHref(detection: Pick<Detection, 'id' | 'imageSha256'>, size: 'thumb' | 'full'): string {
  const v = size === 'thumb' && detection.imageSha256 ? detection.imageSha256.slice(0, 16) : undefined;
  return hrefOf(api.getDetectionImage, { params: { id: detection.id }, query: v === undefined ? { size } : { size, v } });
}

/** The address of the live event stream (`GET /api/sensing/stream`, server-sent events), relative to the page. */
export function sensingStreamHref(): string {
  return hrefOf(api.streamSensingEvents);
}
