/**
 * Single sign-on clients (单点登录), docs/product.md §Screens: application systems registered as
 * OpenID Connect clients of the portal, managed by administrators (docs/access.md §Roles). The
 * provider itself (`/api/oidc/…`) follows OpenID Connect and is not declared here.
 */
import { Type } from 'typebox';
import { OidcClientInputSchema, OidcClientListSchema, OidcClientPatchSchema, OidcClientSchema, OidcClientWithSecretSchema } from '../oidc-clients';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['application platform'] as const;
const admins = signedIn('admin');

/** Path parameters `{ clientId }`: the generated OAuth `client_id` (`eco-` and 12 characters). */
const ByClient = Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The OAuth client_id' }) });

export const oidcClientsApi = defineEndpoints({
  listOidcClients: {
    method: 'GET',
    path: '/api/manage/oidc-clients',
    summary: 'Single sign-on clients and the issuer (administrators)',
    description:
      'Every registered client, oldest first, without secrets; and the issuer an application system discovers the provider at (null while `OIDC_ISSUER` is not set).',
    tags,
    access: admins,
    response: OidcClientListSchema,
    errors: [],
  },
  createOidcClient: {
    method: 'POST',
    path: '/api/manage/oidc-clients',
    summary: 'Register a client; its secret is shown once (administrators)',
    description:
      'Generates the `client_id` and a secret, answered only here (`Cache-Control: no-store`); the audit log (`oidc_client.create`) never records it. `applicationId` links the application system whose access rules decide who may sign in.',
    tags,
    access: admins,
    body: OidcClientInputSchema,
    response: OidcClientWithSecretSchema,
    status: 201,
    errors: ['APPLICATION_NOT_FOUND'],
  },
  updateOidcClient: {
    method: 'PATCH',
    path: '/api/manage/oidc-clients/{clientId}',
    summary: 'Change or disable a client (administrators)',
    description: 'Any of the fields of `POST /api/manage/oidc-clients`, and `disabled`; the others stay. Audited with what changed (`oidc_client.update`).',
    tags,
    access: admins,
    params: ByClient,
    body: OidcClientPatchSchema,
    response: OidcClientSchema,
    errors: ['OIDC_CLIENT_NOT_FOUND', 'APPLICATION_NOT_FOUND'],
  },
  rotateOidcClientSecret: {
    method: 'POST',
    path: '/api/manage/oidc-clients/{clientId}/rotate-secret',
    summary: 'Replace a client’s secret; the new one is shown once (administrators)',
    description:
      'The old secret stops working at once. The new one is answered only here (`Cache-Control: no-store`); the audit log (`oidc_client.rotate_secret`) never records it.',
    tags,
    access: admins,
    params: ByClient,
    response: OidcClientWithSecretSchema,
    errors: ['OIDC_CLIENT_NOT_FOUND'],
  },
});
