/**
 * Alerts and alert rules of the sensing hub (告警处理, 告警规则), docs/product.md §The sensing hub:
 * the alert list for everyone (as /home and /stgz show it); acknowledging, closing and the rules
 * for administrators and editors, within their organisation scope (docs/access.md §Organisation
 * scope): an alert belongs to its Thing's organisation, a rule to its own (null = province-wide).
 */
import { Type } from 'typebox';
import { ById, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import { ALERT_SEVERITIES, ALERT_STATUSES, AlertRuleSchema, AlertSchema, ByBigId, CreateAlertRuleSchema, UpdateAlertRuleSchema } from '../sensing';
import { defineEndpoints, PUBLIC, signedIn } from './endpoint';

const tags = ['sensing'] as const;
const editors = signedIn('admin', 'editor');

const ALERT_SCOPE =
  'Editors below the province may handle only alerts of Things of their own organisation or one under it (403 FORBIDDEN otherwise, nothing changed).';
const RULE_SCOPE =
  'Editors below the province may change only rules of their own organisation or one under it (403 FORBIDDEN otherwise, nothing changed); a province-wide rule (organisation null) is for administrators and the province.';

export const alertsApi = defineEndpoints({
  listAlerts: {
    method: 'GET',
    path: '/api/sensing/alerts',
    summary: 'Alerts, newest first',
    description:
      '`status`: open, acknowledged, closed, or `active` (open or acknowledged); every status without it. `severity`: only the alerts of rules of that severity (info, warning, critical); `total` counts them all, so a screen can say exactly how many critical alerts are active. Who acknowledged or closed an alert is shown to signed-in users only (null for visitors). Pages of at most 100.',
    tags,
    access: PUBLIC,
    query: Type.Object(
      { status: Type.Optional(Type.Enum([...ALERT_STATUSES, 'active'] as const)), severity: Type.Optional(Type.Enum(ALERT_SEVERITIES)), ...paging(100, 20) },
      { additionalProperties: false },
    ),
    response: PageOf(AlertSchema),
    errors: [],
  },
  acknowledgeAlert: {
    method: 'POST',
    path: '/api/sensing/alerts/{id}/acknowledge',
    summary: 'Acknowledge an open alert (administrators, editors)',
    description: `Records who and when; audited \`alert.acknowledge\`; published on the event stream. 409 from any state but open. ${ALERT_SCOPE}`,
    tags,
    access: editors,
    params: ByBigId,
    response: AlertSchema,
    errors: ['ALERT_NOT_FOUND', 'ALERT_STATE_CONFLICT'],
  },
  closeAlert: {
    method: 'POST',
    path: '/api/sensing/alerts/{id}/close',
    summary: 'Close an open or acknowledged alert (administrators, editors)',
    description: `Records who and when; audited \`alert.close\`; published on the event stream. 409 when already closed. ${ALERT_SCOPE}`,
    tags,
    access: editors,
    params: ByBigId,
    response: AlertSchema,
    errors: ['ALERT_NOT_FOUND', 'ALERT_STATE_CONFLICT'],
  },
  listAlertRules: {
    method: 'GET',
    path: '/api/sensing/alert-rules',
    summary: 'Alert rules with their count of active alerts (administrators, editors)',
    description: 'Every rule, by id (a handful; not paged), with its owning organisation.',
    tags,
    access: editors,
    response: Type.Array(AlertRuleSchema),
    errors: [],
  },
  createAlertRule: {
    method: 'POST',
    path: '/api/sensing/alert-rules',
    summary: 'Create a threshold or silence rule, enabled (administrators, editors)',
    description: `Alerts open at once for the Things that already break it. Severity \`warning\` and every Thing kind unless given. Without \`organisationId\` the rule belongs to the author's organisation when the author acts below the province, else it is province-wide. A field of the other kind, or a missing one of its own, is 400. Audited \`alert_rule.create\`. ${RULE_SCOPE}`,
    tags,
    access: editors,
    body: CreateAlertRuleSchema,
    response: AlertRuleSchema,
    status: 201,
    errors: ['OBSERVED_PROPERTY_NOT_FOUND', 'ORGANISATION_NOT_FOUND'],
  },
  updateAlertRule: {
    method: 'PATCH',
    path: '/api/sensing/alert-rules/{id}',
    summary: 'Edit a rule (administrators, editors)',
    description: `Name, severity, Thing kind, organisation and the fields of its kind (the kind is fixed). A new condition, Thing kind or organisation re-evaluates its alerts at once (those it no longer covers close, with the editor as closer). Moving a rule to another organisation needs the scope of both. Audited \`alert_rule.update\`. ${RULE_SCOPE}`,
    tags,
    access: editors,
    params: ById,
    body: UpdateAlertRuleSchema,
    response: AlertRuleSchema,
    errors: ['ALERT_RULE_NOT_FOUND', 'OBSERVED_PROPERTY_NOT_FOUND', 'ORGANISATION_NOT_FOUND'],
  },
  enableAlertRule: {
    method: 'POST',
    path: '/api/sensing/alert-rules/{id}/enable',
    summary: 'Enable a rule (administrators, editors)',
    description: `Alerts open at once for the Things that break it. Idempotent; audited \`alert_rule.enable\` when it changes. ${RULE_SCOPE}`,
    tags,
    access: editors,
    params: ById,
    response: AlertRuleSchema,
    errors: ['ALERT_RULE_NOT_FOUND'],
  },
  disableAlertRule: {
    method: 'POST',
    path: '/api/sensing/alert-rules/{id}/disable',
    summary: 'Disable a rule (administrators, editors)',
    description: `Its active alerts close at once, with the editor as closer. Idempotent; audited \`alert_rule.disable\` when it changes. ${RULE_SCOPE}`,
    tags,
    access: editors,
    params: ById,
    response: AlertRuleSchema,
    errors: ['ALERT_RULE_NOT_FOUND'],
  },
});
