/**
 * 设备与密钥 and 告警规则 in /portal-management against the real server, as the administrator
 * uses them: a device registered in the drawer (kind, code, name, organisation, location) with a
 * Datastream; a device key shown once, accepted when the device pushes with it, refused (401) once
 * revoked; a threshold rule created, listed and edited, its saving moving the alerts at once.
 * Codes and names are unique per run: the server is shared with the other spec files.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { clickUntilHidden } from './support/app';
import { baseUrl, useBrowser } from './support/browser';
import { admin, sectionCard, signIn, uniqueAccount } from './support/portal';

const browser = useBrowser();

/** Picks the option `label` (matched by its title) in the open antd select dropdown. */
async function pickOption(page: Page, label: string | RegExp): Promise<void> {
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await (typeof label === 'string' ? options.and(page.locator(`[title="${label}"]`)) : options.filter({ hasText: label })).click();
}

/** Confirms antd's confirm dialog titled `title` (its OK button: antd spaces two-character labels, 确 定). */
async function confirm(page: Page, title: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  // a click while the dialog still zooms in can be lost (support/app.ts)
  await clickUntilHidden(dialog, dialog.getByRole('button', { name: /^确\s?定$/ }));
}

/** A device pushes one observation with `key`, as a device does (no cookies): the HTTP status and body. */
async function push(
  key: string,
  datastreamId: number,
  result: number,
): Promise<{ status: number; body: { success: boolean; data?: { accepted: number }; errorCode?: string } }> {
  const response = await fetch(`${baseUrl()}/api/sensing/observations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ observations: [{ datastreamId, phenomenonTime: new Date(Date.now() - 60_000).toISOString(), result }] }),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** The organisation TreeSelect of the device form: its text is the chosen organisation's name or the placeholder. */
function organisationField(form: Locator): Locator {
  return form.locator('.ant-form-item', { hasText: '所属机构' }).locator('.ant-select');
}

/**
 * Opens a select (`open`), picks an option (`pick`) and waits until the select `shown` shows
 * `expected`. On a loaded machine a click can land while the dropdown is still animating or
 * re-rendering a search's result and be lost (the dropdown stays open, nothing chosen): then the
 * dropdown is closed and the choice made again, at most three times. What is checked is what a
 * user sees: the field showing the choice.
 */
async function choose(page: Page, open: () => Promise<void>, pick: () => Promise<void>, shown: Locator, expected: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await open();
    await pick();
    try {
      await expect.poll(() => shown.innerText(), { timeout: 5_000 }).toContain(expected);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** The select of the form item labelled `label` in `scope`. */
function selectOf(scope: Locator, label: string): Locator {
  return scope.locator('.ant-form-item', { has: scope.page().getByText(label, { exact: true }) }).locator('.ant-select');
}

/** Picks organisation `name` in the device form's TreeSelect by searching for it (see {@link choose}). */
async function pickOrganisation(page: Page, form: Locator, name: string): Promise<void> {
  await choose(
    page,
    async () => {
      await form.getByLabel('所属机构', { exact: true }).click();
      await page.keyboard.type(name);
    },
    () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title', { hasText: new RegExp(`^${name}$`) }).click(),
    organisationField(form),
    name,
  );
}

/** The row of an antd table holding `text`. */
function row(scope: Locator, text: string): Locator {
  return scope.locator('.ant-table-row').filter({ hasText: text });
}

describe('sensing management', () => {
  it('registers a device with a Datastream, shows its key once, and the key works until it is revoked; then a threshold rule is created and edited', async () => {
    const page = await browser.newPage();
    await signIn(page, admin().account, admin().password, '/portal-management?section=things');
    const registry = sectionCard(page, '设备与接入密钥');
    await registry.waitFor();
    const code = uniqueAccount('MAST').toUpperCase();
    const name = `秦岭北麓风速监测杆 ${code}`;

    // registering in the drawer
    await registry.getByRole('button', { name: '登记设备' }).click();
    const form = page.getByRole('dialog', { name: '登记设备' });
    await form.getByLabel('编号', { exact: true }).fill(code);
    await form.getByLabel('名称', { exact: true }).fill(name);
    await choose(
      page,
      () => form.getByLabel('类型', { exact: true }).click(),
      () => pickOption(page, '传感器塔'),
      selectOf(form, '类型'),
      '传感器塔',
    );
    // the choice shows in the field before the form is sent (the city column below is the point's, not this)
    await pickOrganisation(page, form, '西安市');
    await form.getByLabel('经度（WGS-84，°E）', { exact: true }).fill('108.9402');
    await form.getByLabel('纬度（WGS-84，°N）', { exact: true }).fill('34.2611');
    await form.getByTestId('thing-form-submit').click();
    await form.waitFor({ state: 'hidden' });

    // the new device opens in its drawer: no keys, no Datastreams yet
    const drawer = page.getByRole('dialog', { name: `${name} · ${code}` });
    await drawer.waitFor();
    await drawer.getByText('数据流', { exact: true }).waitFor();

    // a Datastream: wind speed
    // the drawer's one select: the ObservedProperty of a new Datastream
    await choose(
      page,
      async () => {
        await drawer.getByRole('combobox').click();
        await page.keyboard.type('wind_speed');
      },
      () => pickOption(page, /风速 \(m\/s\) · wind_speed/),
      drawer.locator('.ant-select').first(),
      'wind_speed',
    );
    await drawer.getByRole('button', { name: '添加数据流' }).click();
    const stream = row(drawer, '风速');
    await stream.waitFor();
    expect(await stream.innerText()).toContain('m/s');
    const datastreamId = Number((await stream.locator('td').first().innerText()).trim());
    expect(datastreamId).toBeGreaterThan(0);

    // a key, shown once
    await drawer.getByRole('button', { name: '生成新密钥' }).click();
    const once = page.getByRole('dialog', { name: '请立即复制设备密钥' });
    await once.waitFor();
    expect(await once.innerText()).toContain('该密钥只显示这一次');
    const key = (await once.getByTestId('new-thing-key').innerText()).trim();
    expect(key.length).toBeGreaterThanOrEqual(20);
    await clickUntilHidden(once, once.getByRole('button', { name: /^确\s?定$/ }));
    // afterwards only its prefix is shown
    const keyRow = drawer.locator('.ant-table-row').filter({ hasText: '有效' });
    await keyRow.waitFor();
    const prefix = (await keyRow.locator('code').innerText()).replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    expect(await page.locator('body').innerText()).not.toContain(key);

    // the device pushes with it: accepted
    const accepted = await push(key, datastreamId, 12.5);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data?.accepted).toBe(1);

    // in the registry the device is now online in 西安市, with one key; its drawer shows the value
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await registry.getByPlaceholder('按编号或名称搜索').fill(code);
    await registry.getByPlaceholder('按编号或名称搜索').press('Enter');
    const listed = row(registry, code);
    await expect.poll(() => listed.innerText()).toContain('在线');
    const cells = await listed.locator('td').allInnerTexts();
    expect(cells.slice(1, 4)).toEqual([name, '传感器塔', '西安市']);
    expect(cells[6]).toBe('1');
    // its form keeps the organisation and the point as entered
    await listed.getByRole('button', { name: /^编\s?辑$/ }).click();
    const editForm = page.getByRole('dialog', { name: `编辑设备 ${code}` });
    await editForm.waitFor();
    // the organisation's name shows once the tree of organisations has loaded
    await expect.poll(() => organisationField(editForm).innerText()).toBe('西安市');
    await expect.poll(() => editForm.getByLabel('经度（WGS-84，°E）', { exact: true }).inputValue()).toBe('108.940200');
    await editForm.getByRole('button', { name: /^取\s?消$/ }).click();
    await editForm.waitFor({ state: 'hidden' });
    await listed.getByRole('button', { name: '密钥', exact: true }).click();
    await drawer.waitFor();
    await expect.poll(() => row(drawer, '风速').innerText()).toContain('12.5 · ');

    // revoked, the key is refused
    await row(drawer, prefix)
      .getByRole('button', { name: /^吊\s?销$/ })
      .click();
    await confirm(page, '吊销后使用该密钥的设备将立即无法上报数据');
    await row(drawer, prefix).getByText('已吊销').waitFor();
    const refused = await push(key, datastreamId, 13);
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe('THING_KEY_INVALID');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // 告警处理 → 告警规则: a threshold rule on wind speed for sensor masts
    await page.locator('.pm-nav').getByRole('link', { name: '告警处理' }).click();
    const rules = sectionCard(page, '告警规则');
    await rules.waitFor();
    const ruleName = `大风预警 ${code}`;
    await rules.getByRole('button', { name: '新建规则' }).click();
    const modal = page.getByRole('dialog', { name: '新建告警规则' });
    await modal.getByLabel('规则名称', { exact: true }).fill(ruleName);
    await choose(
      page,
      async () => {
        await modal.getByLabel('观测要素', { exact: true }).click();
        await page.keyboard.type('wind_speed');
      },
      // found by its code, shown by its name
      () => pickOption(page, /风速 \(m\/s\)/),
      selectOf(modal, '观测要素'),
      '风速 (m/s)',
    );
    await modal.getByPlaceholder('阈值（该要素的单位）').fill('30');
    await choose(
      page,
      () => modal.getByLabel('适用设备类型', { exact: true }).click(),
      () => pickOption(page, '传感器塔'),
      selectOf(modal, '适用设备类型'),
      '传感器塔',
    );
    // a dropdown left open (or still closing) lies over the severity radios: click away from the
    // select, as a user would, and wait until no dropdown is open
    await modal.locator('.ant-modal-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    await modal.getByRole('radio', { name: '严重' }).check();
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await modal.waitFor({ state: 'hidden' });

    // listed with its condition; the device's 12.5 m/s does not breach it
    const listedRule = row(rules, ruleName);
    await listedRule.waitFor();
    const ruleCells = async () => (await listedRule.locator('td').allInnerTexts()).slice(0, 5);
    await expect.poll(ruleCells).toEqual([ruleName, '风速 高于 30 m/s', '传感器塔', '严重', '0']);

    // edited below the device's value: saved, the rule opens an alert for it at once
    await listedRule.getByRole('button', { name: /^编\s?辑$/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑告警规则' });
    const threshold = edit.getByPlaceholder('阈值（该要素的单位）');
    await expect.poll(() => threshold.inputValue()).toBe('30');
    await threshold.fill('10');
    await edit.locator('.ant-modal-footer .ant-btn-primary').click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(ruleCells).toEqual([ruleName, '风速 高于 10 m/s', '传感器塔', '严重', '1']);
    const alertsCard = sectionCard(page, '告警');
    await row(alertsCard, code).waitFor();
    expect(await row(alertsCard, code).innerText()).toContain(ruleName);
    // filtered by severity (kept in the address): the 严重 rule's alert is not among the 警告 ones
    const severity = alertsCard.locator('.pm-alerts-severity');
    const pickSeverity = (label: string) =>
      choose(
        page,
        () => alertsCard.getByLabel('按级别筛选', { exact: true }).click(),
        () => pickOption(page, label),
        severity,
        label,
      );
    await pickSeverity('警告');
    await expect.poll(() => page.url()).toContain('severity=warning');
    await row(alertsCard, code).waitFor({ state: 'detached' });
    await pickSeverity('严重');
    await row(alertsCard, code).waitFor();

    // switched off, its alert closes (and leaves /home and /stgz of the other specs as they were)
    await listedRule.getByRole('switch', { name: ruleName }).click();
    // switching off asks first, saying it closes the rule's alerts
    const switchOff = page.getByRole('dialog').filter({ hasText: `停用告警规则“${ruleName}”？` });
    // a click while the confirmation still zooms in can be lost (support/app.ts)
    await clickUntilHidden(switchOff, switchOff.getByRole('button', { name: '停用规则' }));
    await expect.poll(ruleCells).toEqual([ruleName, '风速 高于 10 m/s', '传感器塔', '严重', '0']);
    await row(alertsCard, code).waitFor({ state: 'detached' });
  });
});
