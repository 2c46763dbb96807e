/**
 * The device registry (设备与密钥): queries and writes of @eco/contracts/api/things. Every write
 * reloads the sensing area (the registry, the map, the figures) and the audit log.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import { thingsApi as api } from '@eco/contracts/api/things';
import type { CreateDatastream, CreateThing, UpdateThing } from '@eco/contracts/sensing';
import { areaKey, call, keyOf, queryOf } from './client';

export type ThingFilters = NonNullable<QueryOf<typeof api.listThings>>;

/** One page of the device registry (by kind then code); the previous page stays on screen while the next loads. */
export function useThings(filters: ThingFilters) {
  return useQuery({ ...queryOf(api.listThings, { query: filters }), placeholderData: keepPreviousData });
}

/** One device with its Datastreams (each with its newest Observation) and keys; disabled without an id. */
export function useThing(id: number | null) {
  return useQuery({ ...queryOf(api.getThing, { params: { id: id ?? 0 } }), enabled: id !== null });
}

/** The ObservedProperties a Datastream may measure (unit, plausible range), by code; kept 5 minutes. */
export function useObservedProperties(enabled = true) {
  return useQuery({ ...queryOf(api.listObservedProperties), enabled, staleTime: 5 * 60_000 });
}

/** What a write reloads: the sensing area and the audit log. */
function useReload() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: areaKey('sensing') }), client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) })]);
}

/** Registry writes: register and edit a device, add and remove Datastreams (each resolves with what the server now has). */
export function useRegistryMutations() {
  const onSuccess = useReload();
  return {
    create: useMutation({ mutationFn: (body: CreateThing) => call(api.createThing, { body }), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateThing }) => call(api.updateThing, { params: { id }, body }), onSuccess }),
    addDatastream: useMutation({
      mutationFn: ({ thingId, body }: { thingId: number; body: CreateDatastream }) => call(api.addDatastream, { params: { id: thingId }, body }),
      onSuccess,
    }),
    removeDatastream: useMutation({
      mutationFn: ({ thingId, datastreamId }: { thingId: number; datastreamId: number }) =>
        call(api.removeDatastream, { params: { id: thingId, datastreamId } }),
      onSuccess,
    }),
  };
}

/** Key writes: a new key and a rotated one resolve with the key, shown once; a revoked one with its record. */
export function useKeyMutations() {
  const onSuccess = useReload();
  return {
    create: useMutation({ mutationFn: (thingId: number) => call(api.createThingKey, { params: { id: thingId } }), onSuccess }),
    rotate: useMutation({
      mutationFn: ({ thingId, keyId }: { thingId: number; keyId: number }) => call(api.rotateThingKey, { params: { id: thingId, keyId } }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: ({ thingId, keyId }: { thingId: number; keyId: number }) => call(api.revokeThingKey, { params: { id: thingId, keyId } }),
      onSuccess,
    }),
  };
}
