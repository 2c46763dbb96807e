/** The site settings (站点设置): calls of @eco/contracts/api/site. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '@eco/contracts/api/audit';
import { siteApi as api } from '@eco/contracts/api/site';
import type { SiteSettings } from '@eco/contracts/site';
import { call, keyOf } from './client';

/**
 * `GET /api/site`: title, province, footer, record number and the operations platform's address,
 * for the initial state. Rejects as `request()` does (the request layer shows why).
 */
export function fetchSiteSettings(): Promise<SiteSettings> {
  return call(api.getSiteSettings);
}

/**
 * Saves every setting (administrators; `mutateAsync(settings)` → the settings as stored) and
 * reloads the audit log. The caller loads the initial state again, where the settings are read.
 */
export function useUpdateSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettings) => call(api.updateSiteSettings, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) }),
  });
}
