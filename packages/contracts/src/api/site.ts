/** The site settings (站点设置), docs/routes.md §Initial state: read by everyone, changed by administrators. */
import { SiteSettingsInputSchema, SiteSettingsSchema } from '../site';
import { defineEndpoints, PUBLIC, signedIn } from './endpoint';

const tags = ['site'] as const;

export const siteApi = defineEndpoints({
  getSiteSettings: {
    method: 'GET',
    path: '/api/site',
    summary: 'Site settings: title, province, footer (主办/承办单位, ICP and 公安 record numbers, 网站标识码, contact), operations-platform URL',
    description:
      'For everyone, part of the initial state the web app loads before it renders. The defaults until an administrator changed them. A server process serves them from memory for a few seconds, so a change made through another process shows within that time.',
    tags,
    access: PUBLIC,
    response: SiteSettingsSchema,
    errors: [],
  },
  updateSiteSettings: {
    method: 'PUT',
    path: '/api/site',
    summary: 'Change the site settings (administrators)',
    description:
      'Every setting at once; the footer settings `sponsor`, `operator`, `publicSecurityRecordNumber`, `siteCode` and `contact` may be left out and then stay as they are. `opsPlatformUrl` must be an http(s) URL (or null for none); `siteCode` (网站标识码) 10 digits or empty; the footer may have several lines. The next `GET /api/site` answers the new settings. Recorded in the audit log (`site.update`) with the fields that changed; nothing is written when nothing changed.',
    tags,
    access: signedIn('admin'),
    body: SiteSettingsInputSchema,
    response: SiteSettingsSchema,
    errors: [],
  },
});
