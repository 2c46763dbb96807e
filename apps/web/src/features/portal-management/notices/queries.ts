import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { NoticeCategory, NoticeDetail, NoticeInput, NoticeStatus, NoticeSummary } from '@eco/contracts/notices';
import { del, patch, post, request } from '../../../request/request';

const KEY = ['portal-management', 'notices'] as const;

export interface ManagedNoticeFilters {
  keyword?: string;
  category?: NoticeCategory;
  status?: NoticeStatus;
  page: number;
  pageSize: number;
}

/** One page of every notice, any status, most recently changed first (editors). */
export function useManagedNotices(filters: ManagedNoticeFilters) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: () => request<Page<NoticeSummary>>('api/notices/manage', { params: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** One notice in any status with its body and attachments (editors); disabled without an id. */
export function useManagedNotice(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => request<NoticeDetail>(`api/notices/manage/${id}`),
    enabled: id !== null,
  });
}

/** The writes; each reloads the lists (back office, public list, home) and the audit log. */
export function useNoticeMutations() {
  const client = useQueryClient();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: KEY }),
      client.invalidateQueries({ queryKey: ['notices'] }),
      client.invalidateQueries({ queryKey: ['home', 'latest-notices'] }),
      client.invalidateQueries({ queryKey: ['portal-management', 'audit'] }),
    ]);
  return {
    create: useMutation({ mutationFn: (body: NoticeInput) => post<NoticeDetail>('api/notices', body), onSuccess: reload }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: Partial<NoticeInput> }) => patch<NoticeDetail>(`api/notices/${id}`, body), onSuccess: reload }),
    publish: useMutation({
      mutationFn: ({ id, publishAt }: { id: number; publishAt: string | null }) => post<NoticeDetail>(`api/notices/${id}/publish`, { publishAt }),
      onSuccess: reload,
    }),
    withdraw: useMutation({ mutationFn: (id: number) => post<NoticeDetail>(`api/notices/${id}/withdraw`), onSuccess: reload }),
    remove: useMutation({ mutationFn: (id: number) => del<null>(`api/notices/${id}`), onSuccess: reload }),
    upload: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return post<NoticeDetail>(`api/notices/${id}/attachments`, form);
      },
      onSuccess: reload,
    }),
    detach: useMutation({
      mutationFn: ({ id, attachmentId }: { id: number; attachmentId: number }) => del<NoticeDetail>(`api/notices/${id}/attachments/${attachmentId}`),
      onSuccess: reload,
    }),
  };
}
