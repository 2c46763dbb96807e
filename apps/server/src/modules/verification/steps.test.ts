/**
 * The life of a verification task (docs/verification.md §Statuses, §Who does what): the province
 * dispatches, the responsible city verifies and feeds back, the province reviews and returns or
 * closes. Every refusal (a step out of order, someone else's part, another organisation's task, an
 * unknown verdict) is checked to change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, VerificationKind, VerificationTask, VerificationTaskDetail } from '@eco/contracts/verification';
import type { Page } from '@eco/contracts/envelope';
import { type Browser, signedInAs } from '../../test/browser';
import { organisationIdOf } from '../../test/organisations';
import { expectRefused } from '../../test/refused';
import { dataOf, useTestApp } from '../../test/test-app';
import { type BusEvent, SensingBus } from '../sensing/events';
import { toIsoCst } from '../../lib/time';

const HEADER = 'latitude,longitude,brightness,scan,track,acq_date,acq_time,satellite,confidence,version,bright_t31,frp,daynight';
/** Real rows of the bundled sample: two in 渭南市, one in 商洛市 */
const ROWS = [
  '34.58599,109.70001,317.68,1.08,1.04,2022-02-26,0603,A,74,6.1NRT,299.43,12.14,D',
  '35.12358,109.89974,319.15,1.1,1.05,2022-02-26,0603,A,77,6.1NRT,298.54,14.29,D',
  '34.09179,109.99364,304.99,1.09,1.04,2022-02-26,0601,A,38,6.1NRT,292.43,4.41,D',
];

/** The clock of the app: tests move it forward to pass deadlines. */
let clock = new Date('2026-11-20T02:00:00Z');

describe('verification task steps', () => {
  const bus = new SensingBus();
  const ctx = useTestApp({ loaded: true, now: () => clock, sensingBus: bus });
  const db = () => ctx.database.db;
  let admin: Browser;
  /** an editor of the province organisation */
  let province: Browser;
  /** staff of 渭南市, responsible for tasks there */
  let weinan: Browser;
  /** staff of 商洛市 */
  let shangluo: Browser;
  let ids: number[];

  const task = async (browser: Browser, id: number) => dataOf(await browser.get<VerificationTaskDetail>(`/api/verification/tasks/${id}`));
  const step = (browser: Browser, id: number, name: string, body: object = {}) =>
    browser.post<VerificationTaskDetail>(`/api/verification/tasks/${id}/${name}`, body);

  /** Expects `send` to be refused with `status` and `code`, and nothing to have changed. */
  const refused = (send: () => Promise<{ status: number }>, status: number, code: string) => expectRefused(db(), send, status, code);

  beforeAll(async () => {
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    weinan = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6105') })).browser;
    shangluo = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6110') })).browser;
    const imported = dataOf(
      await province.post<ImportResult>('/api/verification/hotspots', [HEADER, ...ROWS].join('\n'), { headers: { 'content-type': 'text/csv' } }),
    );
    ids = imported.items.map((item) => item.taskId!);
  });

  it('lists the tasks each organisation may see, pending until dispatched', async () => {
    const all = dataOf(await province.get<Page<VerificationTask>>('/api/verification/tasks'));
    expect(all.total).toBe(3);
    expect(all.items.every((t) => t.status === 'pending' && t.deadlineAt === null && t.kind === 'hotspot')).toBe(true);
    const own = dataOf(await weinan.get<Page<VerificationTask>>('/api/verification/tasks'));
    expect(own.items.map((t) => [t.cityName, t.organisation?.name])).toEqual([
      ['渭南市', '渭南市'],
      ['渭南市', '渭南市'],
    ]);
    expect(dataOf(await province.get<Page<VerificationTask>>('/api/verification/tasks?division=611000')).items.map((t) => t.id)).toEqual([ids[2]]);
    // another city's task does not exist for 商洛市's staff
    await refused(() => shangluo.get(`/api/verification/tasks/${ids[0]}`), 404, 'VERIFICATION_TASK_NOT_FOUND');
  });

  it('goes 待下发 → 已下发 → 核查中 → 已反馈 → 退回 → 已反馈 → 已办结, each step by its own party, audited', async () => {
    const id = ids[0]!;
    await refused(() => step(weinan, id, 'start'), 409, 'TASK_STATE_CONFLICT'); // not dispatched yet
    await refused(() => step(weinan, id, 'dispatch'), 403, 'FORBIDDEN'); // the province dispatches
    const dispatched = dataOf(await step(province, id, 'dispatch', { note: '请渭南市核查' }));
    expect(dispatched.task).toMatchObject({ status: 'dispatched', dispatchedAt: '2026-11-20T10:00:00+08:00', deadlineAt: '2026-11-21T10:00:00+08:00' });
    expect((await task(weinan, id)).allowed).toEqual(['start', 'feedback']);
    expect((await task(province, id)).allowed).toEqual([]);

    await refused(() => step(province, id, 'start'), 403, 'FORBIDDEN'); // only the responsible city verifies
    expect(dataOf(await step(weinan, id, 'start')).task.status).toBe('verifying');
    await refused(() => step(weinan, id, 'feedback', { verdict: 'volcano' }), 400, 'VERDICT_UNKNOWN');
    await refused(() => step(weinan, id, 'feedback', {}), 400, 'VALIDATION_FAILED');
    const fed = dataOf(await step(weinan, id, 'feedback', { verdict: 'agricultural_burning', note: '村民焚烧秸秆，已劝阻' }));
    expect(fed.task).toMatchObject({ status: 'fed_back', verdict: 'agricultural_burning' });

    await refused(() => step(weinan, id, 'close'), 403, 'FORBIDDEN'); // nobody reviews their own work
    await refused(() => step(province, id, 'return', {}), 400, 'VALIDATION_FAILED'); // a return says why
    const back = dataOf(await step(province, id, 'return', { note: '请补充现场照片' }));
    expect(back.task).toMatchObject({ status: 'verifying', verdict: null });
    dataOf(await step(weinan, id, 'feedback', { verdict: 'agricultural_burning', note: '已补充' }));
    const closed = dataOf(await step(province, id, 'close', { note: '同意销号' }));
    expect(closed.task.status).toBe('closed');
    expect(closed.allowed).toEqual([]);
    expect(closed.steps.map((s) => [s.action, s.status, s.verdict, s.note])).toEqual([
      ['import', 'pending', null, 'POST /api/verification/hotspots'],
      ['dispatch', 'dispatched', null, '请渭南市核查'],
      ['start', 'verifying', null, null],
      ['feedback', 'fed_back', 'agricultural_burning', '村民焚烧秸秆，已劝阻'],
      ['return', 'verifying', null, '请补充现场照片'],
      ['feedback', 'fed_back', 'agricultural_burning', '已补充'],
      ['close', 'closed', null, '同意销号'],
    ]);
    await refused(() => step(province, id, 'close'), 409, 'TASK_STATE_CONFLICT');
    const audit = dataOf(await admin.get<Page<{ action: string }>>(`/api/audit-log?entityType=verification_task&pageSize=50`));
    expect(audit.items.filter((entry) => entry.action.startsWith('verification_task.')).length).toBe(6);
  });

  it('dispatches in bulk all or nothing, and marks and counts a task overdue once its deadline has passed', async () => {
    await refused(() => province.post('/api/verification/tasks/dispatch', { ids: [ids[1], ids[0]] }), 409, 'TASK_STATE_CONFLICT'); // ids[0] is closed
    expect((await task(province, ids[1]!)).task.status).toBe('pending');
    expect(dataOf(await province.post<{ dispatched: number[] }>('/api/verification/tasks/dispatch', { ids: [ids[1], ids[2]] })).dispatched).toEqual([
      ids[1],
      ids[2],
    ]);

    const kinds = dataOf(await admin.get<VerificationKind[]>('/api/verification/kinds'));
    expect(kinds.find((k) => k.code === 'hotspot')).toMatchObject({ zh: '卫星热点', deadlineHours: 24 });
    // a day later: the sessions of the morning have ended, so sign in again
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    admin = (await signedInAs(ctx.app, db(), 'admin')).browser;
    const overdue = dataOf(await province.get<Page<VerificationTask>>('/api/verification/tasks?overdue=true'));
    expect(overdue.items.map((t) => t.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(overdue.items.every((t) => t.overdue)).toBe(true);
    expect(dataOf(await province.get<Page<VerificationTask>>('/api/verification/tasks?overdue=false')).items.map((t) => t.id)).toEqual([ids[0]]);
  });

  it('lets administrators, and only them, change the deadline rule of a kind', async () => {
    await refused(() => province.patch('/api/verification/kinds/hotspot', { deadlineHours: 12 }), 403, 'FORBIDDEN');
    await refused(() => admin.patch('/api/verification/kinds/hotspot', { deadlineHours: 0 }), 400, 'VALIDATION_FAILED');
    await refused(() => admin.patch('/api/verification/kinds/volcano', { deadlineHours: 12 }), 404, 'VERIFICATION_KIND_NOT_FOUND');
    expect(dataOf(await admin.patch<VerificationKind>('/api/verification/kinds/hotspot', { deadlineHours: 12 })).deadlineHours).toBe(12);
  });

  it('tells the live screens (the event stream) of tasks found and of each step taken, and of none refused', async ({ onTestFinished }) => {
    const heard: BusEvent[] = [];
    onTestFinished(bus.subscribe(['verification'], (event) => heard.push(event)));
    // the clock has moved past the other sessions' idle time: sign in afresh
    const province = (await signedInAs(ctx.app, db(), 'editor', { role: 'editor', organisationId: await organisationIdOf(db(), '61') })).browser;
    const shangluo = (await signedInAs(ctx.app, db(), 'staff', { role: 'staff', organisationId: await organisationIdOf(db(), '6110') })).browser;
    // the third row seen a day later: a new task of 商洛市
    const row = ROWS[2]!.replace('2022-02-26', '2022-02-27');
    const imported = dataOf(
      await province.post<ImportResult>('/api/verification/hotspots', [HEADER, row].join('\n'), { headers: { 'content-type': 'text/csv' } }),
    );
    const id = imported.items[0]!.taskId!;
    await expect.poll(() => heard).toHaveLength(1);
    await refused(() => step(shangluo, id, 'dispatch'), 403, 'FORBIDDEN');
    dataOf(await step(province, id, 'dispatch', { note: '请商洛市核查' }));
    // reading is no change, and the refusal above told nobody: one event more
    await task(province, id);
    await expect.poll(() => heard).toHaveLength(2);
    expect(heard[1]).toEqual({ type: 'verification', data: { at: toIsoCst(clock) } });
  });
});
