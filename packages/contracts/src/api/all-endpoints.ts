/**
 * Every endpoint declaration of the API, for what looks at all of them at once: the server's
 * check that each is registered, the tests that try every endpoint with hostile input. The web
 * app imports the area files it needs, never this list.
 */
import { alertsApi } from './alerts';
import { applicationsApi } from './applications';
import { aqiApi } from './aqi';
import { auditApi } from './audit';
import { cameraTrapApi } from './camera-trap';
import type { Endpoint } from './endpoint';
import { geographyApi } from './geography';
import { healthApi } from './health';
import { noticesApi } from './notices';
import { oidcClientsApi } from './oidc-clients';
import { organisationsApi } from './organisations';
import { regulationsApi } from './regulations';
import { rolesApi } from './roles';
import { searchApi } from './search';
import { sensingApi } from './sensing';
import { sessionApi } from './session';
import { siteApi } from './site';
import { stationsApi } from './stations';
import { thingsApi } from './things';
import { toolsApi } from './tools';
import { usersApi } from './users';
import { verificationApi } from './verification';
import { verificationFiguresApi } from './verification-figures';
import { verificationSourcesApi } from './verification-sources';

export const ALL_ENDPOINTS: readonly Endpoint[] = [
  sessionApi,
  siteApi,
  usersApi,
  organisationsApi,
  rolesApi,
  auditApi,
  noticesApi,
  regulationsApi,
  geographyApi,
  stationsApi,
  healthApi,
  applicationsApi,
  toolsApi,
  oidcClientsApi,
  aqiApi,
  thingsApi,
  sensingApi,
  alertsApi,
  verificationApi,
  verificationFiguresApi,
  cameraTrapApi,
  verificationSourcesApi,
  searchApi,
].flatMap((area) => Object.values(area) as Endpoint[]);
