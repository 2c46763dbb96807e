import type { FastifyInstance } from 'fastify';
import { organisationsApi as api } from '@eco/contracts/api/organisations';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { getOrganisationTree, renameOrganisation } from './service';

/** Organisations: the handlers of the declarations in @eco/contracts/api/organisations.ts. */
export async function organisationsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  route(app, api.listOrganisations, async () => getOrganisationTree(db));
  route(app, api.renameOrganisation, async (request) => renameOrganisation(db, actingOf(request), request.params.id, request.body.name));
}
