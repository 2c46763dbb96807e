/**
 * Where the words for an audit entry's coded values are (i18n keys): a field's values named by the
 * bundle of the area they come from (a Thing's `kind` → `sensing.kinds.*`, a task's `status` →
 * `verification.statuses.*`), looked up by entity type first, then for any entity.
 */

/** entity type → field → the i18n group naming its values */
const BY_ENTITY: Record<string, Record<string, string>> = {
  user: { status: 'pm.users.statuses' },
  notice: { status: 'pm.audit.values.status', category: 'nt.categories' },
  application: { status: 'apps.status' },
  thing: { kind: 'sensing.kinds', status: 'sensing.statuses' },
  alert: { status: 'sensing.alertStatuses' },
  alert_rule: { kind: 'sensing.rules.kinds', thingKind: 'sensing.kinds', severity: 'sensing.severities' },
  verification_task: { status: 'verification.statuses', kind: 'verification.kinds' },
  detection: { status: 'cameraTrap.statuses' },
};

/** field → the i18n group naming its values, whatever the entity */
const ANY_ENTITY: Record<string, string> = {
  role: 'roles',
  status: 'pm.audit.values.status',
  reason: 'pm.audit.values.reason',
};

/** The i18n key naming `value` of `field` in an entry about `entityType`, or null when the portal has no words for it. */
export function valueKey(entityType: string, field: string, value: string): string | null {
  const group = BY_ENTITY[entityType]?.[field] ?? ANY_ENTITY[field];
  return group ? `${group}.${value}` : null;
}
