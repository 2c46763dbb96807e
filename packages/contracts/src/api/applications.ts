/**
 * The application platform (应用平台), docs/product.md §Screens: the catalogue for every visitor
 * (what they may open and why not), launching, favourites; and the management of the catalogue
 * by editors and administrators (门户管理 → 应用系统).
 */
import { Type } from 'typebox';
import {
  ApplicationCatalogueSchema,
  ApplicationInputSchema,
  ApplicationPatchSchema,
  CatalogueQuerySchema,
  LaunchSchema,
  ManagedApplicationSchema,
} from '../applications';
import { ById } from '../common';
import { defineEndpoints, PUBLIC, signedIn } from './endpoint';

const tags = ['application platform'] as const;
const editors = signedIn('admin', 'editor');

export const applicationsApi = defineEndpoints({
  listApplications: {
    method: 'GET',
    path: '/api/applications',
    summary: 'The catalogue: every system with whether this visitor may open it, favourites first',
    description:
      'For everyone; a signed-in session changes the answer. Each tile says `canOpen` and, when not, `blockedBy` (offline, maintenance, sign_in, no_permission, checked in that order). The entry URL is never given here: only launching answers it. `keyword` matches name, code, description and category ignoring case; `category` one category exactly. Favourites come first, then by sort order, category and name; `categories` lists every category and `recent` the visitor’s latest launches (at most 6).',
    tags,
    access: PUBLIC,
    query: CatalogueQuerySchema,
    response: ApplicationCatalogueSchema,
    errors: [],
  },
  launchApplication: {
    method: 'POST',
    path: '/api/applications/{id}/launch',
    summary: 'Launch a system: checks access, records the launch, answers where to go',
    description:
      'Checks the access rules again on the server (never trusting the tile). A signed-in user’s launch is recorded (their recent list) and audited (`application.launch`). For a system registered as an enabled single sign-on client, the URL carries `iss` so that the system starts the OpenID Connect login itself. Refusals: 401 APPLICATION_SIGN_IN_REQUIRED, 403 APPLICATION_NO_PERMISSION, 409 APPLICATION_UNAVAILABLE (offline, or in maintenance with its notice).',
    tags,
    access: PUBLIC,
    params: ById,
    response: LaunchSchema,
    errors: ['APPLICATION_NOT_FOUND', 'APPLICATION_SIGN_IN_REQUIRED', 'APPLICATION_NO_PERMISSION', 'APPLICATION_UNAVAILABLE'],
  },
  addApplicationFavourite: {
    method: 'PUT',
    path: '/api/applications/{id}/favourite',
    summary: 'Add a system to my favourites (idempotent)',
    description: 'Any signed-in user; a personal preference, not audited. Favourites come first in the catalogue.',
    tags,
    access: signedIn(),
    params: ById,
    response: Type.Null(),
    errors: ['APPLICATION_NOT_FOUND'],
  },
  removeApplicationFavourite: {
    method: 'DELETE',
    path: '/api/applications/{id}/favourite',
    summary: 'Remove a system from my favourites (idempotent)',
    description: 'Any signed-in user; removing one that is not a favourite changes nothing.',
    tags,
    access: signedIn(),
    params: ById,
    response: Type.Null(),
    errors: ['APPLICATION_NOT_FOUND'],
  },
  listManagedApplications: {
    method: 'GET',
    path: '/api/manage/applications',
    summary: 'Every application system with its entry URL and rules (editors)',
    description: 'For 门户管理 → 应用系统, in catalogue order (sort order, category, name); not paged (a province has tens of systems).',
    tags,
    access: editors,
    response: Type.Array(ManagedApplicationSchema),
    errors: [],
  },
  createApplication: {
    method: 'POST',
    path: '/api/manage/applications',
    summary: 'Add an application system (editors)',
    description:
      'Audited (`application.create`). Roles are kept only with access `roles` and organisations only with access `organisations`, which must then name at least one (400 APPLICATION_ACCESS_INVALID). An editor below the province may open a system only to organisations within their organisation scope (403 FORBIDDEN otherwise; docs/access.md §Organisation scope).',
    tags,
    access: editors,
    body: ApplicationInputSchema,
    response: ManagedApplicationSchema,
    status: 201,
    errors: ['APPLICATION_CODE_TAKEN', 'APPLICATION_ACCESS_INVALID', 'ORGANISATION_NOT_FOUND', 'FORBIDDEN'],
  },
  updateApplication: {
    method: 'PATCH',
    path: '/api/manage/applications/{id}',
    summary: 'Change an application system (editors)',
    description:
      'Any of the fields of `POST /api/manage/applications`; the others stay. Audited with what changed (`application.update`). A system is retired by setting it offline, so favourites and launch history stay meaningful. An editor below the province may add or remove only organisations within their organisation scope, and so may not change the access kind of a system opened to organisations outside it (403 FORBIDDEN, nothing changed; docs/access.md §Organisation scope).',
    tags,
    access: editors,
    params: ById,
    body: ApplicationPatchSchema,
    response: ManagedApplicationSchema,
    errors: ['APPLICATION_NOT_FOUND', 'APPLICATION_CODE_TAKEN', 'APPLICATION_ACCESS_INVALID', 'ORGANISATION_NOT_FOUND', 'FORBIDDEN'],
  },
});
