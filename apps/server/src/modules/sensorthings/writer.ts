/**
 * Who writes through SensorThings (docs/sensorthings.md §Writing): a signed-in editor or
 * administrator (session cookie and the CSRF token, as every write of the portal), or a device
 * with its key in `Authorization: Bearer` (Observations of its own Datastreams only). Anonymous
 * writes are refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actingOf, type UserActing } from '../../auth/acting';
import { fromOwnOrigin } from '../../auth/register-auth';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { authenticateThing, type KeyedThing } from '../things/device-keys';

export type Writer = { readonly kind: 'user'; readonly acting: UserActing } | { readonly kind: 'device'; readonly thing: KeyedThing };

/** Roles that may write (as they manage devices in 门户管理 → 设备与密钥). */
const WRITERS = new Set(['admin', 'editor']);

/**
 * The writer of `request`: a device when it carries a key (`Authorization: Bearer` or
 * `X-Thing-Key`; no cookies, no CSRF), else the signed-in user, whose CSRF token is checked.
 * Errors: 401 THING_KEY_INVALID, 401 NOT_SIGNED_IN, 403 PASSWORD_CHANGE_REQUIRED, 403 FORBIDDEN
 * (a role that may not write), 403 CSRF_REJECTED.
 */
export async function writerOf(app: FastifyInstance, db: Db, request: FastifyRequest, reply: FastifyReply, now: Date): Promise<Writer> {
  if (request.headers.authorization !== undefined || request.headers['x-thing-key'] !== undefined) {
    return { kind: 'device', thing: await authenticateThing(db, request, now) };
  }
  const user = request.user;
  if (!user) throw new AppError('NOT_SIGNED_IN');
  if (user.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  if (!WRITERS.has(user.role)) throw new AppError('FORBIDDEN');
  // the same two checks as every other write (auth/register-auth.ts): same origin, then the token
  if (!fromOwnOrigin(request)) throw new AppError('CSRF_REJECTED', { zh: '请求来自其他网站', en: 'the request came from another site' });
  await new Promise<void>((resolve, reject) => {
    app.csrfProtection(request, reply, (error?: Error) => (error ? reject(error) : resolve()));
  });
  return { kind: 'user', acting: actingOf(request) };
}
