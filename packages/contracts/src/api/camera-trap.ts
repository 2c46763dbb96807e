/**
 * The camera-trap review queue (红外相机识别审核), docs/camera-trap.md: photos of camera traps
 * (posted by the devices, or uploaded from an SD card in the back office) wait with their AI label
 * until an editor confirms, corrects or marks them. Editors and administrators, within their
 * organisation scope (docs/access.md §Organisation scope).
 */
import { Type } from 'typebox';
import { ById, Id, IsoTime, paging } from '../common';
import {
  CameraTrapItemSchema,
  MAX_COUNT,
  ProtectedSpeciesSchema,
  REVIEW_STATUSES,
  ReviewSchema,
  SCIENTIFIC_NAME_PATTERN,
  SiteSpeciesSchema,
  UNKNOWN_LABEL,
  UploadResultSchema,
} from '../camera-trap';
import { PageOf } from '../envelope-schemas';
import { ByBigId } from '../sensing';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['camera traps'] as const;
const editors = signedIn('admin', 'editor');

/** The filters of the queue and its exports. */
const QUEUE_FILTERS = {
  status: Type.Optional(Type.Enum(REVIEW_STATUSES)),
  thingId: Type.Optional({ ...Id, description: 'Only this camera trap' }),
};

const SCOPE =
  'Province-level users see every camera trap; editors of a city or county those of their organisation and the organisations under it (docs/access.md §Organisation scope). ';

export const cameraTrapApi = defineEndpoints({
  listCameraTrapQueue: {
    method: 'GET',
    path: '/api/camera-trap/detections',
    summary: 'The review queue: camera-trap detections with their thumbnail and AI label (editors)',
    description:
      SCOPE +
      'Newest frame first. `status` filters by review status (default every status; `new` is the queue still to review), `thingId` by camera trap. Each item carries its thumbnail URL (null when the image is missing or damaged), the AI label with its Chinese name and level when the species is on the national list (2021), and the review so far.',
    tags,
    access: editors,
    query: Type.Object({ ...QUEUE_FILTERS, ...paging(100, 24) }, { additionalProperties: false }),
    response: PageOf(CameraTrapItemSchema),
    errors: [],
  },
  exportCameraTrapQueueCsv: {
    method: 'GET',
    path: '/api/camera-trap/detections.csv',
    summary: 'The review queue as CSV, UTF-8 with BOM (editors)',
    description:
      SCOPE +
      "The filters of `GET /api/camera-trap/detections`; every matching detection (at most 50 000), newest frame first, with the AI label, the review and the site. Column headers follow Accept-Language; cells a spreadsheet would read as a formula start with `'`.",
    tags,
    access: editors,
    query: Type.Object(QUEUE_FILTERS, { additionalProperties: false }),
    raw: { mediaTypes: ['text/csv'], description: 'CSV (RFC 4180, CRLF), UTF-8 with a byte-order mark' },
    errors: [],
  },
  exportCameraTrapQueueGeoJson: {
    method: 'GET',
    path: '/api/camera-trap/detections.geojson',
    summary: 'The review queue as a GeoJSON FeatureCollection (editors)',
    description:
      SCOPE +
      "The filters of `GET /api/camera-trap/detections`; every matching detection (at most 50 000) as a Point at its camera trap's Location (WGS-84; null geometry without one), the queue item as properties. Exact positions: for signed-in editors only, like the original images.",
    tags,
    access: editors,
    query: Type.Object(QUEUE_FILTERS, { additionalProperties: false }),
    raw: { mediaTypes: ['application/geo+json'], description: 'A GeoJSON FeatureCollection (RFC 7946)' },
    errors: [],
  },
  reviewCameraTrapDetection: {
    method: 'POST',
    path: '/api/camera-trap/detections/{id}/review',
    summary: 'Review one detection: confirm, correct the species, or mark it blank, a person, a vehicle or unidentifiable (editors)',
    description:
      SCOPE +
      'A detection outside the scope is 404 as if it did not exist. `corrected` needs `scientificName`, a species of the national list (400 CAMERA_TRAP_SPECIES_UNKNOWN otherwise); `confirmed` needs an AI label to confirm (400 CAMERA_TRAP_NOTHING_TO_CONFIRM for `unknown`). A detection may be reviewed again; the last review stands. Audited `detection.review` in the same transaction. When the species settled on is of level I or II, a `camera_trap` verification task is created in that transaction too (once per detection; docs/camera-trap.md §Verification tasks). Answers the item as the queue now shows it.',
    tags,
    access: editors,
    params: ByBigId,
    body: ReviewSchema,
    response: CameraTrapItemSchema,
    errors: ['CAMERA_TRAP_DETECTION_NOT_FOUND', 'CAMERA_TRAP_SPECIES_UNKNOWN', 'CAMERA_TRAP_NOTHING_TO_CONFIRM'],
  },
  uploadCameraTrapPhoto: {
    method: 'POST',
    path: '/api/camera-trap/things/{id}/photos',
    summary: 'Upload one photo of an SD-card collection of a camera trap into the queue (editors)',
    description:
      'multipart/form-data with one image part `file` (recognised from its content, at most 10 MiB or the server’s upload limit if smaller) and, in any order, the optional text parts `scientificName` (the AI label; without it the label is `unknown`), `confidence` (0–1) and `takenAt` (when the frame was taken, ISO 8601 with offset, not in the future; default now). One request per file: the web app sends a collection file by file. ' +
      'The Thing must be a camera trap (400 THING_NOT_CAMERA_TRAP) within the organisation scope (403 FORBIDDEN). A file that cannot be decoded in full (e.g. cut off) is stored and answered with `damaged: true`, so the collection goes on; over 100 megapixels is 415. The same file uploaded again for the same camera trap answers the detection it made (`duplicate: true`). Audited `detection.upload`.',
    tags,
    access: editors,
    params: ById,
    upload: {
      description: 'The camera-trap photo (JPEG, PNG, WebP …)',
      fields: Type.Object({
        scientificName: Type.Optional(
          Type.String({
            pattern: SCIENTIFIC_NAME_PATTERN,
            maxLength: 120,
            description: `The AI label, e.g. Ailuropoda melanoleuca; default \`${UNKNOWN_LABEL}\``,
          }),
        ),
        confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Of the AI label, 0–1' })),
        takenAt: Type.Optional({ ...IsoTime, description: 'When the frame was taken, ISO 8601 with offset; default the time of the upload' }),
      }),
    },
    response: UploadResultSchema,
    status: 201,
    errors: ['THING_NOT_FOUND', 'THING_NOT_CAMERA_TRAP', 'FORBIDDEN'],
  },
  searchProtectedSpecies: {
    method: 'GET',
    path: '/api/camera-trap/species',
    summary: 'Search the national list of key protected wild animals (2021) by Chinese or scientific name (editors)',
    description:
      'Case-insensitive, anywhere in the Chinese or the scientific name (one character is enough: `熊` finds 大熊猫 and 黑熊). Exact matches first, then names that start with `q`, then level I before II. Species only (the taxon rules that list whole genera are not choices of a review). Without `q`: the first `limit` species by level and name.',
    tags,
    access: editors,
    query: Type.Object(
      {
        q: Type.Optional(Type.String({ maxLength: 60, description: 'Part of the Chinese or scientific name' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'At most this many, 1–100, default 20' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Array(ProtectedSpeciesSchema),
    errors: [],
  },
  listCameraTrapSiteSpecies: {
    method: 'GET',
    path: '/api/camera-trap/sites',
    summary: 'The species reviewers confirmed at each camera-trap site, with counts (editors)',
    description:
      SCOPE +
      `Per camera trap (by code), the species of the detections reviewed \`confirmed\` or \`corrected\`: how many detections, the sum of their reviewed counts (at most ${MAX_COUNT} each) and the newest frame; level I first, then II, then unlisted, then by name. Camera traps with no such detection are left out; \`thingId\` asks for one.`,
    tags,
    access: editors,
    query: Type.Object({ thingId: Type.Optional({ ...Id, description: 'Only this camera trap' }) }, { additionalProperties: false }),
    response: Type.Array(SiteSpeciesSchema),
    errors: [],
  },
});
