/**
 * Who may call an endpoint, checked on the server before anything else of the request runs
 * (an `onRequest` hook: before the body is even parsed, so a refused request learns nothing and
 * changes nothing).
 *
 * 401 NOT_SIGNED_IN: nobody is signed in. 403 PASSWORD_CHANGE_REQUIRED: the user must change the
 * password an administrator reset before doing anything else. 403 FORBIDDEN: the role may not.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '@eco/contracts/roles';
import { AppError } from '../http/app-error';

export interface Access {
  /** the roles allowed; omitted = any signed-in user */
  roles?: readonly Role[];
  /** also while the password must be changed (reading the session, changing the password, signing out) */
  duringPasswordChange?: boolean;
}

/** An `onRequest` hook admitting signed-in users with one of `access.roles`. */
export function signedIn(access: Access = {}): onRequestAsyncHookHandler {
  return async (request) => {
    const user = request.user;
    if (!user) throw new AppError('NOT_SIGNED_IN');
    if (user.mustChangePassword && !access.duringPasswordChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
    if (access.roles && !access.roles.includes(user.role)) throw new AppError('FORBIDDEN');
  };
}

/** Administrators only. */
export const adminOnly = signedIn({ roles: ['admin'] });
