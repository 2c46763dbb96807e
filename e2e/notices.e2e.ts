/**
 * 通知公告 end to end in Chromium against the real server: an editor writes a notice in the back
 * office (rich text, 文号, an attachment added while writing, which saves the draft) and schedules
 * it for tomorrow, where readers do not see it yet; cancels the schedule and publishes it at once; it appears on the list and on /home; a reader opens
 * it by its shared link, previews and downloads the attachment; search finds a two-character
 * Chinese word. That a scheduled notice appears by itself when due is the server's to keep
 * (modules/notices/routes.test.ts, on a pinned clock): waiting here for a real minute to pass
 * would tie the test to the wall clock.
 */
import { describe, expect, it } from 'vitest';
import { clickUntilHidden, waitForHash } from './support/app';
import { appUrl, useBrowser } from './support/browser';
import { createEditor, fetchAsPage, openSection, samplePdf } from './support/content';
import { uniqueAccount } from './support/portal';

const browser = useBrowser();

/** 09:00 tomorrow, as the date picker takes it (local time = the server's). */
function tomorrowMorning(): string {
  const at = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} 09:00`;
}

describe('notices', () => {
  it('a reader narrows the notices by publication date; the date picker comes after the first rows', async () => {
    // a notice opened by its link shows no filters, so nothing fetches the picker
    const reader = await browser.newPage();
    const readerAsked: string[] = [];
    reader.on('request', (request) => readerAsked.push(new URL(request.url()).pathname));
    await reader.goto(appUrl('/notification-announcement?id=999999'));
    await reader.locator('.notice-article').waitFor();
    await reader.waitForLoadState('networkidle');
    expect(readerAsked.filter((path) => /\/assets\/NoticeDates-[^/]+\.js$/.test(path))).toEqual([]);

    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await page.goto(appUrl('/notification-announcement'));
    const picker = page.locator('.notice-filters .ant-picker-range');
    await picker.waitFor();
    const firstRows = requested.findIndex((url) => url.startsWith('/api/notices?page=1'));
    const pickerCode = requested.findIndex((url) => /\/assets\/NoticeDates-[^/]+\.js$/.test(url));
    expect(firstRows).toBeGreaterThanOrEqual(0);
    expect(pickerCode).toBeGreaterThan(firstRows);

    await picker.getByPlaceholder('开始日期').click();
    await page.keyboard.type('2000-01-01');
    await page.keyboard.press('Enter');
    await picker.getByPlaceholder('结束日期').click();
    await page.keyboard.type('2000-12-31');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toContain('from=2000-01-01&to=2000-12-31');
    await page.getByText('暂无符合条件的通知公告').waitFor();
    // the address keeps the range: opened again, the picker shows it
    await page.reload();
    await expect.poll(() => picker.getByPlaceholder('开始日期').inputValue()).toBe('2000-01-01');
  });

  it('an editor writes and schedules a notice with an attachment; readers see it when due and open it by its link', async () => {
    const editor = await createEditor(await browser.newPage(), browser);
    const title = `关于做好秋冬季森林防火工作的通知 ${uniqueAccount('n')}`;
    const page = await browser.newPage();
    await openSection(page, editor, 'notices');

    // write it
    await page.getByRole('button', { name: '新建通知公告' }).click();
    const drawer = page.getByRole('dialog', { name: '新建通知公告' }).or(page.getByRole('dialog', { name: '编辑通知公告' }));
    await drawer.getByLabel('标题', { exact: true }).fill(title);
    await drawer.getByText('公告', { exact: true }).click();
    const body = drawer.getByRole('textbox', { name: '正文' });
    await body.click();
    await page.keyboard.type('各市林业局：请加强');
    // the toolbar click gives the editor its focus back: type once 加粗 shows it is on (or off), or a
    // keystroke of a busy machine can land before the caret is back in place
    const bold = drawer.getByRole('button', { name: '加粗' });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('野外用火');
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.type('管理，严防森林火灾。');
    await drawer.getByLabel('文号', { exact: true }).fill('陕林草发〔2025〕12号');

    // attach a PDF with a Chinese name while still writing: the notice is saved as a draft first
    const chooser = page.waitForEvent('filechooser');
    await drawer.getByRole('button', { name: '上传附件' }).click();
    await (await chooser).setFiles({ name: '防火责任书.pdf', mimeType: 'application/pdf', buffer: samplePdf('notice') });
    await drawer.getByRole('link', { name: '防火责任书.pdf', exact: true }).waitFor();
    await page.getByText('已保存为草稿').first().waitFor();
    await drawer.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('已保存', { exact: true }).first().waitFor();
    await drawer
      .getByRole('button', { name: '关闭' })
      .or(drawer.getByRole('button', { name: '取消' }))
      .first()
      .click();

    // schedule it for tomorrow morning
    const row = page.locator('.ant-table-row').filter({ hasText: title });
    await row.getByText('草稿').waitFor();
    await row.getByRole('button', { name: '发布' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '发布“' });
    // a loaded machine can lose the click on the option while the dialog is still zooming in:
    // click it until it is chosen, as a user would who saw it was not
    const scheduled = dialog.getByRole('radio', { name: '定时发布' });
    await expect
      .poll(async () => {
        if (!(await scheduled.isChecked())) await dialog.getByText('定时发布', { exact: true }).click();
        return scheduled.isChecked();
      })
      .toBe(true);
    const picker = dialog.getByLabel('发布时间');
    await picker.click();
    await picker.fill(tomorrowMorning());
    await picker.press('Enter');
    await dialog.getByRole('button', { name: '定时发布' }).click();
    await row.getByText('定时发布').waitFor();

    // not yet visible to readers
    const reader = await browser.newPage();
    await reader.goto(appUrl('/notification-announcement'));
    await reader.locator('.notice-list').waitFor();
    expect(await reader.getByRole('link', { name: title }).count()).toBe(0);

    // the schedule cancelled (back to draft), then published at once: it appears on the list and on /home
    await row.getByRole('button', { name: '取消定时' }).click();
    // a click while the confirmation still zooms in can be lost (support/app.ts)
    const cancelDialog = page.getByRole('dialog').filter({ hasText: '定时发布？' });
    await clickUntilHidden(cancelDialog, cancelDialog.getByRole('button', { name: '取消定时' }));
    await row.getByText('草稿').waitFor();
    await row.getByRole('button', { name: '发布' }).click();
    await dialog.getByRole('radio', { name: '立即发布' }).check();
    await clickUntilHidden(dialog, dialog.getByRole('button', { name: '立即发布' }));
    await row.getByText('已发布').waitFor();
    await reader.reload();
    await reader.getByRole('link', { name: title }).waitFor();
    await reader.goto(appUrl('/home'));
    const onHome = reader.locator('.latest-notices').getByRole('link', { name: title });
    await onHome.waitFor();

    // a reader opens it by its shared link
    const href = await onHome.getAttribute('href');
    expect(href).toMatch(/^#\/notification-announcement\?id=\d+$/);
    const visitor = await browser.newPage();
    await visitor.goto(appUrl(href!.slice(1)));
    await waitForHash(visitor, href!);
    await visitor.getByRole('heading', { name: title }).waitFor();
    // the page names the notice; its metadata table carries the 文号
    await expect.poll(() => visitor.title()).toContain(title);
    expect(await visitor.locator('.notice-metadata').innerText()).toContain('陕林草发〔2025〕12号');
    expect(await visitor.locator('.notice-body strong').innerText()).toBe('野外用火');
    expect(await visitor.locator('.notice-meta').innerText()).toContain(editor.displayName);

    // previews the PDF in the page (the CSP allows framing it from here) and downloads it with its name
    await visitor.getByRole('button', { name: '在线预览' }).click();
    const frame = visitor.locator('iframe.document-preview');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    expect(src).toMatch(/^api\/notices\/\d+\/attachments\/\d+\?disposition=inline$/);
    const inline = await fetchAsPage(visitor, `/${src}`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    const download = visitor.waitForEvent('download');
    await visitor.getByRole('link', { name: '防火责任书.pdf', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('防火责任书.pdf');

    // search finds the two-character word 防火 in it
    await visitor.goto(appUrl(`/notification-announcement?keyword=${encodeURIComponent('防火')}`));
    await visitor.getByRole('link', { name: title }).waitFor();
    await visitor.goto(appUrl(`/notification-announcement?keyword=${encodeURIComponent('不存在的词语组合')}`));
    await visitor.getByText('暂无符合条件的通知公告').waitFor();
  });
});
