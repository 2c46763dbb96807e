/**
 * 技术规范管理 end to end: an editor adds a regulation, then a newer one that replaces it with an
 * effective date that has come; on /technical-regulations both show the right status (现行 / 废止)
 * and link to each other; a code in the wrong form is refused in the form.
 */
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { createEditor, openSection } from './support/content';

const browser = useBrowser();

describe('regulations management', () => {
  it('a regulation replaced by a newer one: both show the right status and link to each other', async () => {
    const editor = await createEditor(await browser.newPage(), browser);
    const page = await browser.newPage();
    await openSection(page, editor, 'regulations');
    // codes no run of the bundled data has (years far back keep them apart from real standards)
    const n = 1000 + Math.floor(Math.random() * 8999);
    const oldCode = `DB61/T ${n}-2001`;
    const newCode = `DB61/T ${n}-2002`;

    const add = async (code: string, title: string, effectiveOn: string, replaces?: string) => {
      await page.getByRole('button', { name: '新增技术规范' }).click();
      const drawer = page.getByRole('dialog', { name: '新增技术规范' }).or(page.getByRole('dialog', { name: '编辑技术规范' }));
      await drawer.getByLabel('标准编号', { exact: true }).fill(code);
      await drawer.getByLabel('标准名称', { exact: true }).fill(title);
      await drawer.getByLabel('类别', { exact: true }).fill('林业物联网');
      await drawer.getByLabel('发布机构', { exact: true }).fill('陕西省市场监督管理局');
      const effective = drawer.getByLabel('实施日期', { exact: true });
      await effective.click();
      await effective.fill(effectiveOn);
      await effective.press('Enter');
      if (replaces) await drawer.getByLabel('代替标准编号', { exact: true }).fill(replaces);
      await drawer.getByRole('button', { name: '保存' }).click();
      // saved: the drawer now edits the new regulation (the "已保存" message of the previous save
      // may still be showing, so it proves nothing; cancelling before the save lands would let
      // the save open the drawer again)
      await page.getByRole('dialog', { name: '编辑技术规范' }).waitFor();
      await drawer.getByRole('button', { name: '取消' }).click();
      await drawer.waitFor({ state: 'hidden' });
    };

    // a code in the wrong form is refused before it is sent
    await page.getByRole('button', { name: '新增技术规范' }).click();
    const drawer = page.getByRole('dialog', { name: '新增技术规范' });
    await drawer.getByLabel('标准编号', { exact: true }).fill('DB61T-1-2001');
    await drawer.getByRole('button', { name: '保存' }).click();
    await drawer.getByText('标准编号格式不正确').waitFor();
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await add(oldCode, '林业物联网感知设备接入规范（旧版）', '2001-06-01');
    await add(newCode, '林业物联网感知设备接入规范', '2002-06-01', oldCode);

    const reader = await browser.newPage();
    await reader.goto(appUrl(`/technical-regulations?keyword=${encodeURIComponent(`DB61/T ${n}`)}`));
    const oldRow = reader.locator('.regulation-row').filter({ hasText: oldCode });
    const newRow = reader.locator('.regulation-row').filter({ hasText: newCode });
    await oldRow.getByText('废止').waitFor();
    await newRow.getByText('现行').waitFor();

    // the newer one links to the one it replaces, and back
    await newRow.getByRole('link', { name: '林业物联网感知设备接入规范', exact: true }).click();
    const detail = reader.getByRole('dialog', { name: '标准详情' });
    await detail.getByRole('link', { name: new RegExp(oldCode.replace('/', '\\/')) }).click();
    await detail.getByText(oldCode).first().waitFor();
    const replacedBy = detail.getByRole('link', { name: new RegExp(newCode.replace('/', '\\/')) });
    await replacedBy.waitFor();
    expect(await detail.locator('.ant-tag').filter({ hasText: '废止' }).count()).toBeGreaterThan(0);
  });
});
