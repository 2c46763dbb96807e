import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { SITE_LIMITS } from '@eco/contracts/roles';
import { SiteSettingsSchema } from '@eco/contracts/site';
import { adminOnly } from '../../auth/guards';
import type { Db } from '../../db/client';
import { MULTI_LINE, SINGLE_LINE, SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { updateSiteSettings, type SiteSettingsCache } from './service';

/** http:// or https:// and a host, then no white space or control character (a `javascript:` URL never reaches the menu) */
const HTTP_URL = '^[hH][tT][tT][pP][sS]?://[^\\s\\u0000-\\u001F\\u007F\\uD800-\\uDFFF/?#]+[^\\s\\u0000-\\u001F\\u007F\\uD800-\\uDFFF]*$';

const SiteSettingsBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: SITE_LIMITS.title, pattern: SINGLE_LINE_NOT_BLANK }),
  provinceName: Type.String({ minLength: 1, maxLength: SITE_LIMITS.provinceName, pattern: SINGLE_LINE_NOT_BLANK }),
  footer: Type.String({ maxLength: SITE_LIMITS.footer, pattern: MULTI_LINE, description: 'May have several lines' }),
  recordNumber: Type.String({ maxLength: SITE_LIMITS.recordNumber, pattern: SINGLE_LINE, description: "ICP/公安 record number; '' for none" }),
  opsPlatformUrl: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    maxLength: SITE_LIMITS.opsPlatformUrl,
    pattern: HTTP_URL,
    description: 'An http(s) URL, or null for none',
  }),
}, { additionalProperties: false });

/**
 * The site settings, part of the initial state the web app loads before it renders (seed §1, §4):
 * `GET /api/site` for anyone; `PUT /api/site` with all of SiteSettings (administrators), seen by
 * the next `GET /api/site` at once (other server processes within the cache's few seconds).
 */
export const siteRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date; settings: SiteSettingsCache }> = async (app, { db, now, settings }) => {
  app.get(
    '/site',
    { schema: { tags: ['site'], summary: 'Site settings: title, province, footer, record number, operations-platform URL', response: { 200: Ok(SiteSettingsSchema) } } },
    async () => ({ success: true as const, data: await settings.get() }),
  );
  app.put(
    '/site',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['site'],
        summary: 'Change the site settings (administrators)',
        body: SiteSettingsBody,
        response: { 200: Ok(SiteSettingsSchema) },
      },
    },
    async (request) => {
      const saved = await updateSiteSettings(db, now, { actor: { id: request.user!.id, account: request.user!.account }, ip: request.ip }, request.body);
      settings.invalidate();
      return { success: true as const, data: saved };
    },
  );
};
