import type { FastifyInstance } from 'fastify';
import { thingsApi as api } from '@eco/contracts/api/things';
import { actingOf } from '../../auth/acting';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { addDatastream, createThing, listObservedProperties, removeDatastream, updateThing } from './registry';
import type { SensingBus } from '../sensing/events';
import { announceDatastreamCreated, announceThingCreated, announceThingUpdate } from './announce';
import { positionReaderOf } from './geoprivacy';
import { createKey, getThing, listThings, revokeKey, rotateKey } from './service';

/**
 * The device registry (设备与密钥): the handlers of the declarations in
 * @eco/contracts/api/things.ts. Every change is audited in its transaction and needs the
 * organisation scope of the Thing (registry.ts, service.ts); answers carrying a key are `no-store`
 * like every answer to a signed-in user (http/route.ts). What changed is announced to MQTT
 * subscribers after commit (announce.ts).
 */
export async function thingsRoutes(app: FastifyInstance, { db, now, bus }: { db: Db; now: () => Date; bus: SensingBus }): Promise<void> {
  route(app, api.listThings, async ({ query, user }) => listThings(db, now(), await positionReaderOf(db, user), paged(query)));
  route(app, api.listObservedProperties, async () => listObservedProperties(db));
  route(app, api.getThing, async ({ params, user }) => getThing(db, now(), await positionReaderOf(db, user), params.id));
  route(app, api.createThing, async (request) => {
    const created = await createThing(db, now, actingOf(request), request.body);
    await announceThingCreated(db, bus, created.thing.id);
    return created;
  });
  route(app, api.updateThing, async (request) => {
    const announce = await announceThingUpdate(db, bus, request.params.id);
    const updated = await updateThing(db, now, actingOf(request), request.params.id, request.body);
    await announce(request.body);
    return updated;
  });
  route(app, api.addDatastream, async (request) => {
    const added = await addDatastream(db, actingOf(request), request.params.id, request.body);
    announceDatastreamCreated(bus, added.id);
    return added;
  });
  route(app, api.removeDatastream, async (request) => {
    await removeDatastream(db, actingOf(request), request.params.id, request.params.datastreamId);
    return null;
  });
  route(app, api.createThingKey, async (request) => createKey(db, now, actingOf(request), request.params.id));
  route(app, api.rotateThingKey, async (request) => rotateKey(db, now, actingOf(request), request.params.id, request.params.keyId));
  route(app, api.revokeThingKey, async (request) => revokeKey(db, now, actingOf(request), request.params.id, request.params.keyId));
}
