/** Single sign-on clients (单点登录, administrators): queries and writes of @eco/contracts/api/oidc-clients. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import { oidcClientsApi as api } from '@eco/contracts/api/oidc-clients';
import type { OidcClientInput, OidcClientPatch } from '@eco/contracts/oidc-clients';
import { call, keyOf, queryOf } from './client';

/** The issuer and every client, without secrets. */
export function useOidcClients() {
  return useQuery(queryOf(api.listOidcClients));
}

/**
 * Register, change and replace a secret; each reloads the client list and the audit log.
 * `create` and `rotate` resolve with the secret, which is shown once and never asked for again.
 */
export function useOidcClientMutations() {
  const client = useQueryClient();
  const onSuccess = () =>
    Promise.all([client.invalidateQueries({ queryKey: keyOf(api.listOidcClients) }), client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) })]);
  return {
    create: useMutation({ mutationFn: (body: OidcClientInput) => call(api.createOidcClient, { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ clientId, body }: { clientId: string; body: OidcClientPatch }) => call(api.updateOidcClient, { params: { clientId }, body }),
      onSuccess,
    }),
    rotate: useMutation({ mutationFn: (clientId: string) => call(api.rotateOidcClientSecret, { params: { clientId } }), onSuccess }),
  };
}
