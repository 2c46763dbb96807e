/**
 * Alerts and alert rules (告警处理, 告警规则): queries and writes of @eco/contracts/api/alerts.
 * A write may open or close alerts (the server re-evaluates a rule at once), so each reloads the
 * whole sensing area (alerts, rules, the figures of /home and /stgz) and the audit log.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertsApi as api } from '@eco/contracts/api/alerts';
import { auditApi } from '@eco/contracts/api/audit';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import type { CreateAlertRule, UpdateAlertRule } from '@eco/contracts/sensing';
import { areaKey, call, keyOf, queryOf } from './client';
import type { RefreshOptions } from './sensing';
import { useSensingEvents, useSettledRefetch } from './sensing-events';

export type AlertFilters = NonNullable<QueryOf<typeof api.listAlerts>>;

/**
 * One page of alerts, newest first (`status: 'active'` = open or acknowledged); who handled them
 * only for signed-in users. The previous page stays on screen while the next loads.
 */
export function useAlerts(filters: AlertFilters, options: RefreshOptions = {}) {
  return useQuery({ ...queryOf(api.listAlerts, { query: filters }), placeholderData: keepPreviousData, ...options });
}

/** Every alert rule with its owning organisation and count of active alerts (administrators, editors). */
export function useAlertRules() {
  return useQuery(queryOf(api.listAlertRules));
}

function useReload() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: areaKey('sensing') }), client.invalidateQueries({ queryKey: keyOf(auditApi.listAuditLog) })]);
}

/** Acknowledge an open alert, or close an open or acknowledged one; each resolves with the alert. */
export function useAlertMutations() {
  const onSuccess = useReload();
  return {
    acknowledge: useMutation({ mutationFn: (id: number) => call(api.acknowledgeAlert, { params: { id } }), onSuccess }),
    close: useMutation({ mutationFn: (id: number) => call(api.closeAlert, { params: { id } }), onSuccess }),
  };
}

/** Create, edit, enable and disable rules; each resolves with the rule as saved. */
export function useAlertRuleMutations() {
  const onSuccess = useReload();
  return {
    create: useMutation({ mutationFn: (body: CreateAlertRule) => call(api.createAlertRule, { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateAlertRule }) => call(api.updateAlertRule, { params: { id }, body }),
      onSuccess,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => call(enabled ? api.enableAlertRule : api.disableAlertRule, { params: { id } }),
      onSuccess,
    }),
  };
}

/** How long after the last `alert` event the alert queries are refetched (a rule change opens or closes several at once), ms. */
const SETTLE_MS = 500;

/**
 * Keeps the alert list and the rules' counts current as the wall (/stgz) is: listens to the
 * sensing hub's event stream (./sensing-events.ts, which reconnects and reopens it) and refetches
 * the alerts and the alert rules (`listAlerts`, `listAlertRules`) after each burst of `alert`
 * events, the same invalidation the wall's stream applies to the sensing area. Answers whether it
 * is connected now.
 */
export function useAlertStream(): boolean {
  const refetch = useSettledRefetch(SETTLE_MS);
  return useSensingEvents({ alert: () => refetch(keyOf(api.listAlerts), keyOf(api.listAlertRules)) });
}
