/** Application systems registered as OpenID Connect clients of the portal (administrators). */
import { Type, type Static } from 'typebox';
import { IsoTime } from './common';

export const OIDC_CLIENT_LIMITS = { name: 50, redirectUris: 10, redirectUri: 500 } as const;

export const OidcClientSchema = Type.Object({
  /** the OAuth `client_id`, generated */
  clientId: Type.String(),
  name: Type.String(),
  redirectUris: Type.Array(Type.String()),
  /** the application system whose access rules decide who may sign in through this client */
  application: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  disabled: Type.Boolean(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type OidcClient = Static<typeof OidcClientSchema>;

/** A client with its secret: answered once, when created or when the secret is replaced. */
export const OidcClientWithSecretSchema = Type.Object({ client: OidcClientSchema, clientSecret: Type.String() });
export type OidcClientWithSecret = Static<typeof OidcClientWithSecretSchema>;

/** `POST /api/manage/oidc-clients` (and, every field optional plus `disabled`, `PATCH …/:clientId`). */
export interface OidcClientInput {
  name: string;
  redirectUris: string[];
  applicationId: number | null;
}

/** Where the application system finds the provider, shown with the client. */
export interface OidcProviderInfo {
  /** the issuer; discovery at `<issuer>/.well-known/openid-configuration`; null when the provider is off */
  issuer: string | null;
}
