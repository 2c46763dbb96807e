/**
 * /stgz, the control-room wall, against the real server: the map of every device and the key
 * figures with the bundled data, and an observation a device pushes (with a key an administrator
 * created through the API) appearing on the open screen without a reload; a camera-trap detection
 * posted with an image showing its thumbnail; the wall filling a 1080p and a 4K screen exactly;
 * the map's data as a table over the map (WCAG 2.1 1.1.1); a critical alert in a band of its own
 * that counts every open one.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Alert, AlertRule, Datastream, Detection, NewThingKey, ThingDetail, Thing } from '@eco/contracts/sensing';
import type { Page as ListPage } from '@eco/contracts/envelope';
import { appUrl, baseUrl, useBrowser, WAIT_MS } from './support/browser';
import { admin, apiAsPage, signIn } from './support/portal';

const browser = useBrowser();

/** A 64 × 48 PNG of a dark animal shape on green: what a camera trap uploads, in small. */
const TRAP_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAMAAACWlYwtAAAAh1BMVEU6a0o4aEgcKSATFRMaJB0dKyESExIREREVGRYZIhwwVTwREhIkOywTFBMoRTI2YkQXHxooRDEXHhkSFRMSFBMlPS0sTTc5aEgUGRY6akktTjgYIBokOyskOis3ZUYsTDYcKiExVj03ZEYTFhQxVz44ZkcmPi4aJR4tTzgvVDsdLCIdKyIZJB0na2q9AAAACXBIWXMAAAsTAAALEwEAmpwYAAAAyElEQVRIx+2VxxLCIBQA0yGdVKPp9vb/36fjOCajAg+8eGDvu4TASzRNoVAoBNETK8usRJf1Yxc9cGPJ9Z/+vSD3DAl6EUkFrlPAkgqYU8CEGeu+NVIchpgMbd/NAxuAvVwZDprhGKnQFk4EMeC/xMBn+e6C5zeI6XMvkkeXc/MQcdfXbHrgAjo/TA/gXwMVKMDYwhkU2NIDI+wSBzS/gA5O8fUi+Xv46Hn1p197IsP7Pkz5cBT+AHRlYxMcOlVqB+VO/VMUf88Nxc0RfpeakoIAAAAASUVORK5CYII=',
  'base64',
);

const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"] strong`);
/** The height of the page's content: the wall's own, while it has no scrollbar. */
const scrollHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

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
    await expect.poll(() => figure(page, 'online').innerText(), { timeout: WAIT_MS }).toMatch(/^\d+ \/ (5[5-9]|[6-9]\d)$/);
    const onlineBefore = Number((await figure(page, 'online').innerText()).split(' / ')[0]);
    await expect.poll(() => page.getByTestId('wall-live').innerText(), { timeout: WAIT_MS }).toBe('实时连接');

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
    await row.waitFor({ timeout: WAIT_MS });
    expect(await row.innerText()).toContain('PM2.5');
    await expect.poll(() => figure(page, 'online').innerText(), { timeout: WAIT_MS }).toMatch(new RegExp(`^${onlineBefore + 1} / `));
  });

  it('shows the thumbnail of a detection a camera trap posted with an image', async () => {
    // an administrator registers a camera trap and gives it a key
    const office = await browser.newPage();
    await signIn(office, admin().account, admin().password);
    const code = `IR-E2E-${Date.now().toString(36)}`;
    const created = await apiAsPage<{ thing: Thing }>(office, 'POST', '/api/things', {
      code,
      kind: 'infrared_camera',
      name: '佛坪红外相机 E2E',
      organisationId: null,
      status: 'active',
      longitude: 107.9,
      latitude: 33.6,
    });
    const { key } = await apiAsPage<NewThingKey>(office, 'POST', `/api/things/${created.thing.id}/keys`);

    // the camera pushes a giant panda, then its photo (no cookies: its key)
    const device = { authorization: `Bearer ${key}` };
    const pushed = await fetch(`${baseUrl()}/api/sensing/detections`, {
      method: 'POST',
      headers: { ...device, 'content-type': 'application/json' },
      body: JSON.stringify({
        detections: [{ phenomenonTime: new Date(Date.now() - 30_000).toISOString(), scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.96 }],
      }),
    });
    expect(((await pushed.json()) as { data: { accepted: number } }).data.accepted).toBe(1);
    const recent = (await (await fetch(`${baseUrl()}/api/sensing/detections?limit=20`)).json()) as { data: Detection[] };
    const detection = recent.data.find((d) => d.thing.code === code)!;
    expect(detection.hasImage).toBe(false);
    const form = new FormData();
    form.append('file', new Blob([TRAP_PHOTO], { type: 'image/png' }), 'IMG_0001.PNG');
    const uploaded = await fetch(`${baseUrl()}/api/sensing/detections/${detection.id}/image`, { method: 'POST', headers: device, body: form });
    expect(uploaded.status).toBe(200);

    // a visitor's wall shows it with its thumbnail, named for people, and loaded (the CSP allows it)
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(appUrl('/stgz'));
    const thumb = page.getByTestId('wall-detections').getByRole('img', { name: /^大熊猫（佛坪红外相机 E2E，/ });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: WAIT_MS }).toBe(64);
    expect(await thumb.getAttribute('src')).toMatch(new RegExp(`^api/sensing/detections/${detection.id}/image\\?size=thumb&v=[0-9a-f]{16}$`));
    expect(await thumb.getAttribute('loading')).toBe('lazy');
    // in its fixed box
    const box = await thumb.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([64, 48]);
    // a click opens the larger view: for a visitor, the thumbnail again (the original may carry the position)
    await page
      .getByTestId('wall-detections')
      .getByRole('button', { name: /^大熊猫（佛坪红外相机 E2E，/ })
      .click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toContain('size=thumb');
  });

  it('fills a 1920×1080 and a 3840×2160 wall exactly, with text that grows with the screen', async () => {
    const page = await browser.newPage();
    const sizes: Record<number, { scroll: number; inner: number; body: number }> = {};
    for (const [width, height] of [
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(appUrl('/stgz'));
      await page.getByTestId('things-map').locator('canvas').first().waitFor();
      await expect.poll(() => figure(page, 'online').innerText(), { timeout: WAIT_MS }).toMatch(/^\d+ \/ \d+$/);
      sizes[width] = await page.evaluate(() => ({
        scroll: document.documentElement.scrollHeight,
        inner: window.innerHeight,
        body: Number.parseFloat(getComputedStyle(document.querySelector('.sensing-wall')!).fontSize),
      }));
    }
    expect(sizes[1920]!.scroll).toBe(1080);
    expect(sizes[1920]!.inner).toBe(1080);
    expect(sizes[3840]!.scroll).toBe(2160);
    expect(sizes[3840]!.inner).toBe(2160);
    // legible from 3 m at 1080p, and twice that on a 4K wall
    expect(sizes[1920]!.body).toBeGreaterThanOrEqual(24);
    expect(sizes[3840]!.body).toBeGreaterThanOrEqual(48);
  });

  it("opens the map's data as a table over the map, listing each station, and closes back to its button", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(appUrl('/stgz'));
    await page.getByTestId('things-map').locator('canvas').first().waitFor();
    const toggle = page.getByRole('button', { name: '以表格查看地图数据' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // a keyboard user reaches it and opens it: focus moves into the table's layer
    await toggle.focus();
    await page.keyboard.press('Enter');
    const layer = page.getByRole('region', { name: '设备分布（表格）' });
    await layer.waitFor();
    expect(await page.getByTestId('wall-table-toggle').getAttribute('aria-expanded')).toBe('true');
    expect(await layer.evaluate((element) => element === document.activeElement)).toBe(true);
    const things = layer.locator('table').first();
    expect(await things.locator('caption').innerText()).toMatch(/^地图上的设备（共 (5[5-9]|[6-9]\d|\d{3}) 台）$/);
    // a bundled station: its name and code, its kind, its city
    const station = things.getByRole('row', { name: /1462A/ });
    expect(await station.locator('td').nth(0).innerText()).toBe('空气质量监测站');
    expect(await station.locator('td').nth(1).innerText()).toBe('西安市');
    // over the map, which keeps its place: the wall still fills the screen without a scrollbar
    const [map, table] = [await page.getByTestId('things-map').boundingBox(), await layer.boundingBox()];
    expect(Math.abs(table!.y - map!.y)).toBeLessThan(2);
    expect(await scrollHeight(page)).toBe(1080);
    // Escape closes it; focus is back on the button
    await page.keyboard.press('Escape');
    await layer.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('shows critical alerts in a band of its own that counts every open one, above the map without covering it', async () => {
    // an administrator registers a sensor mast that reports 40 m/s, and a critical rule above 35 m/s
    const office = await browser.newPage();
    await signIn(office, admin().account, admin().password);
    const code = `MAST-E2E-${Date.now().toString(36)}`;
    const { thing } = await apiAsPage<{ thing: Thing }>(office, 'POST', '/api/things', {
      code,
      kind: 'sensor_mast',
      name: '秦岭风速杆 E2E',
      organisationId: null,
      status: 'active',
      longitude: 108.95,
      latitude: 34.05,
    });
    const wind = await apiAsPage<Datastream>(office, 'POST', `/api/things/${thing.id}/datastreams`, { observedProperty: 'wind_speed' });
    const { key } = await apiAsPage<NewThingKey>(office, 'POST', `/api/things/${thing.id}/keys`);
    const pushed = await fetch(`${baseUrl()}/api/sensing/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ observations: [{ datastreamId: wind.id, phenomenonTime: new Date(Date.now() - 60_000).toISOString(), result: 40 }] }),
    });
    expect(pushed.status).toBe(200);
    const rule = await apiAsPage<AlertRule>(office, 'POST', '/api/sensing/alert-rules', {
      kind: 'threshold',
      name: `特大风 ${code}`,
      observedProperty: 'wind_speed',
      comparator: '>',
      threshold: 35,
      thingKind: 'sensor_mast',
      severity: 'critical',
      organisationId: null,
    });
    try {
      const active = await apiAsPage<ListPage<Alert>>(office, 'GET', '/api/sensing/alerts?status=active&pageSize=100');
      const critical = active.items.filter((a) => a.severity === 'critical');
      expect(critical.some((a) => a.thing.code === code)).toBe(true);

      const page = await browser.newPage();
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.goto(appUrl('/stgz'));
      const band = page.getByTestId('wall-critical');
      await band.waitFor();
      expect(await page.getByTestId('wall-critical-count').innerText()).toBe(`严重告警 ${critical.length} 条`);
      expect(await band.innerText()).toContain('秦岭风速杆 E2E · 特大风');
      // in a row of its own: the map panel's heading is below it, and the wall still fits the screen
      await page.getByTestId('things-map').locator('canvas').first().waitFor();
      const [bandBox, heading] = [await band.boundingBox(), await page.locator('.wall-map > h2').boundingBox()];
      expect(bandBox!.y + bandBox!.height).toBeLessThanOrEqual(heading!.y);
      expect(await scrollHeight(page)).toBe(1080);
    } finally {
      // switched off, its alert closes (and leaves /home and /stgz of the other specs as they were);
      // the mast then reports calm air, so no wind rule another spec makes finds its 40 m/s
      await apiAsPage(office, 'POST', `/api/sensing/alert-rules/${rule.id}/disable`);
      const calm = await fetch(`${baseUrl()}/api/sensing/observations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ observations: [{ datastreamId: wind.id, phenomenonTime: new Date(Date.now() - 30_000).toISOString(), result: 2 }] }),
      });
      expect(calm.status).toBe(200);
    }
  });
});
