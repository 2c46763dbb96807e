/**
 * Tells the live screens that field-verification tasks changed: after every write of a plugin's
 * routes that succeeded (2xx), a `verification` event on the sensing bus — so the event stream
 * (`GET /api/sensing/stream`) of this process and, through modules/sensing/relay.ts, of every
 * other process on the same PostgreSQL carries it, and the wall re-reads its task figures and pins.
 */
import type { FastifyInstance } from 'fastify';
import { toIsoCst } from '../../lib/time';
import type { SensingBus } from '../sensing/events';

/** Registers the announcement on the routes of `app` (an encapsulated plugin: its own routes only). */
export function announceTaskWrites(app: FastifyInstance, bus: SensingBus, now: () => Date): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return;
    bus.publish({ type: 'verification', data: { at: toIsoCst(now()) } });
  });
}
