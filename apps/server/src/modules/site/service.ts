import { eq } from 'drizzle-orm';
import type { SiteSettings, SiteSettingsInput } from '@eco/contracts/site';
import type { Acting } from '../../auth/acting';
import { inTransaction, type Db } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { DEFAULT_SITE_SETTINGS } from '../../seed/load-bundled-data';
import { audit, changes } from '../audit/service';

/** How long the settings are served from memory (ms) before they are read again. */
export const SITE_SETTINGS_TTL_MS = 5_000;

/** The columns of the settings, as the API names them. */
const settingsColumns = {
  title: siteSettings.title,
  provinceName: siteSettings.provinceName,
  footer: siteSettings.footer,
  recordNumber: siteSettings.recordNumber,
  opsPlatformUrl: siteSettings.opsPlatformUrl,
  sponsor: siteSettings.sponsor,
  operator: siteSettings.operator,
  publicSecurityRecordNumber: siteSettings.publicSecurityRecordNumber,
  siteCode: siteSettings.siteCode,
  contact: siteSettings.contact,
};

/** The site settings row (docs/routes.md §Initial state); the defaults when it has not been written yet. */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select(settingsColumns).from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? DEFAULT_SITE_SETTINGS;
}

export interface SiteSettingsCache {
  get(): Promise<SiteSettings>;
  /** forget the cached copy: the next `get` reads the database (call after writing the settings) */
  invalidate(): void;
}

/**
 * Site settings are read by every page load (the initial state) and change rarely: keep them in
 * memory for `ttlMs`. This process sees a change at once through `invalidate()`; other server
 * processes on the same PostgreSQL within `ttlMs`.
 */
export function createSiteSettingsCache(db: Db, now: () => Date, ttlMs = SITE_SETTINGS_TTL_MS): SiteSettingsCache {
  let cached: { settings: Promise<SiteSettings>; until: number } | null = null;
  return {
    get() {
      const time = now().getTime();
      if (!cached || time >= cached.until) {
        const settings = readSiteSettings(db);
        cached = { settings, until: time + ttlMs };
        // a failed read is not kept: the next request tries again
        settings.catch(() => {
          if (cached?.settings === settings) cached = null;
        });
      }
      return cached.settings;
    },
    invalidate() {
      cached = null;
    },
  };
}

/**
 * Writes all of the settings, recording `site.update` with the fields that changed (nothing is
 * written when nothing changed). The footer settings (`FOOTER_SETTINGS`: 主办/承办单位, 公安机关备案号,
 * 网站标识码, contact) left out of `input` keep their stored values. The caller invalidates the
 * cache. `opsPlatformUrl` must parse as an http(s) URL (400 VALIDATION_FAILED naming the field);
 * the lengths and the 10 digits of `siteCode` are checked by the schema (@eco/contracts/site.ts).
 */
export async function updateSiteSettings(db: Db, now: () => Date, { actor, ip }: Acting, input: SiteSettingsInput): Promise<SiteSettings> {
  if (input.opsPlatformUrl !== null) {
    let url: URL | null = null;
    try {
      url = new URL(input.opsPlatformUrl);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new AppError('VALIDATION_FAILED', { zh: 'body/opsPlatformUrl 不是有效的 http(s) 地址', en: 'body/opsPlatformUrl is not a valid http(s) URL' });
    }
  }
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select(settingsColumns).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    const before: SiteSettings = row ?? DEFAULT_SITE_SETTINGS;
    // exactly the settings (a caller outside HTTP may pass an object with more)
    const next: SiteSettings = {
      title: input.title,
      provinceName: input.provinceName,
      footer: input.footer,
      recordNumber: input.recordNumber,
      opsPlatformUrl: input.opsPlatformUrl,
      sponsor: input.sponsor ?? before.sponsor,
      operator: input.operator ?? before.operator,
      publicSecurityRecordNumber: input.publicSecurityRecordNumber ?? before.publicSecurityRecordNumber,
      siteCode: input.siteCode ?? before.siteCode,
      contact: input.contact ?? before.contact,
    };
    const diff = changes(before, next);
    if (!diff) return before;
    await tx
      .insert(siteSettings)
      .values({ id: 1, ...next, updatedAt: now() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { ...next, updatedAt: now() } });
    await audit(tx, { actor, ip, action: 'site.update', entityType: 'site_settings', entityId: 1, ...diff });
    return { ...next };
  });
}
