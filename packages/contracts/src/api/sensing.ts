/**
 * The sensing hub (感知中枢), docs/product.md §The sensing hub: ingestion by devices with their keys,
 * the public reads of /home and /stgz, detection images and the live event stream. In OGC
 * SensorThings terms (OGC 18-088): Things, Datastreams, Observations.
 */
import { Type } from 'typebox';
import { ById, Id, IsoTime } from '../common';
import {
  AggregatedSeriesSchema,
  ByBigId,
  DetectionBatchSchema,
  DetectionSchema,
  DivisionSummarySchema,
  IngestResultSchema,
  LatestObservationSchema,
  MAP_LIMIT,
  MAX_BATCH,
  ObservationBatchSchema,
  OverviewSchema,
  ThingSchema,
  THUMB_LONG_SIDE,
} from '../sensing';
import { DEVICE, defineEndpoints, PUBLIC } from './endpoint';

const tags = ['sensing'] as const;

const DEVICE_AUTH =
  'A device with its key: `Authorization: Bearer <key>` or `X-Thing-Key: <key>` (no session, no CSRF token). A retired Thing is refused (409 THING_RETIRED). ';
const BATCH = `At most ${MAX_BATCH} items (413 BATCH_TOO_LARGE) and 4 MiB (413 PAYLOAD_TOO_LARGE). A malformed item (wrong type, missing or unknown property) refuses the whole request with 400 naming it, storing nothing. `;

export const sensingApi = defineEndpoints({
  pushObservations: {
    method: 'POST',
    path: '/api/sensing/observations',
    summary: `Push up to ${MAX_BATCH} Observations (device key)`,
    description:
      DEVICE_AUTH +
      BATCH +
      "Each well-formed item is answered on its own: `accepted`, `duplicate` (the same Datastream and phenomenonTime is already stored, or earlier in the batch: the first value stands) or `rejected` with a reason: the Datastream is not one of the key's Thing, phenomenonTime more than 5 minutes ahead of the server's clock or before 2000-01-01, result outside the ObservedProperty's plausible range. The accepted items are stored in one transaction; a station's AQI is derived from its pollutants when it sends none (HJ 633-2012), and the alert rules are evaluated at once.",
    tags,
    access: DEVICE,
    body: ObservationBatchSchema,
    response: IngestResultSchema,
    errors: ['BATCH_TOO_LARGE', 'THING_RETIRED'],
  },
  pushDetections: {
    method: 'POST',
    path: '/api/sensing/detections',
    summary: `Push up to ${MAX_BATCH} camera-trap detections (device key of a camera trap)`,
    description:
      DEVICE_AUTH +
      "Only the keys of camera traps (kind `infrared_camera`, 红外相机) may: any other Thing's key is refused with 403 FORBIDDEN, storing nothing. " +
      BATCH +
      'Each species is checked against the national list of key protected wild animals (2021) by its scientific name or genus; one not on it must say `unlisted: true` (else rejected as `SPECIES_NOT_LISTED`). The same Thing, phenomenonTime and species is a duplicate. Then attach the image with `POST /api/sensing/detections/{id}/image`.',
    tags,
    access: DEVICE,
    body: DetectionBatchSchema,
    response: IngestResultSchema,
    errors: ['BATCH_TOO_LARGE', 'THING_RETIRED', 'FORBIDDEN'],
  },
  attachDetectionImage: {
    method: 'POST',
    path: '/api/sensing/detections/{id}/image',
    summary: 'Attach the image of a detection (device key of the camera trap that posted it)',
    description:
      DEVICE_AUTH +
      "multipart/form-data with one image, recognised from its content, at most 10 MiB (or the server's upload limit if smaller). The detection must be one of the key's Thing (404 DETECTION_NOT_FOUND otherwise); a key of a Thing that is not a camera trap is refused with 403 FORBIDDEN before the upload is read. An image of over 100 megapixels is 415. An image that cannot be decoded in full (e.g. a file cut off in transfer) is kept and the detection answered with `imageDamaged: true` and no thumbnail, so the device's batch goes on (docs/camera-trap.md §Damaged images). A new image replaces the earlier one; the thumbnail is made here. Answers the detection.",
    tags,
    access: DEVICE,
    params: ByBigId,
    upload: { description: 'The camera-trap image (JPEG, PNG, WebP, GIF …)' },
    response: DetectionSchema,
    errors: ['DETECTION_NOT_FOUND', 'THING_RETIRED', 'FORBIDDEN'],
  },
  getSensingOverview: {
    method: 'GET',
    path: '/api/sensing/overview',
    summary: 'Key figures of the sensing network (for /home and /stgz)',
    description:
      'Things total and online (heard within 90 minutes) by kind; Observations with phenomenonTime in the 24 hours up to now; the stations by HJ 633-2012 AQI level at the newest hour any station has an AQI; active alerts; detections in 24 hours. Live updates come over `GET /api/sensing/stream`.',
    tags,
    access: PUBLIC,
    response: OverviewSchema,
    errors: [],
  },
  listMapThings: {
    method: 'GET',
    path: '/api/sensing/things',
    summary: `Every Thing with its location, status and newest AQI, for the map (at most ${MAP_LIMIT})`,
    description: 'By kind then code, as `GET /api/things` lists them, without paging.',
    tags,
    access: PUBLIC,
    response: Type.Array(ThingSchema),
    errors: [],
  },
  listLatestObservations: {
    method: 'GET',
    path: '/api/sensing/latest',
    summary: 'The newest Observation of Datastreams, newest first',
    description:
      'Of the Datastreams `datastreamId` names (repeat the parameter, at most 200), else of every Datastream of the 200 most recently heard Things; at most `limit`.',
    tags,
    access: PUBLIC,
    query: Type.Object(
      {
        datastreamId: Type.Optional(Type.Array(Id, { maxItems: 200, description: 'Datastream ids; repeat the parameter' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20, description: 'At most this many, 1–200, default 20' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Array(LatestObservationSchema),
    errors: [],
  },
  getDatastreamSeries: {
    method: 'GET',
    path: '/api/sensing/datastreams/{id}/series',
    summary: 'Avg/min/max and count per hour or per day of one Datastream',
    description:
      "Buckets start on the hour, or at 00:00 Asia/Shanghai (UTC+08:00) for `day`; empty buckets are left out; values in the ObservedProperty's unit. `from` … `to` inclusive: hourly at most 31 days, daily at most 366 (400 SERIES_RANGE_TOO_LONG); default the 7 days up to the Datastream's newest Observation. `from` after `to` is 400 VALIDATION_FAILED.",
    tags,
    access: PUBLIC,
    params: ById,
    query: Type.Object(
      {
        interval: Type.Optional(Type.Union([Type.Literal('hour'), Type.Literal('day')], { default: 'hour' })),
        from: Type.Optional({ ...IsoTime, description: 'Start, ISO 8601 with offset' }),
        to: Type.Optional({ ...IsoTime, description: 'End, ISO 8601 with offset' }),
      },
      { additionalProperties: false },
    ),
    response: AggregatedSeriesSchema,
    errors: ['DATASTREAM_NOT_FOUND', 'SERIES_RANGE_TOO_LONG'],
  },
  listDivisionSummaries: {
    method: 'GET',
    path: '/api/sensing/summary',
    summary: 'Per city or county: Things, online, open alerts, and the mean newest value of a property',
    description:
      'One row per division (Things without a known division: one row with code null). `property` is an ObservedProperty code, default `aqi`. Counties are unknown for the bundled stations (no county boundaries are bundled).',
    tags,
    access: PUBLIC,
    query: Type.Object(
      {
        by: Type.Optional(Type.Union([Type.Literal('city'), Type.Literal('county')], { default: 'city' })),
        property: Type.Optional(Type.String({ pattern: '^[a-z0-9_]{1,32}$', default: 'aqi', description: 'ObservedProperty code, default aqi' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Array(DivisionSummarySchema),
    errors: [],
  },
  listRecentDetections: {
    method: 'GET',
    path: '/api/sensing/detections',
    summary: 'The newest camera-trap detections',
    description:
      "Newest first, with the species' Chinese name and protection level from the national list (2021), and whether an image is attached. Frames a reviewer marked as people, vehicles, empty or unidentifiable, and photos uploaded from an SD card that nobody has reviewed yet, are not listed (docs/camera-trap.md).",
    tags,
    access: PUBLIC,
    query: Type.Object(
      { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'At most this many, 1–100, default 10' })) },
      { additionalProperties: false },
    ),
    response: Type.Array(DetectionSchema),
    errors: [],
  },
  getDetectionImage: {
    method: 'GET',
    path: '/api/sensing/detections/{id}/image',
    summary: 'The image of a detection: a thumbnail for everyone, the original for signed-in users',
    description:
      `\`size=thumb\` (default): WebP, at most ${THUMB_LONG_SIDE} px on the long side, without metadata (no EXIF GPS position). ` +
      '`size=full`: the image as the device uploaded it, which may carry the position of a protected species: signed-in users only (401 NOT_SIGNED_IN, 403 PASSWORD_CHANGE_REQUIRED). ' +
      "ETag from the SHA-256 (304 on If-None-Match). `v` (a prefix of the detection's `imageSha256`) makes a thumbnail URL cacheable for a year. " +
      '404 DETECTION_IMAGE_NOT_FOUND: no such detection, or it has no image (or, for `size=thumb`, its image is damaged; or, to visitors, it is a frame the public list leaves out).',
    tags,
    access: PUBLIC,
    params: ByBigId,
    query: Type.Object(
      {
        size: Type.Optional(Type.Union([Type.Literal('thumb'), Type.Literal('full')], { default: 'thumb' })),
        v: Type.Optional(Type.String({ pattern: '^[0-9a-f]{8,64}$', description: 'The image version: a prefix of imageSha256 (8–64 hex digits)' })),
      },
      { additionalProperties: false },
    ),
    raw: { mediaTypes: ['image/webp', 'image/jpeg', 'image/png', 'image/gif'], description: 'The thumbnail (WebP) or the original image' },
    errors: ['DETECTION_IMAGE_NOT_FOUND', 'NOT_SIGNED_IN', 'PASSWORD_CHANGE_REQUIRED'],
  },
  streamSensingEvents: {
    method: 'GET',
    path: '/api/sensing/stream',
    summary: 'Live events of the sensing hub (server-sent events)',
    description: [
      "An endless `text/event-stream` (what a browser's `EventSource` reads); `event:` names the type and `data:` is one line of JSON:",
      '',
      '- `observations`: a Thing pushed; `{ thingId, thingCode, count, latest }`, `count` the Observations accepted and `latest` the newest Observation of each Datastream that received one (as `GET /api/sensing/latest` answers them);',
      '- `alert`: an alert opened, was acknowledged or closed; the alert as `GET /api/sensing/alerts` shows it to visitors (without who handled it);',
      '- `detection`: a camera trap posted a detection; as `GET /api/sensing/detections` shows it.',
      '',
      'A comment line every 25 seconds keeps proxies from closing it; the server asks `EventSource` to reconnect after 3 seconds. At most 20 streams per client address at a time: one more is answered 429 TOO_MANY_STREAMS (the JSON envelope) before the stream starts.',
    ].join('\n'),
    tags,
    access: PUBLIC,
    raw: {
      mediaTypes: ['text/event-stream'],
      description:
        'Server-sent events `observations`, `alert`, `detection` and `verification` (tasks changed: re-read their figures), each with one line of JSON',
    },
    errors: ['TOO_MANY_STREAMS'],
  },
});
