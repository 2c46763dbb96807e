/**
 * /stgz, the control-room wall, against the real server: the map of every device and the key
 * figures with the bundled data, and an observation a device pushes (with a key an administrator
 * created through the API) appearing on the open screen without a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { NewThingKey, ThingDetail, Thing } from '@eco/contracts/sensing';
import type { Page as ListPage } from '@eco/contracts/envelope';
import { appUrl, baseUrl, useBrowser } from './support/browser';
import { admin, apiAsPage, signIn } from './support/portal';

const browser = useBrowser();

const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"] strong`);

describe('/stgz', () => {
  it('shows the map of every device and the key figures, and a pushed observation without reload', async () => {
    // an administrator creates a device key for station 1462A through the API
    const office = await browser.newPage();
    await signIn(office, admin().account, admin().password);
    const [station] = (await apiAsPage<ListPage<Thing>>(office, 'GET', '/api/things?keyword=1462A')).items;
    expect(station?.code).toBe('1462A');
    const detail = await apiAsPage<ThingDetail>(office, 'GET', `/api/things/${station!.id}`);
    const pm25 = detail.datastreams.find((d) => d.observedProperty === 'pm2_5')!;
    const { key } = await apiAsPage<NewThingKey>(office, 'POST', `/api/things/${station!.id}/keys`);

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(appUrl('/stgz'));
    const map = page.getByTestId('things-map');
    await map.locator('canvas').first().waitFor();
    const box = await map.boundingBox();
    expect(box!.width).toBeGreaterThan(700);
    expect(box!.height).toBeGreaterThan(600);
    // 55 bundled stations, none of which has pushed to this portal yet
    await expect.poll(() => figure(page, 'online').innerText(), { timeout: 10_000 }).toMatch(/^\d+ \/ (5[5-9]|[6-9]\d)$/);
    const onlineBefore = Number((await figure(page, 'online').innerText()).split(' / ')[0]);
    await expect.poll(() => page.getByTestId('wall-live').innerText(), { timeout: 10_000 }).toBe('实时连接');

    // a device pushes one observation with its key (no cookies)
    const value = 123.4;
    const pushed = await fetch(`${baseUrl()}/api/sensing/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ observations: [{ datastreamId: pm25.id, phenomenonTime: new Date(Date.now() - 60_000).toISOString(), result: value }] }),
    });
    const body = (await pushed.json()) as { data: { accepted: number } };
    expect(body.data.accepted).toBe(1);

    // the open screen shows it without a reload: in the latest observations, and the station is online
    const row = page.getByTestId('wall-latest').locator('li', { hasText: String(value) });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.innerText()).toContain('PM2.5');
    await expect.poll(() => figure(page, 'online').innerText(), { timeout: 10_000 }).toMatch(new RegExp(`^${onlineBefore + 1} / `));
  });
});
