/** Technical regulations (技术规范): queries and writes of @eco/contracts/api/regulations. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import { regulationsApi as api } from '@eco/contracts/api/regulations';
import type { RegulationInput, RegulationPatch } from '@eco/contracts/regulations';
import { areaKey, call, hrefOf, keyOf, queryOf } from './client';

/** The filters and page of the library: `keyword`, `category`, `status`, `page`, `pageSize` (at most 100). */
export type RegulationFilters = NonNullable<QueryOf<typeof api.listRegulations>>;

/** How many regulations the home page lists. */
const LATEST_COUNT = 5;

/**
 * One page of regulations for the filters, newest issued first (public screen and back office
 * alike: the library is public); the previous page stays on screen while the next loads.
 */
export function useRegulations(filters: RegulationFilters) {
  return useQuery({ ...queryOf(api.listRegulations, { query: filters }), placeholderData: keepPreviousData });
}

/** The 5 most recently issued regulations and, in `total`, the size of the library (home page). */
export function useLatestRegulations() {
  return useQuery(queryOf(api.listRegulations, { query: { pageSize: LATEST_COUNT } }));
}

/**
 * The categories in use, most regulations first. The request layer keeps the answer for a minute
 * (`useCache`, docs/request-layer.md §Requests), so the filter does not ask again on every visit.
 */
export function useRegulationCategories() {
  return useQuery(queryOf(api.listRegulationCategories, undefined, { useCache: true }));
}

/** One regulation with its replacement links and documents; disabled without an id. */
export function useRegulation(id: number | null) {
  return useQuery({ ...queryOf(api.getRegulation, { params: { id: id ?? 0 } }), enabled: id !== null });
}

/**
 * The address of document `documentId` of regulation `id`: a download with its original name, or
 * (`inline`) a preview of a PDF or an image in the page.
 */
export function regulationDocumentHref(id: number, documentId: number, disposition: 'attachment' | 'inline' = 'attachment'): string {
  return hrefOf(api.downloadRegulationDocument, { params: { id, documentId }, query: disposition === 'inline' ? { disposition } : {} });
}

/**
 * The writes (editors and administrators); each reloads every regulation query (back office,
 * public page, home) and the audit log. Each resolves with the regulation as it now is.
 */
export function useRegulationMutations() {
  const client = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: areaKey('technical regulations') }),
      client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) }),
    ]);
  return {
    create: useMutation({ mutationFn: (body: RegulationInput) => call(api.createRegulation, { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: RegulationPatch }) => call(api.updateRegulation, { params: { id }, body }),
      onSuccess,
    }),
    upload: useMutation({
      mutationFn: ({ id, file, onProgress }: { id: number; file: File; onProgress?: (fraction: number) => void }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return call(api.attachToRegulation, { params: { id }, body }, { onUploadProgress: onProgress });
      },
      onSuccess,
    }),
    detach: useMutation({
      mutationFn: ({ id, documentId }: { id: number; documentId: number }) => call(api.detachFromRegulation, { params: { id, documentId } }),
      onSuccess,
    }),
  };
}
