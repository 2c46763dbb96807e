/**
 * Field verification (核查任务): queries and writes of @eco/contracts/api/verification and
 * …/verification-figures (docs/verification.md). A write reloads the whole verification area
 * (lists, the open task, statistics, the headline of /home and /stgz) and the audit log.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import { verificationApi as api } from '@eco/contracts/api/verification';
import { verificationFiguresApi as figures } from '@eco/contracts/api/verification-figures';
import type { Feedback, StepNote, UpdateVerificationKind } from '@eco/contracts/verification';
import { areaKey, call, hrefOf, keyOf, queryOf } from './client';
import type { RefreshOptions } from './sensing';

export type TaskFilters = NonNullable<QueryOf<typeof api.listVerificationTasks>>;
export type ExportFilters = Omit<TaskFilters, 'page' | 'pageSize'>;

/** The kinds with their deadline rule and verdicts (signed-in users). */
export function useVerificationKinds() {
  return useQuery({ ...queryOf(api.listVerificationKinds), staleTime: 5 * 60_000 });
}

/** One page of tasks within the user's scope, newest detection first; the previous page stays while the next loads. */
export function useVerificationTasks(filters: TaskFilters) {
  return useQuery({ ...queryOf(api.listVerificationTasks, { query: filters }), placeholderData: keepPreviousData });
}

/** One task with its steps, photos and what the user may do now; `id` null: nothing. */
export function useVerificationTask(id: number | null) {
  return useQuery({ ...queryOf(api.getVerificationTask, { params: { id: id ?? 0 } }), enabled: id !== null });
}

/** Per kind and city: found, dispatched, fed back, closed, overdue, median hours to feedback. */
export function useVerificationStatistics(query: NonNullable<QueryOf<typeof figures.getVerificationStatistics>>) {
  return useQuery({ ...queryOf(figures.getVerificationStatistics, { query }), placeholderData: keepPreviousData });
}

/** The address of the statistics CSV with `query`, relative to the page. */
export function statisticsCsvHref(query: NonNullable<QueryOf<typeof figures.getVerificationStatistics>>): string {
  return hrefOf(figures.exportVerificationStatisticsCsv, { query });
}

/** The day's figures of each kind (everyone; /home and /stgz). */
export function useVerificationSummary(options: RefreshOptions = {}) {
  return useQuery({ ...queryOf(figures.getVerificationSummary), ...options });
}

/** Open tasks with generalised positions, for the public map. */
export function usePublicTasks(options: RefreshOptions = {}) {
  return useQuery({ ...queryOf(figures.listPublicTasks), ...options });
}

/** The addresses of the task list's CSV and GeoJSON downloads with `filters`, relative to the page. */
export function taskExportHrefs(filters: ExportFilters) {
  return { csv: hrefOf(figures.exportVerificationTasksCsv, { query: filters }), geojson: hrefOf(figures.exportVerificationTasksGeoJson, { query: filters }) };
}

/** The address of a task photo: its upright thumbnail or the original. */
export function taskPhotoHref(id: number, size: 'thumb' | 'full' = 'thumb'): string {
  return hrefOf(api.getTaskPhoto, { params: { id }, query: { size } });
}

function useReload() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: areaKey('verification') }), client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) })]);
}

/** The steps a task can take; `feedback` needs a verdict, `return` a note. */
export type TaskStep = 'dispatch' | 'start' | 'feedback' | 'return' | 'close';
const STEP_ENDPOINTS = {
  dispatch: api.dispatchVerificationTask,
  start: api.startVerificationTask,
  feedback: api.feedBackVerificationTask,
  return: api.returnVerificationTask,
  close: api.closeVerificationTask,
} as const;

/** Imports, the kinds' rules (administrators), dispatch and the steps; each resolves with what the server answered. */
export function useVerificationMutations() {
  const onSuccess = useReload();
  return {
    importSample: useMutation({ mutationFn: () => call(api.importSampleHotspots), onSuccess }),
    importHotspots: useMutation({ mutationFn: (csv: string) => call(api.importHotspots, { body: csv }), onSuccess }),
    updateKind: useMutation({
      mutationFn: ({ code, body }: { code: string; body: UpdateVerificationKind }) => call(api.updateVerificationKind, { params: { code }, body }),
      onSuccess,
    }),
    dispatchMany: useMutation({ mutationFn: (ids: number[]) => call(api.dispatchVerificationTasks, { body: { ids } }), onSuccess }),
    step: useMutation({
      mutationFn: ({ id, step, body }: { id: number; step: TaskStep; body: StepNote | Feedback }) =>
        call(STEP_ENDPOINTS[step] as typeof api.feedBackVerificationTask, { params: { id }, body: body as Feedback }),
      onSuccess,
    }),
  };
}

/**
 * Uploads one photo of task `taskId`, reporting the fraction sent; resolves with the stored photo
 * (the same one when the file was sent before). Failures are shown by the request layer; the
 * caller offers a retry.
 */
export function uploadTaskPhoto(taskId: number, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file);
  return call(api.uploadTaskPhoto, { params: { id: taskId }, body }, { onUploadProgress: onProgress, signal });
}
