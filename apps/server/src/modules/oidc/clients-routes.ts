import type { FastifyInstance } from 'fastify';
import { oidcClientsApi as api } from '@eco/contracts/api/oidc-clients';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { createClient, listClients, rotateSecret, updateClient } from './clients';

/**
 * Single sign-on clients, administrators only: the handlers of @eco/contracts/api/oidc-clients.ts.
 * `issuer`: the provider's issuer, or null when it is off. The answers that carry a secret (a new
 * client, a rotated secret) are `Cache-Control: no-store` like every answer to a signed-in user
 * (http/route.ts).
 */
export async function oidcClientsRoutes(app: FastifyInstance, { db, now, issuer }: { db: Db; now: () => Date; issuer: string | null }): Promise<void> {
  route(app, api.listOidcClients, async () => ({ issuer, clients: await listClients(db) }));
  route(app, api.createOidcClient, async (request) => createClient(db, now, actingOf(request), request.body));
  route(app, api.updateOidcClient, async (request) => updateClient(db, now, actingOf(request), request.params.clientId, request.body));
  route(app, api.rotateOidcClientSecret, async (request) => rotateSecret(db, now, actingOf(request), request.params.clientId));
}
