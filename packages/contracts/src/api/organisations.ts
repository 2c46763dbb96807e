/**
 * Organisations (门户管理 → 机构管理), docs/access.md §Organisation scope: the province → city →
 * county tree of the forestry and grassland agencies, one per division.
 */
import { ById } from '../common';
import { OrganisationSchema, OrganisationTreeSchema, RenameOrganisationSchema } from '../users';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['portal management'] as const;

export const organisationsApi = defineEndpoints({
  listOrganisations: {
    method: 'GET',
    path: '/api/organisations',
    summary: 'Organisations, province → city → county (signed in)',
    description:
      'Any signed-in user (the forms that pick an organisation need it). The whole tree in the divisions’ published order; counties have no children. Each organisation carries its division code: 2 digits for the province, 4 for a city, 6 for a county.',
    tags,
    access: signedIn(),
    response: OrganisationTreeSchema,
    errors: [],
  },
  renameOrganisation: {
    method: 'PATCH',
    path: '/api/organisations/{id}',
    summary: 'Rename an organisation (administrators)',
    description:
      'The organisations themselves follow the divisions and are neither added nor removed; only their names change. Users, notices and Things show the new name at once. Recorded as `organisation.update`; the same name again writes nothing.',
    tags,
    access: signedIn('admin'),
    params: ById,
    body: RenameOrganisationSchema,
    response: OrganisationSchema,
    errors: ['ORGANISATION_NOT_FOUND'],
  },
});
