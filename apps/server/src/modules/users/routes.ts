import type { FastifyInstance } from 'fastify';
import { usersApi as api } from '@eco/contracts/api/users';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { createUser, getUser, listUsers, resetPassword, setUserStatus, updateUser } from './service';

/** User administration: the handlers of the declarations in @eco/contracts/api/users.ts (administrators). */
export async function usersRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }): Promise<void> {
  route(app, api.listUsers, async ({ query }) => listUsers(db, paged(query)));
  route(app, api.getUser, async ({ params }) => getUser(db, params.id));
  route(app, api.createUser, async (request) => createUser(db, now, actingOf(request), request.body));
  route(app, api.updateUser, async (request) => updateUser(db, now, actingOf(request), request.params.id, request.body));
  route(app, api.disableUser, async (request) => setUserStatus(db, now, actingOf(request), request.params.id, 'disabled'));
  route(app, api.enableUser, async (request) => setUserStatus(db, now, actingOf(request), request.params.id, 'active'));
  route(app, api.resetUserPassword, async (request) => resetPassword(db, now, actingOf(request), request.params.id));
}
