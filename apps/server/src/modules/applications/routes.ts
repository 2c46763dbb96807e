import type { FastifyInstance } from 'fastify';
import { applicationsApi as api } from '@eco/contracts/api/applications';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { catalogue, createApplication, launch, listManaged, seedApplications, setFavourite, updateApplication, visitorOf } from './service';

/**
 * The catalogue for visitors (the handlers of `listApplications`, `launchApplication`,
 * `addApplicationFavourite` and `removeApplicationFavourite` in @eco/contracts/api/applications.ts).
 * Seeds the province's named systems at start-up (idempotent). `oidcIssuer`: the single sign-on
 * provider's issuer, or null when it is off (launching then answers plain entry URLs).
 */
export async function applicationsRoutes(
  app: FastifyInstance,
  { db, now, oidcIssuer = null }: { db: Db; now: () => Date; oidcIssuer?: string | null },
): Promise<void> {
  await seedApplications(db);

  route(app, api.listApplications, async (request) => catalogue(db, await visitorOf(db, request.user), request.query));
  route(app, api.launchApplication, async (request) => launch(db, now, await visitorOf(db, request.user), request.ip, request.params.id, oidcIssuer));
  route(app, api.addApplicationFavourite, async (request) => {
    await setFavourite(db, actingOf(request).user.id, request.params.id, true);
    return null;
  });
  route(app, api.removeApplicationFavourite, async (request) => {
    await setFavourite(db, actingOf(request).user.id, request.params.id, false);
    return null;
  });
}

/**
 * Management of the catalogue by editors and administrators (the handlers of
 * `listManagedApplications`, `createApplication` and `updateApplication`), audited.
 */
export async function applicationsManagementRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }): Promise<void> {
  route(app, api.listManagedApplications, async () => listManaged(db));
  route(app, api.createApplication, async (request) => createApplication(db, now, actingOf(request), request.body));
  route(app, api.updateApplication, async (request) => updateApplication(db, now, actingOf(request), request.params.id, request.body));
}
