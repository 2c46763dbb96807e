/**
 * Field verification from detection to closure (docs/verification.md), as its users work: the
 * administrator loads a county boundary (华州区, drawn for the test: no openly licensed county
 * polygons exist), imports the bundled FIRMS sample with one click and dispatches 渭南市's hotspots
 * in bulk; the one inside the county is 华州区's. A 华州区 staff member, on a phone (390 px), starts
 * checking it, locates themselves, takes a photo (its EXIF position shown as a distance from the
 * task) and feeds back a verdict; 渭南市, the organisation above, reviews and closes it; /home then
 * shows the day's figures.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './support/axe';
import { appUrl, useBrowser } from './support/browser';
import { admin, apiAsPage, signIn, uniqueAccount } from './support/portal';

const browser = useBrowser();

/** A phone photo taken at 34°35′24″ N, 109°42′0″ E: near the first 渭南 hotspot of the sample (34.58599 N, 109.70001 E). */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#5a7' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 35/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '109/1 42/1 0/1' } })
    .toBuffer();
}

/** 华州区 (610503) for this test: a rectangle around the sample's hotspot at 34.58599 N, 109.70001 E. */
const COUNTY_FILE = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { code: '610503', name: '华州区' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [109.66, 34.55],
            [109.74, 34.55],
            [109.74, 34.62],
            [109.66, 34.62],
            [109.66, 34.55],
          ],
        ],
      },
    },
  ],
});

/** A staff member of the organisation named `organisation`, with a password of their own. */
async function createStaff(adminPage: Page, organisation: string, displayName: string): Promise<{ account: string; password: string }> {
  type Node = { id: number; name: string; children: Node[] };
  const tree = await apiAsPage<Node[]>(adminPage, 'GET', '/api/organisations');
  const all = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  const organisationId = all(tree).find((o) => o.name === organisation)?.id;
  expect(organisationId, organisation).toBeDefined();
  const account = uniqueAccount('staff');
  const created = await apiAsPage<{ temporaryPassword: string }>(adminPage, 'POST', '/api/users', {
    account,
    displayName,
    role: 'staff',
    organisationId,
  });
  const password = `Qinling-${randomBytes(9).toString('base64url')}`;
  const page = await browser.newPage();
  await apiAsPage(page, 'POST', '/api/session', { account, password: created.temporaryPassword });
  await apiAsPage(page, 'PUT', '/api/session/password', { currentPassword: created.temporaryPassword, newPassword: password });
  await page.close();
  return { account, password };
}

/** The open task drawer. */
const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.vf-detail') });

describe('field verification', () => {
  it('imports the sample, dispatches, verifies on a phone with a photo, closes, and shows the figures on /home', async () => {
    const adminPage = await browser.newPage();
    await signIn(adminPage, admin().account, admin().password, '/portal-management?section=verification&tab=import');

    // the county boundary first, so that the import places the hotspot in the county
    const counties = adminPage.locator('.ant-card').filter({ has: adminPage.locator('.ant-card-head-title', { hasText: '县级行政区边界' }) });
    await counties.locator('input[type="file"]').setInputFiles({ name: 'huazhou.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(COUNTY_FILE) });
    await counties.getByRole('button', { name: '上传并替换' }).click();
    await counties.getByText('已加载 1 / ').waitFor();

    // one click imports the bundled FIRMS file: 19 detections in Shaanxi
    await adminPage.getByRole('button', { name: '一键导入示例数据' }).click();
    await adminPage.getByText('新建 19 个，重复 0 个，省外 19397 个，无法读取 0 行').waitFor();

    // the tasks of 渭南市, dispatched together
    await adminPage.getByRole('tab', { name: '任务列表' }).click();
    await adminPage.getByRole('combobox', { name: '所在市' }).click();
    await adminPage.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="渭南市"]').click();
    const rows = adminPage.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(5);
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('待下发'))).toBe(true);
    // with tasks to select, the table's own hidden measuring row holds a second select-all checkbox: out of reach (app.css)
    const findings = await seriousViolations(adminPage, 'verification · 任务列表', '.ant-table-wrapper');
    expect(findings.length, describeFindings(findings)).toBe(0);
    await adminPage.locator('.ant-table-thead .ant-checkbox-input').check();
    await adminPage.getByRole('button', { name: '批量下发（5）' }).click();
    await adminPage.getByText('已下发 5 个任务').waitFor();
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('已下发'))).toBe(true);

    // a 华州区 staff member in the field, on a phone: the county's one task
    const staff = await createStaff(adminPage, '华州区', '华州核查员');
    const phone = await browser.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.context().grantPermissions(['geolocation']);
    await phone.context().setGeolocation({ latitude: 34.5866, longitude: 109.7005 });
    await signIn(phone, staff.account, staff.password, '/portal-management?section=verification');
    const phoneRows = phone.locator('.ant-table-row');
    await expect.poll(() => phoneRows.count()).toBe(1);
    await expect.poll(() => phoneRows.first().innerText()).toContain('渭南市 华州区');
    await phoneRows
      .first()
      .getByRole('button', { name: /^办\s?理$/ })
      .click();
    const task = drawer(phone);
    await task.waitFor();
    await task.getByText('34.58599° N, 109.70001° E').waitFor();
    const drawerBox = await task.boundingBox();
    expect(Math.round(drawerBox?.width ?? 0)).toBe(390);

    // 开始核查, then 反馈 with the verdict, a note and a photo
    await task.getByRole('button', { name: '开始核查' }).click();
    await task.getByText('核查中').first().waitFor();
    await task.getByRole('button', { name: '定位我的位置' }).click();
    await task.getByText(/我的位置距任务点 \d/).waitFor();
    await task.locator('.ant-radio-wrapper', { hasText: '农事用火' }).click();
    await task.getByLabel('说明').fill('村民焚烧秸秆，已劝阻并熄灭');
    await task.locator('input[type="file"]').setInputFiles({ name: 'IMG_20261124_0930.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    await task.getByText(/拍摄位置距任务点 \d/).waitFor();
    await task.getByRole('button', { name: /^反\s?馈$/ }).click();
    await task.getByText('已反馈').first().waitFor();
    const taskId = Number(/task=(\d+)/.exec(phone.url())?.[1]);
    expect(taskId).toBeGreaterThan(0);
    // the photo is in the history of the feedback step
    await task.locator('.vf-history-step', { hasText: '村民焚烧秸秆' }).locator('img').first().waitFor();

    // 渭南市, above the county, reviews and closes it
    const city = await createStaff(adminPage, '渭南市', '渭南审核员');
    const cityPage = await browser.newPage();
    await signIn(cityPage, city.account, city.password, `/portal-management?section=verification&task=${taskId}`);
    const review = drawer(cityPage);
    await review.getByText('村民焚烧秸秆，已劝阻并熄灭').waitFor();
    await review.locator('.ant-segmented-item', { hasText: '办结' }).click();
    await review.getByLabel('说明').fill('核查属实，同意销号');
    await review.getByRole('button', { name: /^办\s?结$/ }).click();
    await review.getByText('已办结').first().waitFor();

    // /home: today's hotspots, one fed back
    const home = await browser.newPage();
    await home.goto(appUrl('/home'));
    await home.getByTestId('verification-headline').getByText('今日卫星热点 19 个，已反馈 1 个，超期 0 个').waitFor();
  });
});
