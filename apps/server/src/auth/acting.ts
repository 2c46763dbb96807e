/**
 * Who is acting in a request, as services need it: the actor and address for the audit log, and
 * the signed-in user (role and organisation) for the organisation scope (docs/access.md).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import type { Actor } from '../modules/audit/service';
import type { SignedInUser } from './current-user';

/** An actor and the address the change came from (the system at start-up or on the command line too). */
export interface Acting {
  actor: Actor;
  /** the client's address (request.ip: X-Forwarded-For only with TRUST_PROXY) */
  ip: string;
}

/** A signed-in user acting. */
export interface UserActing extends Acting {
  user: SignedInUser;
}

/**
 * The signed-in user of `request` acting. Call it behind a signed-in guard; without a user it
 * throws 401 NOT_SIGNED_IN.
 */
export function actingOf(request: FastifyRequest): UserActing {
  const user = request.user;
  if (!user) throw new AppError('NOT_SIGNED_IN');
  return { actor: { id: user.id, account: user.account }, ip: request.ip, user };
}
