/**
 * The device registry (设备与密钥), docs/product.md §The sensing hub: Things with their Location and
 * Datastreams, and the keys they push with, for administrators and editors. Reading is open to
 * both; every write needs the organisation scope of the Thing (docs/access.md §Organisation
 * scope): editors and staff below the province act for their own organisation and those under it,
 * and Things of no organisation (the province-wide networks) are province-wide.
 */
import { Type } from 'typebox';
import { ById, Id, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import {
  CreateDatastreamSchema,
  CreateThingSchema,
  DatastreamSchema,
  NewThingKeySchema,
  ObservedPropertySchema,
  THING_KINDS,
  THING_STATUSES,
  ThingDetailSchema,
  ThingKeySchema,
  ThingSchema,
  UpdateThingSchema,
} from '../sensing';
import { Keyword } from '../text';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['sensing'] as const;
const editors = signedIn('admin', 'editor');

const ByKey = Type.Object({ id: Id, keyId: Id });
const ByDatastream = Type.Object({ id: Id, datastreamId: Id });

const SCOPE = 'Editors below the province may change only Things of their own organisation or one under it (403 FORBIDDEN otherwise, nothing changed).';

export const thingsApi = defineEndpoints({
  listThings: {
    method: 'GET',
    path: '/api/things',
    summary: 'Devices (Things) with location, status and key count (administrators, editors)',
    description:
      'Every Thing of the province, by kind then code: its Location (WGS-84) and city, owning organisation, status, online (heard within 90 minutes), newest station AQI, active keys and open alerts. `keyword` matches the code or the name ignoring case; pages of at most 100.',
    tags,
    access: editors,
    query: Type.Object(
      {
        kind: Type.Optional(Type.Enum(THING_KINDS)),
        status: Type.Optional(Type.Enum(THING_STATUSES)),
        city: Type.Optional(Type.String({ pattern: '^[0-9]{4}$', description: '4-digit city code (GB/T 2260), e.g. 6101 for 西安市' })),
        keyword: Type.Optional({ ...Keyword, description: 'Substring of the code or the name, ignoring case' }),
        ...paging(100, 20),
      },
      { additionalProperties: false },
    ),
    response: PageOf(ThingSchema),
    errors: [],
  },
  listObservedProperties: {
    method: 'GET',
    path: '/api/things/observed-properties',
    summary: 'ObservedProperties a Datastream may measure, with unit and plausible range (administrators, editors)',
    description: 'By code. A result outside the inclusive range (null = unbounded) is rejected at ingestion as `RESULT_OUT_OF_RANGE`.',
    tags,
    access: editors,
    response: Type.Array(ObservedPropertySchema),
    errors: [],
  },
  getThing: {
    method: 'GET',
    path: '/api/things/{id}',
    summary: 'One device with its Datastreams and keys (administrators, editors)',
    description:
      'The Thing as listed, its Datastreams each with its newest Observation, and its keys newest first (prefix only: a key is shown once, when created).',
    tags,
    access: editors,
    params: ById,
    response: ThingDetailSchema,
    errors: ['THING_NOT_FOUND'],
  },
  createThing: {
    method: 'POST',
    path: '/api/things',
    summary: 'Register a device with its WGS-84 Location; the city is derived (administrators, editors)',
    description: `The city comes from the point (the bundled city boundaries); the county stays unknown. Codes are unique. Audited \`thing.create\`. Answers the Thing as \`GET /api/things/{id}\`. ${SCOPE}`,
    tags,
    access: editors,
    body: CreateThingSchema,
    response: ThingDetailSchema,
    status: 201,
    errors: ['THING_CODE_TAKEN', 'ORGANISATION_NOT_FOUND'],
  },
  updateThing: {
    method: 'PATCH',
    path: '/api/things/{id}',
    summary: 'Edit a device: code, kind, name, organisation, status, Location (administrators, editors)',
    description: `Any of the fields of \`POST /api/things\`; longitude and latitude together (the city is derived again). Audited \`thing.update\` with what changed. Moving a Thing to another organisation needs the scope of both the old and the new one. ${SCOPE}`,
    tags,
    access: editors,
    params: ById,
    body: UpdateThingSchema,
    response: ThingDetailSchema,
    errors: ['THING_NOT_FOUND', 'THING_CODE_TAKEN', 'ORGANISATION_NOT_FOUND'],
  },
  addDatastream: {
    method: 'POST',
    path: '/api/things/{id}/datastreams',
    summary: 'Add a Datastream of one ObservedProperty, optionally from a named Sensor (administrators, editors)',
    description: `One Datastream per ObservedProperty and Thing. The Sensor is found by name or created. Audited \`datastream.create\`. ${SCOPE}`,
    tags,
    access: editors,
    params: ById,
    body: CreateDatastreamSchema,
    response: DatastreamSchema,
    status: 201,
    errors: ['THING_NOT_FOUND', 'OBSERVED_PROPERTY_NOT_FOUND', 'DATASTREAM_EXISTS'],
  },
  removeDatastream: {
    method: 'DELETE',
    path: '/api/things/{id}/datastreams/{datastreamId}',
    summary: 'Remove a Datastream that has no Observations (administrators, editors)',
    description: `Data are never deleted from here: a Datastream with Observations stays (409); retire the Thing instead. Audited \`datastream.delete\`. ${SCOPE}`,
    tags,
    access: editors,
    params: ByDatastream,
    response: Type.Null(),
    errors: ['THING_NOT_FOUND', 'DATASTREAM_NOT_FOUND', 'DATASTREAM_HAS_OBSERVATIONS'],
  },
  createThingKey: {
    method: 'POST',
    path: '/api/things/{id}/keys',
    summary: 'A new device key, shown once (administrators, editors)',
    description: `\`key\` (\`tk_\` and 32 characters) is in this answer only: the server keeps its SHA-256. A retired Thing gets no key. Audited \`thing_key.create\` (prefix only). ${SCOPE}`,
    tags,
    access: editors,
    params: ById,
    response: NewThingKeySchema,
    status: 201,
    errors: ['THING_NOT_FOUND', 'THING_RETIRED'],
  },
  rotateThingKey: {
    method: 'POST',
    path: '/api/things/{id}/keys/{keyId}/rotate',
    summary: 'Revoke a key and create its successor, shown once (administrators, editors)',
    description: `In one transaction: the old key stops working at once and the new one is in this answer only. Audited \`thing_key.rotate\`. ${SCOPE}`,
    tags,
    access: editors,
    params: ByKey,
    response: NewThingKeySchema,
    errors: ['THING_NOT_FOUND', 'THING_KEY_NOT_FOUND', 'THING_KEY_REVOKED', 'THING_RETIRED'],
  },
  revokeThingKey: {
    method: 'POST',
    path: '/api/things/{id}/keys/{keyId}/revoke',
    summary: 'Revoke a device key at once (administrators, editors)',
    description: `The next push with it is 401 THING_KEY_INVALID. Audited \`thing_key.revoke\`. ${SCOPE}`,
    tags,
    access: editors,
    params: ByKey,
    response: ThingKeySchema,
    errors: ['THING_NOT_FOUND', 'THING_KEY_NOT_FOUND', 'THING_KEY_REVOKED'],
  },
});
