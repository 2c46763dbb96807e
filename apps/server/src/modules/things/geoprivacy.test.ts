/**
 * Geoprivacy (docs/geoprivacy.md) as readers meet it: a camera trap of 周至县 — and with it where
 * the protected species it photographs were seen — is shown to within 0.1° on the public map, in
 * the registry of another county, and in every SensorThings Location and FeatureOfInterest
 * (its old Location too), while the county's own staff, the city above it and administrators see
 * it exactly. Other devices are exact for everyone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { Thing, ThingDetail } from '@eco/contracts/sensing';
import { Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { dataOf, useTestApp } from '../../test/test-app';

/** Where the camera trap first stood, and where it stands now (both in 周至县). */
const FIRST = { longitude: 108.22234, latitude: 34.16338 };
const NOW_AT = { longitude: 108.2501, latitude: 34.1702 };
/** Where a sensor mast of the same county stands. */
const MAST_AT = { longitude: 108.31234, latitude: 34.05678 };
type Entity = Record<string, unknown> & { '@iot.id': number };

describe('geoprivacy of camera traps', () => {
  const ctx = useTestApp({ loaded: true });
  const db = () => ctx.database.db;
  const visitor = () => new Browser(ctx.app);
  const readers: Record<'admin' | 'county' | 'city' | 'neighbour', Browser> = {} as never;
  let trap: number;
  let mast: number;

  beforeAll(async () => {
    const zhouzhi = await organisationIdOf(db(), '610124');
    readers.admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    readers.county = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: zhouzhi })).browser;
    readers.city = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '6101') })).browser;
    readers.neighbour = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '610116') })).browser;
    const create = async (code: string, kind: string, at: typeof FIRST) =>
      dataOf(await readers.admin.post<ThingDetail>('/api/things', { code, kind, name: `${code} 周至`, organisationId: zhouzhi, status: 'active', ...at })).thing
        .id;
    trap = await create('IR-GEO-1', 'infrared_camera', FIRST);
    mast = await create('MAST-GEO-1', 'sensor_mast', MAST_AT);
    // the trap is moved: its first Location stays, reached through its HistoricalLocations
    expect((await readers.admin.patch(`/api/things/${trap}`, NOW_AT)).status).toBe(200);
  });

  const onMap = async (browser: Browser) => {
    const things = dataOf(await browser.get<Thing[]>('/api/sensing/things'));
    return { trap: things.find((t) => t.id === trap)!, mast: things.find((t) => t.id === mast)! };
  };

  it('shows the public map the camera trap within 0.1° and says so, other devices exactly', async () => {
    const { trap: shown, mast: exact } = await onMap(visitor());
    expect(shown).toMatchObject({ longitude: 108.3, latitude: 34.2, positionGeneralised: true });
    expect(exact).toMatchObject({ ...MAST_AT, positionGeneralised: false });
  });

  it('shows the exact position to the county that owns it, the city above it and administrators, not to a neighbouring county', async () => {
    for (const reader of [readers.county, readers.city, readers.admin]) {
      expect((await onMap(reader)).trap).toMatchObject({ ...NOW_AT, positionGeneralised: false });
    }
    expect((await onMap(readers.neighbour)).trap).toMatchObject({ longitude: 108.3, latitude: 34.2, positionGeneralised: true });
    const registry = async (browser: Browser) => dataOf(await browser.get<Page<Thing>>('/api/things?keyword=IR-GEO-1')).items[0];
    expect(await registry(readers.neighbour)).toMatchObject({ longitude: 108.3, latitude: 34.2, positionGeneralised: true });
    expect(await registry(readers.city)).toMatchObject({ ...NOW_AT, positionGeneralised: false });
    expect(dataOf(await readers.neighbour.get<ThingDetail>(`/api/things/${trap}`)).thing).toMatchObject({ longitude: 108.3, positionGeneralised: true });
  });

  it('generalises its Locations, old and new, and their FeaturesOfInterest in SensorThings for the public', async () => {
    const read = async (browser: Browser, url: string) => {
      const response = await browser.get(url);
      expect(response.status, response.raw).toBe(200);
      return JSON.parse(response.raw) as { value: Entity[] };
    };
    const locations = (await read(visitor(), `/api/v1.1/Things(${trap})/HistoricalLocations?$expand=Locations`)).value.flatMap((h) => h.Locations as Entity[]);
    expect(locations.map((l) => l.location).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { type: 'Point', coordinates: [108.2, 34.2] },
      { type: 'Point', coordinates: [108.3, 34.2] },
    ]);
    // nowhere in the public service, nor on the public map, is either exact position
    const everything = await Promise.all(
      ['/api/v1.1/Locations?$top=10000', '/api/v1.1/FeaturesOfInterest?$top=10000', '/api/v1.0/Things?$expand=Locations&$top=10000', '/api/sensing/things'].map(
        async (url) => (await visitor().get(url)).raw,
      ),
    );
    for (const raw of everything) {
      for (const exact of ['108.22234', '34.16338', '108.2501', '34.1702']) expect(raw.includes(exact), exact).toBe(false);
      expect(raw.includes('108.31234'), 'the mast, exact').toBe(true);
    }
    // the county reads them exactly, features included
    const own = (await read(readers.county, '/api/v1.1/FeaturesOfInterest?$top=10000')).value.map((f) => JSON.stringify(f.feature));
    expect(own).toContain(JSON.stringify({ type: 'Point', coordinates: [NOW_AT.longitude, NOW_AT.latitude] }));
    expect((await read(readers.county, `/api/v1.1/Things(${trap})/Locations`)).value[0]!.location).toEqual({
      type: 'Point',
      coordinates: [NOW_AT.longitude, NOW_AT.latitude],
    });
  });
});
