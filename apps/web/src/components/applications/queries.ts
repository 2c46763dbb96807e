import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationCatalogue, Launch } from '@eco/contracts/applications';
import { del, post, put, request } from '../../request/request';

/** The query key of every catalogue query (favouriting and launching reload them). */
export const CATALOGUE_KEY = ['applications', 'catalogue'] as const;

/**
 * The catalogue for the current visitor (`GET /api/applications`): tiles matching `keyword` and
 * `category` (favourites first), every category, recent launches. Keeps the previous answer on
 * screen while a new search loads. `userId` is part of the key: signing in or out reloads it.
 */
export function useCatalogue(filters: { keyword?: string; category?: string }, userId: number | null) {
  return useQuery({
    queryKey: [...CATALOGUE_KEY, userId, filters],
    queryFn: () => request<ApplicationCatalogue>('api/applications', { params: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** Adds or removes a favourite, then reloads the catalogue. */
export function useFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => (on ? put<null>(`api/applications/${id}/favourite`) : del<null>(`api/applications/${id}/favourite`)),
    onSuccess: () => client.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}

/**
 * `POST /api/applications/:id/launch`: the server checks access again and answers the entry URL.
 * Failures are handed to `onError` (the launcher explains them) instead of the generic display.
 */
export function launchApplication(id: number, onError: (error: unknown) => void): Promise<Launch> {
  return post<Launch>(`api/applications/${id}/launch`, undefined, { errorHandler: onError });
}
