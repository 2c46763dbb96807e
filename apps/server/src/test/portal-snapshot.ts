/**
 * A portal with something of everything a backup must keep, and what its readers see of it: for
 * the round trips of cli/backup.ts, cli/restore.ts and cli/db-move.ts, which compare the
 * snapshot of the original with that of the restored (or moved) portal served by a fresh app.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { NoticeDetail, NoticeSummary } from '@eco/contracts/notices';
import type { Db } from '../db/client';
import { multipartBody } from '../modules/documents/multipart-body';
import { signedInAs } from './browser';
import { SAMPLES } from './sample-files';
import { dataOf, getJson } from './test-app';

export interface PortalContent {
  noticeId: number;
  regulationId: number;
}

/**
 * On an app over a loaded database (bundled regulations and observations): an editor publishes a
 * notice with a PDF attachment and attaches a Word document to the first regulation.
 */
export async function addContent(app: FastifyInstance, db: Db): Promise<PortalContent> {
  const { browser: editor } = await signedInAs(app, db, 'editor', { role: 'editor', displayName: '备份编辑' });
  const created = await editor.post<NoticeDetail>('/api/notices', {
    title: '关于开展数据备份演练的通知',
    category: 'notice',
    bodyHtml: '<p>请各单位于<strong>本周</strong>完成演练。</p>',
    pinned: false,
    organisationId: null,
  });
  const noticeId = dataOf(created).id;
  const pdf = multipartBody('备份演练方案.pdf', SAMPLES.pdf());
  expect((await editor.post(`/api/notices/${noticeId}/attachments`, pdf.payload, { headers: pdf.headers })).status).toBe(201);
  expect((await editor.post(`/api/notices/${noticeId}/publish`, { publishAt: null })).status).toBe(200);
  const regulations = dataOf(await getJson<Page<{ id: number }>>(app, '/api/technical-regulations?pageSize=1'));
  const regulationId = regulations.items[0]!.id;
  const docx = multipartBody('标准文本.docx', SAMPLES.docx());
  expect((await editor.post(`/api/technical-regulations/${regulationId}/documents`, docx.payload, { headers: docx.headers })).status).toBe(201);
  return { noticeId, regulationId };
}

async function bytes(app: FastifyInstance, url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.rawPayload.toString('base64');
}

/**
 * What a reader sees: the notice list, the notice (its view count aside, which reading changes)
 * with its attachment's bytes, the regulation list and the regulation with its document's bytes,
 * the stations' latest values and the observations of one Datastream through SensorThings.
 */
export async function whatReadersSee(app: FastifyInstance, { noticeId, regulationId }: PortalContent): Promise<Record<string, unknown>> {
  const notices = dataOf(await getJson<Page<NoticeSummary>>(app, '/api/notices'));
  const { viewCount: _views, ...notice } = dataOf(await getJson<NoticeDetail>(app, `/api/notices/${noticeId}`));
  const regulation = dataOf(await getJson<{ documents: { url: string }[] }>(app, `/api/technical-regulations/${regulationId}`));
  const observations = (await getJson<unknown>(app, '/api/v1.1/Datastreams(1)/Observations?$count=true&$top=20&$orderby=phenomenonTime desc'))
    .body as unknown as {
    '@iot.count': number;
  };
  expect(notice.attachments).toHaveLength(1);
  expect(regulation.documents).toHaveLength(1);
  expect(observations['@iot.count']).toBeGreaterThan(0);
  return {
    notices: notices.items.map(({ viewCount: _v, ...rest }) => rest),
    notice,
    attachment: await bytes(app, notice.attachments[0]!.url),
    regulations: dataOf(await getJson(app, '/api/technical-regulations?pageSize=100')),
    regulation,
    document: await bytes(app, regulation.documents[0]!.url),
    latest: dataOf(await getJson(app, '/api/sensing/latest')),
    observations,
  };
}
