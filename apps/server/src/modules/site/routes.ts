import type { FastifyInstance } from 'fastify';
import { siteApi as api } from '@eco/contracts/api/site';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { updateSiteSettings, type SiteSettingsCache } from './service';

/**
 * The site settings: the handlers of the declarations in @eco/contracts/api/site.ts. A change is
 * seen by the next `GET /api/site` of this process at once (the cache is invalidated), by other
 * server processes within the cache's few seconds.
 */
export async function siteRoutes(app: FastifyInstance, { db, now, settings }: { db: Db; now: () => Date; settings: SiteSettingsCache }): Promise<void> {
  route(app, api.getSiteSettings, async () => settings.get());
  route(app, api.updateSiteSettings, async (request) => {
    const saved = await updateSiteSettings(db, now, actingOf(request), request.body);
    settings.invalidate();
    return saved;
  });
}
