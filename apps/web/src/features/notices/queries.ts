import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { NoticeCategory, NoticeDetail, NoticeSummary } from '@eco/contracts/notices';
import { request } from '../../request/request';

export interface NoticeFilters {
  keyword?: string;
  category?: NoticeCategory;
  /** YYYY-MM-DD, the province's calendar, inclusive */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** One page of published notices (pinned first, newest first); the previous page stays while the next loads. */
export function useNotices(filters: NoticeFilters) {
  return useQuery({
    queryKey: ['notices', filters],
    queryFn: () => request<Page<NoticeSummary>>('api/notices', { params: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** One published notice in full (each load counts a view); disabled without an id. Not found is shown in place, not as an error message. */
export function useNotice(id: number | null) {
  return useQuery({
    queryKey: ['notice', id],
    queryFn: () => request<NoticeDetail>(`api/notices/${id}`, { skipErrorHandler: true }),
    enabled: id !== null,
    retry: false,
  });
}
