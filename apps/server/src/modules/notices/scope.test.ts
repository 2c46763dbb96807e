import { beforeAll, describe, expect, it } from 'vitest';
import type { NoticeDetail } from '@eco/contracts/notices';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';
import { countRows } from '../../test/test-database';

const ctx = useTestApp({ loaded: true });

const organisationId = (divisionCode: string) => organisationIdOf(ctx.database.db, divisionCode);

const draft = (organisationId: number | null) => ({
  title: '关于开展春季森林防火检查的通知',
  category: 'notice',
  bodyHtml: '<p>各单位：</p>',
  pinned: false,
  organisationId,
});

describe('notices within the organisation scope', () => {
  let xian: number;
  let xincheng: number;
  let tongchuan: number;
  let xianEditor: Browser;
  let admin: Browser;

  beforeAll(async () => {
    xian = await organisationId('6101');
    xincheng = await organisationId('610102');
    tongchuan = await organisationId('6102');
    xianEditor = (await signedInAs(ctx.app, ctx.database.db, 'editor', { role: 'editor', organisationId: xian })).browser;
    admin = (await signedInAs(ctx.app, ctx.database.db, 'admin')).browser;
  });

  it('lets a city editor publish in the name of the city and of a county under it', async () => {
    for (const id of [xian, xincheng]) {
      const created = await xianEditor.post<NoticeDetail>('/api/notices', draft(id));
      expect(created.status).toBe(201);
      expect(dataOf(created).organisationId).toBe(id);
    }
    const own = await xianEditor.post<NoticeDetail>('/api/notices', draft(null));
    expect(dataOf(own).organisationId).toBe(xian);
  });

  it('refuses a city editor a notice in the name of another city, creating nothing', async () => {
    const before = await countRows(ctx.database.db);
    const refused = await xianEditor.post('/api/notices', draft(tongchuan));
    expect(refused.status).toBe(403);
    expect(errorOf(refused).errorCode).toBe('FORBIDDEN');
    expect(await countRows(ctx.database.db)).toEqual(before);
  });

  it('refuses a city editor any change to another city’s notice, and moving their own there', async () => {
    const other = dataOf(await admin.post<NoticeDetail>('/api/notices', draft(tongchuan)));
    const before = await countRows(ctx.database.db);
    for (const attempt of [
      () => xianEditor.patch(`/api/notices/${other.id}`, { title: '改标题' }),
      () => xianEditor.post(`/api/notices/${other.id}/publish`, { publishAt: null }),
      () => xianEditor.delete(`/api/notices/${other.id}`),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(errorOf(refused).errorCode).toBe('FORBIDDEN');
    }
    const mine = dataOf(await xianEditor.post<NoticeDetail>('/api/notices', draft(xian)));
    const move = await xianEditor.patch(`/api/notices/${mine.id}`, { organisationId: tongchuan });
    expect(move.status).toBe(403);
    expect((await countRows(ctx.database.db)).audit_log).toBe(before.audit_log + 1);
    expect(dataOf(await admin.get<NoticeDetail>(`/api/manage/notices/${other.id}`))).toMatchObject({ title: other.title, status: 'draft' });
    expect(dataOf(await admin.get<NoticeDetail>(`/api/manage/notices/${mine.id}`)).organisationId).toBe(xian);
  });

  it('lets an administrator change any organisation’s notice', async () => {
    const mine = dataOf(await xianEditor.post<NoticeDetail>('/api/notices', draft(xincheng)));
    const moved = await admin.patch<NoticeDetail>(`/api/notices/${mine.id}`, { organisationId: tongchuan });
    expect(dataOf(moved).organisationId).toBe(tongchuan);
  });
});
