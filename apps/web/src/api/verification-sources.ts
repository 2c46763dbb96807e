/**
 * County boundaries and change-patch imports (docs/verification.md §County boundaries, §Change
 * patches): queries and writes of @eco/contracts/api/verification-sources. Each write can change
 * tasks (created, or moved to another county), so it reloads the whole verification area and the
 * audit log.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import { verificationSourcesApi as api } from '@eco/contracts/api/verification-sources';
import type { PatchMapping } from '@eco/contracts/verification-sources';
import { areaKey, call, keyOf, queryOf } from './client';

/** The loaded county boundaries with their city and task counts, `loaded` of `counties` (administrators). */
export function useCountyBoundaries() {
  return useQuery(queryOf(api.listCountyBoundaries));
}

function useReload() {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: areaKey('verification') }), client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) })]);
}

/** What a county boundary upload sends: the GeoJSON file and, optionally, the property of the codes. */
export interface CountyUpload {
  file: File;
  /** blank: the server tries `code`, `adcode`, `county_code`, `division_code` */
  codeProperty?: string;
}

/**
 * Upload (replacing what is loaded; resolves with the list and how many pending tasks moved) and
 * remove all (resolves with how many boundaries went and tasks moved back to their cities).
 */
export function useCountyBoundaryMutations() {
  const onSuccess = useReload();
  return {
    upload: useMutation({
      mutationFn: ({ file, codeProperty }: CountyUpload) => {
        const body = new FormData();
        if (codeProperty?.trim()) body.append('codeProperty', codeProperty.trim());
        body.append('file', file, file.name);
        return call(api.replaceCountyBoundaries, { body });
      },
      onSuccess,
    }),
    remove: useMutation({ mutationFn: () => call(api.removeCountyBoundaries), onSuccess }),
  };
}

/** What a change-patch import sends: the GeoJSON file and which of its properties hold which value. */
export interface ChangePatchUpload {
  file: File;
  mapping: PatchMapping;
}

/** Imports change patches (province-level users); resolves with the counts and every rejected or duplicate feature by its number. */
export function useChangePatchImport() {
  const onSuccess = useReload();
  return useMutation({
    mutationFn: ({ file, mapping }: ChangePatchUpload) => {
      const body = new FormData();
      body.append('mapping', JSON.stringify(mapping));
      body.append('file', file, file.name);
      return call(api.importChangePatches, { body });
    },
    onSuccess,
  });
}
