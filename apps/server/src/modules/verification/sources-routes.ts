import { announceTaskWrites } from './announce';
import type { SensingBus } from '../sensing/events';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { verificationSourcesApi as api } from '@eco/contracts/api/verification-sources';
import { GEOJSON_MAX_BYTES } from '@eco/contracts/verification-sources';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { requestLocale } from '../../http/locale';
import { route } from '../../http/route';
import { importChangePatches, PATCH_UPLOAD_FIELDS } from './change-patches';
import { COUNTY_UPLOAD_FIELDS, listCountyBoundaries, removeCountyBoundaries, replaceCountyBoundaries } from './county-boundaries';
import { readGeoJsonUpload } from './geojson-upload';

/** The largest text part (bytes): a mapping of five property names, with room to spare. */
const FIELD_MAX_BYTES = 16 * 1024;

/**
 * Sources of verification tasks under `/api/verification`: the handlers of
 * @eco/contracts/api/verification-sources.ts (docs/verification.md §County boundaries, §Change
 * patches). Multipart parsing is registered here: one GeoJSON file and a few text parts.
 */
export async function verificationSourcesRoutes(app: FastifyInstance, { db, now, bus }: { db: Db; now: () => Date; bus: SensingBus }): Promise<void> {
  announceTaskWrites(app, bus, now);
  await app.register(multipart, {
    // room for a few text parts more than they take, so that an unknown one is seen and refused by name
    limits: { files: 1, fileSize: GEOJSON_MAX_BYTES, fields: 6, parts: 7, fieldSize: FIELD_MAX_BYTES },
    throwFileSizeLimit: false,
  });

  route(app, api.listCountyBoundaries, async () => listCountyBoundaries(db));
  route(app, api.replaceCountyBoundaries, async (request) =>
    replaceCountyBoundaries(db, now(), actingOf(request), await readGeoJsonUpload(request, COUNTY_UPLOAD_FIELDS)),
  );
  route(app, api.removeCountyBoundaries, async (request) => removeCountyBoundaries(db, actingOf(request)));
  route(app, api.importChangePatches, async (request) =>
    importChangePatches(db, now(), actingOf(request), () => readGeoJsonUpload(request, PATCH_UPLOAD_FIELDS), requestLocale(request)),
  );
}
