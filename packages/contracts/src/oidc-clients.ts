/**
 * Application systems registered as OpenID Connect clients of the portal (administrators,
 * docs/access.md §Roles). The endpoints are declared in api/oidc-clients.ts.
 */
import { Type, type Static } from 'typebox';
import { HttpUrl } from './applications';
import { Id, IsoTime } from './common';
import { OneLine } from './text';

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

/** `GET /api/manage/oidc-clients`: where application systems find the provider, and every client. */
export const OidcClientListSchema = Type.Object({
  /** the issuer; discovery at `<issuer>/.well-known/openid-configuration`; null when the provider is off (`OIDC_ISSUER` unset) */
  issuer: Type.Union([Type.String(), Type.Null()]),
  /** oldest first */
  clients: Type.Array(OidcClientSchema),
});
export type OidcClientList = Static<typeof OidcClientListSchema>;

const oidcClientFields = {
  name: OneLine({ maxLength: OIDC_CLIENT_LIMITS.name, required: true, description: `1–${OIDC_CLIENT_LIMITS.name} characters, one line` }),
  redirectUris: Type.Array(
    HttpUrl({ maxLength: OIDC_CLIENT_LIMITS.redirectUri, fragment: false, description: 'An absolute http(s) URL without a fragment (RFC 6749 §3.1.2)' }),
    {
      minItems: 1,
      maxItems: OIDC_CLIENT_LIMITS.redirectUris,
      description: `1–${OIDC_CLIENT_LIMITS.redirectUris} URIs the provider may send the user back to, matched exactly; duplicates are dropped`,
    },
  ),
  applicationId: Type.Union([Id, Type.Null()], {
    description: 'The application system whose access rules decide who may sign in through this client, or null (any signed-in user)',
  }),
};

/** `POST /api/manage/oidc-clients`. */
export const OidcClientInputSchema = Type.Object(oidcClientFields, { additionalProperties: false });
export type OidcClientInput = Static<typeof OidcClientInputSchema>;

/** `PATCH /api/manage/oidc-clients/{clientId}`: any of the fields, and whether it is disabled; the others stay. */
export const OidcClientPatchSchema = Type.Partial(
  Type.Object({ ...oidcClientFields, disabled: Type.Boolean({ description: 'A disabled client cannot sign anyone in' }) }, { additionalProperties: false }),
  { additionalProperties: false },
);
export type OidcClientPatch = Static<typeof OidcClientPatchSchema>;
