import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import { ALERT_STATUSES, AlertSchema } from '@eco/contracts/sensing';
import { signedIn } from '../../auth/guards';
import type { Db } from '../../db/client';
import { paging } from '../../http/page-query';
import type { SensingBus } from '../sensing/events';
import { listAlerts, moveAlert, publicAlert } from './service';

const pages = paging(100, 20);
const ById = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/**
 * Alerts under `/api/sensing/alerts`: `GET` (public, as /home and /stgz show them; `status` =
 * open | acknowledged | closed | active; newest first, pages; who acknowledged or closed an alert
 * only for signed-in users), `POST /:id/acknowledge` and
 * `POST /:id/close` (signed-in administrators and editors; who and when recorded and audited;
 * 409 ALERT_STATE_CONFLICT from the wrong state). Changes are published on the event stream.
 */
export const alertsRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; bus: SensingBus }> = async (app, { db, now, bus }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['sensing'],
        summary: 'Alerts, newest first',
        querystring: Type.Object({ status: Type.Optional(Type.Union([...ALERT_STATUSES.map((s) => Type.Literal(s)), Type.Literal('active')])), ...pages.schema }),
        response: { 200: Ok(PageOf(AlertSchema)) },
      },
    },
    async (request) => {
      const page = await listAlerts(db, { status: request.query.status, ...pages.of(request.query) });
      return { success: true as const, data: request.user ? page : { ...page, items: page.items.map(publicAlert) } };
    },
  );

  for (const [path, to] of [['acknowledge', 'acknowledged'], ['close', 'closed']] as const) {
    app.post(
      `/:id/${path}`,
      {
        onRequest: signedIn({ roles: ['admin', 'editor'] }),
        schema: { tags: ['sensing'], summary: `${to === 'closed' ? 'Close' : 'Acknowledge'} an alert (administrators, editors)`, params: ById, response: { 200: Ok(AlertSchema) } },
      },
      async (request) => {
        const alert = await moveAlert(db, now, { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip }, request.params.id, to);
        bus.publish({ type: 'alert', data: alert });
        return { success: true as const, data: alert };
      },
    );
  }
};
