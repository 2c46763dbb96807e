import type { FastifyInstance } from 'fastify';
import { alertsApi as api } from '@eco/contracts/api/alerts';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import type { SensingBus } from '../sensing/events';
import { listAlerts, moveAlert, publicAlert } from './service';

/**
 * Alerts under `/api/sensing/alerts`: the handlers of `listAlerts`, `acknowledgeAlert` and
 * `closeAlert` (@eco/contracts/api/alerts.ts). Who acknowledged or closed an alert is shown to
 * signed-in users only; a change is published on the event stream after commit.
 */
export async function alertsRoutes(app: FastifyInstance, { db, now, bus }: { db: Db; now: () => Date; bus: SensingBus }): Promise<void> {
  route(app, api.listAlerts, async (request) => {
    const page = await listAlerts(db, paged(request.query));
    return request.user ? page : { ...page, items: page.items.map(publicAlert) };
  });

  for (const [endpoint, to] of [
    [api.acknowledgeAlert, 'acknowledged'],
    [api.closeAlert, 'closed'],
  ] as const) {
    route(app, endpoint, async (request) => {
      const alert = await moveAlert(db, now, actingOf(request), request.params.id, to);
      bus.publish({ type: 'alert', data: alert });
      return alert;
    });
  }
}
