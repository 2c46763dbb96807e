/** The application platform (应用平台): queries and writes of @eco/contracts/api/applications. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationsApi as api } from '@eco/contracts/api/applications';
import { auditApi } from '@eco/contracts/api/audit';
import type { ApplicationInput, ApplicationPatch, CatalogueQuery, Launch } from '@eco/contracts/applications';
import { areaKey, call, keyOf, queryOf } from './client';

/**
 * The catalogue for the current visitor (`listApplications`): the tiles matching `filters`
 * (favourites first), every category, and recent launches. `userId` (null: not signed in) is part
 * of the key, because the answer depends on who asks: signing in or out loads it afresh. The
 * previous answer stays on screen while a new search loads.
 */
export function useCatalogue(filters: CatalogueQuery, userId: number | null) {
  return useQuery({
    queryKey: [...keyOf(api.listApplications, { query: filters }), userId],
    queryFn: ({ signal }) => call(api.listApplications, { query: filters }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds (`on`) or removes a favourite (signed-in users), then reloads the catalogue. */
export function useFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      on ? call(api.addApplicationFavourite, { params: { id } }) : call(api.removeApplicationFavourite, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(api.listApplications) }),
  });
}

/**
 * Launching (`launchApplication`): the server checks access again and answers the entry URL.
 * Returns `launch(id, onError)`, which resolves with `{ url }` and then reloads the catalogue
 * (the launch becomes the latest of 最近使用) and the audit log (a launch is audited). A failure
 * goes to `onError` (the launcher explains it) instead of the request layer's display, and the
 * promise rejects.
 */
export function useLaunchApplication(): (id: number, onError: (error: unknown) => void) => Promise<Launch> {
  const client = useQueryClient();
  return async (id, onError) => {
    const launched = await call(api.launchApplication, { params: { id } }, { errorHandler: onError });
    void client.invalidateQueries({ queryKey: keyOf(api.listApplications) });
    void client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) });
    return launched;
  };
}

/** Every application system with its entry URL and rules, in catalogue order (editors). */
export function useManagedApplications() {
  return useQuery(queryOf(api.listManagedApplications));
}

/**
 * Create and update (editors); each reloads the whole application platform area (management
 * list, public catalogue, single sign-on clients that name a system) and the audit log.
 */
export function useApplicationMutations() {
  const client = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: areaKey('application platform') }),
      client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) }),
    ]);
  return {
    create: useMutation({ mutationFn: (body: ApplicationInput) => call(api.createApplication, { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: ApplicationPatch }) => call(api.updateApplication, { params: { id }, body }),
      onSuccess,
    }),
  };
}
