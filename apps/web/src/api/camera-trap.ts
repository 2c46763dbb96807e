/**
 * The camera-trap review queue (红外相机识别审核): queries and writes of
 * @eco/contracts/api/camera-trap (docs/camera-trap.md). A review or an upload changes the queue,
 * the species per site and perhaps the verification tasks, so each reloads those areas and the
 * audit log.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import { cameraTrapApi as api } from '@eco/contracts/api/camera-trap';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import { thingsApi } from '@eco/contracts/api/things';
import type { Review, UploadResult } from '@eco/contracts/camera-trap';
import { CAMERA_TRAP_KIND } from '@eco/contracts/sensing';
import { areaKey, call, hrefOf, keyOf, queryOf } from './client';

export type QueueFilters = NonNullable<QueryOf<typeof api.listCameraTrapQueue>>;

/**
 * One page of the queue within the user's organisation scope, newest frame first, filtered by
 * review status and camera trap. The previous page stays on screen while the next loads.
 */
export function useCameraTrapQueue(filters: QueueFilters) {
  return useQuery({ ...queryOf(api.listCameraTrapQueue, { query: filters }), placeholderData: keepPreviousData });
}

/** The addresses of the queue's CSV and GeoJSON downloads with `filters` (no paging), relative to the page. */
export function queueExportHrefs(filters: Omit<QueueFilters, 'page' | 'pageSize'>) {
  return { csv: hrefOf(api.exportCameraTrapQueueCsv, { query: filters }), geojson: hrefOf(api.exportCameraTrapQueueGeoJson, { query: filters }) };
}

/** Per camera trap (optionally one), the species reviewers confirmed there with counts and level. */
export function useSiteSpecies(thingId?: number) {
  return useQuery(queryOf(api.listCameraTrapSiteSpecies, { query: thingId ? { thingId } : {} }));
}

/** Species of the national list (2021) whose Chinese or scientific name contains `q` (at most 30). */
export function useSpeciesSearch(q: string) {
  return useQuery({ ...queryOf(api.searchProtectedSpecies, { query: { q, limit: 30 } }), placeholderData: keepPreviousData });
}

/** The camera traps (kind `infrared_camera`) of the registry, by code, at most 100: the sites to upload for and filter by. */
export function useCameraTraps() {
  return useQuery(queryOf(thingsApi.listThings, { query: { kind: CAMERA_TRAP_KIND, pageSize: 100 } }));
}

function useReload() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: areaKey('camera traps') }),
      client.invalidateQueries({ queryKey: areaKey('verification') }),
      client.invalidateQueries({ queryKey: areaKey('sensing') }),
      client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) }),
    ]);
}

/** Review one detection; resolves with the item as the queue now shows it. */
export function useReviewMutation() {
  const onSuccess = useReload();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: Review }) => call(api.reviewCameraTrapDetection, { params: { id }, body }), onSuccess });
}

/** What goes with one uploaded photo besides the file: the AI label, its confidence (0–1), when it was taken (ISO 8601). */
export interface PhotoFields {
  scientificName?: string;
  confidence?: number;
  takenAt?: string;
}

/**
 * Uploads one photo of camera trap `thingId` (one request per file: the caller sends a collection
 * file by file and shows each result itself, so failures are not shown by the request layer).
 * Rejects with the request layer's error (its `message` is the server's words); call `reload`
 * when the collection is done.
 */
export function uploadPhoto(thingId: number, file: File, fields: PhotoFields = {}): Promise<UploadResult> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') body.append(name, String(value));
  body.append('file', file, file.name);
  return call(api.uploadCameraTrapPhoto, { params: { id: thingId }, body }, { skipErrorHandler: true });
}

/** Reloads what an upload changes (the queue, the audit log): after a collection is sent. */
export function useUploadReload() {
  return useReload();
}
