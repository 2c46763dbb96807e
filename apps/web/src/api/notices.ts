/** Notices (通知公告): queries and writes of @eco/contracts/api/notices. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import { noticesApi as api } from '@eco/contracts/api/notices';
import type { NoticeDetail, NoticeInput, NoticePatch } from '@eco/contracts/notices';
import { auditApi } from '@eco/contracts/api/audit';
import { areaKey, call, hrefOf, keyOf, queryOf } from './client';

export type NoticeFilters = NonNullable<QueryOf<typeof api.listNotices>>;
export type ManagedNoticeFilters = NonNullable<QueryOf<typeof api.listManagedNotices>>;

/** One page of published notices (pinned first, newest first); the previous page stays while the next loads. */
export function useNotices(filters: NoticeFilters) {
  return useQuery({ ...queryOf(api.listNotices, { query: filters }), placeholderData: keepPreviousData });
}

/** One published notice in full (each load counts a view); disabled without an id. Not found is shown in place, not as an error message. */
export function useNotice(id: number | null) {
  return useQuery({
    ...queryOf(api.getNotice, { params: { id: id ?? 0 } }, { skipErrorHandler: true }),
    enabled: id !== null,
    retry: false,
  });
}

/** The address of a notice's attachment: to download (with its name) or to show in the page (`inline`). */
export function noticeAttachmentHref(id: number, attachmentId: number, disposition: 'attachment' | 'inline' = 'attachment'): string {
  return hrefOf(api.downloadNoticeAttachment, { params: { id, attachmentId }, query: disposition === 'inline' ? { disposition } : {} });
}

/** One page of every notice, any status, most recently changed first (editors). */
export function useManagedNotices(filters: ManagedNoticeFilters) {
  return useQuery({ ...queryOf(api.listManagedNotices, { query: filters }), placeholderData: keepPreviousData });
}

/** One notice in any status with its body and attachments (editors); disabled without an id. */
export function useManagedNotice(id: number | null) {
  return useQuery({ ...queryOf(api.getManagedNotice, { params: { id: id ?? 0 } }), enabled: id !== null });
}

/**
 * The writes; each reloads every notice query (back office, public list, home) and the audit log.
 * The notice each answers is put in place at once as the back office's copy of it, so a drawer
 * that has just saved a new draft shows it without a reload (no skeleton over an upload under way).
 * `upload` takes `onProgress` (0–1, the share of the file sent).
 */
export function useNoticeMutations() {
  const client = useQueryClient();
  const onSuccess = (notice: NoticeDetail | null) => {
    if (notice) client.setQueryData(keyOf(api.getManagedNotice, { params: { id: notice.id } }), notice);
    return Promise.all([client.invalidateQueries({ queryKey: areaKey('notices') }), client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) })]);
  };
  return {
    create: useMutation({ mutationFn: (body: NoticeInput) => call(api.createNotice, { body }), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: NoticePatch }) => call(api.updateNotice, { params: { id }, body }), onSuccess }),
    publish: useMutation({
      mutationFn: ({ id, publishAt }: { id: number; publishAt: string | null }) => call(api.publishNotice, { params: { id }, body: { publishAt } }),
      onSuccess,
    }),
    unschedule: useMutation({ mutationFn: (id: number) => call(api.unscheduleNotice, { params: { id } }), onSuccess }),
    withdraw: useMutation({ mutationFn: (id: number) => call(api.withdrawNotice, { params: { id } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => call(api.deleteNotice, { params: { id } }), onSuccess: () => onSuccess(null) }),
    upload: useMutation({
      mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: (fraction: number) => void }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return call(api.attachToNotice, { params: { id }, body }, { onUploadProgress: onProgress });
      },
      onSuccess,
    }),
    detach: useMutation({
      mutationFn: ({ id, attachmentId }: { id: number; attachmentId: number }) => call(api.detachFromNotice, { params: { id, attachmentId } }),
      onSuccess,
    }),
  };
}
