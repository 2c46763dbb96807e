import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { OIDC_CLIENT_LIMITS as L, OidcClientSchema, OidcClientWithSecretSchema } from '@eco/contracts/oidc-clients';
import { adminOnly } from '../../auth/guards';
import type { Db } from '../../db/client';
import { SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { createClient, listClients, rotateSecret, updateClient, type Acting } from './clients';

const RedirectUri = Type.String({ maxLength: L.redirectUri, pattern: '^https?://[^\\s#]+$', description: 'An absolute http(s) URL without a fragment' });
const Fields = {
  name: Type.String({ minLength: 1, maxLength: L.name, pattern: SINGLE_LINE_NOT_BLANK }),
  redirectUris: Type.Array(RedirectUri, { minItems: 1, maxItems: L.redirectUris }),
  applicationId: Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647, description: 'The application system, or null' }),
};
const ByClient = Type.Object({ clientId: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

function acting(request: FastifyRequest): Acting {
  return { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip };
}

/**
 * Single sign-on clients, administrators only: `GET /api/manage/oidc-clients` (with the issuer),
 * `POST` (→ the secret, shown once), `PATCH /:clientId`, `POST /:clientId/rotate-secret`.
 */
export const oidcClientsRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; issuer: string | null }> = async (app, { db, now, issuer }) => {
  app.addHook('onRequest', adminOnly);
  const tags = ['portal management'];

  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Single sign-on clients and the issuer (administrators)',
        response: { 200: Ok(Type.Object({ issuer: Type.Union([Type.String(), Type.Null()]), clients: Type.Array(OidcClientSchema) })) },
      },
    },
    async () => ({ success: true as const, data: { issuer, clients: await listClients(db) } }),
  );

  app.post(
    '',
    { schema: { tags, summary: 'Register a client; its secret is shown once (administrators)', body: Type.Object(Fields, { additionalProperties: false }), response: { 201: Ok(OidcClientWithSecretSchema) } } },
    async (request, reply) => {
      reply.status(201).header('cache-control', 'no-store');
      return { success: true as const, data: await createClient(db, now, acting(request), request.body) };
    },
  );

  app.patch(
    '/:clientId',
    {
      schema: {
        tags,
        summary: 'Change a client (administrators)',
        params: ByClient,
        body: Type.Partial(Type.Object({ ...Fields, disabled: Type.Boolean() }, { additionalProperties: false })),
        response: { 200: Ok(OidcClientSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await updateClient(db, now, acting(request), request.params.clientId, request.body) }),
  );

  app.post(
    '/:clientId/rotate-secret',
    { schema: { tags, summary: 'Replace the secret; shown once (administrators)', params: ByClient, response: { 200: Ok(OidcClientWithSecretSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await rotateSecret(db, now, acting(request), request.params.clientId) };
    },
  );
};
