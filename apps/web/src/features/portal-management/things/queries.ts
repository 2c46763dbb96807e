import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@eco/contracts/envelope';
import type { CreateDatastream, CreateThing, Datastream, NewThingKey, ObservedProperty, Thing, ThingDetail, ThingKey, ThingKind, ThingStatus, UpdateThing } from '@eco/contracts/sensing';
import { del, patch, post, request } from '../../../request/request';

const KEY = ['portal-management', 'things'] as const;

export interface ThingFilters {
  keyword?: string;
  kind?: ThingKind;
  status?: ThingStatus;
  page: number;
  pageSize: number;
}

/** One page of the device registry; the previous page stays on screen while the next loads. */
export function useThings(filters: ThingFilters) {
  return useQuery({ queryKey: [...KEY, 'list', filters], queryFn: () => request<Page<Thing>>('api/things', { params: { ...filters } }), placeholderData: keepPreviousData });
}

/** One device with its Datastreams and keys (null id: nothing). */
export function useThing(id: number | null) {
  return useQuery({ queryKey: [...KEY, 'detail', id], queryFn: () => request<ThingDetail>(`api/things/${id}`), enabled: id !== null });
}

/** Key changes; each reloads the registry and the audit log. */
export function useKeyMutations() {
  const client = useQueryClient();
  const reload = () => Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['portal-management', 'audit'] })]);
  return {
    create: useMutation({ mutationFn: (thingId: number) => post<NewThingKey>(`api/things/${thingId}/keys`), onSuccess: reload }),
    rotate: useMutation({ mutationFn: ({ thingId, keyId }: { thingId: number; keyId: number }) => post<NewThingKey>(`api/things/${thingId}/keys/${keyId}/rotate`), onSuccess: reload }),
    revoke: useMutation({ mutationFn: ({ thingId, keyId }: { thingId: number; keyId: number }) => post<ThingKey>(`api/things/${thingId}/keys/${keyId}/revoke`), onSuccess: reload }),
  };
}

/** The ObservedProperties a Datastream may measure (with unit and range), by code. */
export function useObservedProperties(enabled: boolean) {
  return useQuery({ queryKey: [...KEY, 'observed-properties'], queryFn: () => request<ObservedProperty[]>('api/things/observed-properties'), enabled, staleTime: 5 * 60_000 });
}

/** Registry writes (device, Datastreams); each reloads the registry and the audit log. */
export function useRegistryMutations() {
  const client = useQueryClient();
  const reload = () => Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['portal-management', 'audit'] })]);
  return {
    create: useMutation({ mutationFn: (body: CreateThing) => post<ThingDetail>('api/things', body), onSuccess: reload }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateThing }) => patch<ThingDetail>(`api/things/${id}`, body), onSuccess: reload }),
    addDatastream: useMutation({ mutationFn: ({ thingId, body }: { thingId: number; body: CreateDatastream }) => post<Datastream>(`api/things/${thingId}/datastreams`, body), onSuccess: reload }),
    removeDatastream: useMutation({ mutationFn: ({ thingId, datastreamId }: { thingId: number; datastreamId: number }) => del<null>(`api/things/${thingId}/datastreams/${datastreamId}`), onSuccess: reload }),
  };
}
