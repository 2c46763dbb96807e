/**
 * Sources of verification tasks besides FIRMS hotspots (docs/verification.md §County boundaries,
 * §Change patches, §Camera alarms): the county boundaries administrators upload, so that tasks
 * belong to counties, and remote-sensing change patches (遥感变化图斑) imported from GeoJSON.
 * Camera alarms need no endpoint: they become tasks as the device's data arrive
 * (`POST /api/sensing/observations`).
 */
import {
  COUNTY_CODE_PROPERTIES,
  GEOJSON_MAX_BYTES,
  ChangePatchUploadFieldsSchema,
  CountyBoundariesRemovedSchema,
  CountyBoundariesReplacedSchema,
  CountyBoundariesSchema,
  CountyUploadFieldsSchema,
} from '../verification-sources';
import { ImportResultSchema } from '../verification';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['verification'] as const;
const admins = signedIn('admin');
const MIB = GEOJSON_MAX_BYTES / 1024 / 1024;

export const verificationSourcesApi = defineEndpoints({
  listCountyBoundaries: {
    method: 'GET',
    path: '/api/verification/county-boundaries',
    summary: 'The county boundaries loaded, with their city and tasks (administrators)',
    description:
      'By code. `counties` is the number of county-level divisions of the province (107), `loaded` how many have a boundary; each item counts the tasks (any status) lying in the county. Geometries are not answered.',
    tags,
    access: admins,
    response: CountyBoundariesSchema,
    errors: [],
  },
  replaceCountyBoundaries: {
    method: 'PUT',
    path: '/api/verification/county-boundaries',
    summary: 'Upload the county boundaries, replacing those loaded (administrators)',
    description: `multipart/form-data: one file part \`file\`, a GeoJSON FeatureCollection (UTF-8, WGS-84 or CGCS2000 degrees, up to ${MIB} MiB) with one Polygon or MultiPolygon feature per county, and optionally the text part \`codeProperty\` naming the property that holds each county's 6-digit code (GB/T 2260); without it the first of ${COUNTY_CODE_PROPERTIES.map((p) => `\`${p}\``).join(', ')} a feature has is read. Every code must be a county of the province (data/shaanxi-divisions.json) and appear once; every geometry must be a valid (multi)polygon (closed rings of at least four positions, degrees in range, no ring crossing itself) lying in the county's city. One bad feature refuses the file (400 COUNTY_BOUNDARIES_INVALID, listing each bad feature by its 1-based number and why) and nothing changes. A good file replaces every loaded boundary in one transaction, and the pending (待下发) tasks move to the county they lie in (else their city) and its organisation (else the city's); dispatched tasks stay where they are. Audited \`county_boundaries.replace\` and \`verification_task.relocate\` per task moved.`,
    tags,
    access: admins,
    upload: { description: 'A GeoJSON FeatureCollection of county Polygons and MultiPolygons', fields: CountyUploadFieldsSchema },
    response: CountyBoundariesReplacedSchema,
    errors: ['GEOJSON_INVALID', 'COUNTY_BOUNDARIES_INVALID'],
  },
  removeCountyBoundaries: {
    method: 'DELETE',
    path: '/api/verification/county-boundaries',
    summary: 'Remove every county boundary (administrators)',
    description:
      'In one transaction: the boundaries go, and the pending (待下发) tasks of counties go back to their city and its organisation; dispatched tasks stay where they are. Audited `county_boundaries.remove` and `verification_task.relocate` per task moved.',
    tags,
    access: admins,
    response: CountyBoundariesRemovedSchema,
    errors: [],
  },
  importChangePatches: {
    method: 'POST',
    path: '/api/verification/change-patches',
    summary: 'Import remote-sensing change patches (遥感变化图斑) from GeoJSON as tasks (province-level users)',
    description: `multipart/form-data: one file part \`file\`, a GeoJSON FeatureCollection of Polygon or MultiPolygon patches (UTF-8, WGS-84 or CGCS2000 degrees, up to ${MIB} MiB), and the text part \`mapping\`: JSON naming the property of each value, \`patchNumber\` (图斑编号, required: the patch's identity, so a number imported again is a duplicate), \`area\` (hectares), \`beforeDate\` and \`afterDate\` (the two images, \`YYYY-MM-DD\`, \`YYYY/MM/DD\` or \`YYYYMMDD\`) and \`change\` (the interpreted change). Each patch inside the province becomes a task of kind \`change_patch\` with the polygon as its geometry, a point on the polygon as its position and division, detected at the later date (else the import time), and the mapped values (\`patchNumber\`, \`areaHa\`, \`beforeDate\`, \`afterDate\`, \`change\`) with the feature's own properties as its properties. A feature that is not a polygon, has no patch number, a bad area or date, or an invalid geometry is rejected with its reason; the others are imported. In the answer \`line\` is the feature's 1-based number in the collection. A file that is not a FeatureCollection is 400 GEOJSON_INVALID; a mapping that is not JSON, lacks \`patchNumber\` or names a property no feature has is 400 PATCH_MAPPING_INVALID; nothing is imported then. One transaction, audited \`verification.import\`; dispatched at once when the kind says so. For administrators and users of the province organisation (docs/verification.md §Who does what).`,
    tags,
    access: signedIn(),
    upload: { description: 'A GeoJSON FeatureCollection of change patches (Polygons, MultiPolygons)', fields: ChangePatchUploadFieldsSchema },
    response: ImportResultSchema,
    errors: ['GEOJSON_INVALID', 'PATCH_MAPPING_INVALID', 'FORBIDDEN'],
  },
});
