import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { ORGANISATION_NAME_MAX } from '@eco/contracts/roles';
import { OrganisationSchema, OrganisationTreeSchema } from '@eco/contracts/users';
import { adminOnly, signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { getOrganisationTree, renameOrganisation } from './service';

/**
 * `GET /api/organisations`: the province → city → county tree (any signed-in user);
 * `PATCH /api/organisations/:id` `{ name }`: rename one (administrators).
 */
export const organisationsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '',
    {
      onRequest: signedIn(),
      schema: { tags: ['portal management'], summary: 'Organisations, province → city → county (signed in)', response: { 200: Ok(OrganisationTreeSchema) } },
    },
    async () => ({ success: true as const, data: await getOrganisationTree(db) }),
  );

  app.patch(
    '/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['portal management'],
        summary: 'Rename an organisation (administrators)',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: ORGANISATION_NAME_MAX, pattern: SINGLE_LINE_NOT_BLANK }) }, { additionalProperties: false }),
        response: { 200: Ok(OrganisationSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await renameOrganisation(db, { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip }, request.params.id, request.body.name),
    }),
  );
};
