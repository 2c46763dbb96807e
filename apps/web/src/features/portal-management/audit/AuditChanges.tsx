import { useMemo } from 'react';
import type { AuditEntry } from '@eco/contracts/audit';
import { useTranslation } from 'react-i18next';
import { comparatorText, propertyName } from '../../../components/rule-words';
import { labelOr } from '../labels';
import { flattenTree } from '../organisations/org-tree';
import { useOrganisations } from '../../../api/organisations';
import { useObservedProperties } from '../../../api/things';
import '../../../i18n/applications';
import '../../../i18n/camera-trap';
import '../../../i18n/notices';
import '../../../i18n/sensing';
import '../../../i18n/verification';
import { fieldChanges, valueText } from './changes';
import { valueKey } from './value-words';

/**
 * An entry's before/after as a small table: field, before, after; changed rows stand out. Codes
 * are shown in words where the portal knows them (a role, a status, a kind, a severity, a
 * category, a failure reason, an observed property's name, a comparator, an organisation's name
 * for its id, yes/no: ./value-words.ts); anything else as plain text, never as markup.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const organisations = useOrganisations();
  const orgNames = useMemo(() => new Map(flattenTree(organisations.data ?? []).map((o) => [o.id, o.name])), [organisations.data]);
  // only entries about devices and rules carry an observed property's code
  const properties = useObservedProperties(entry.entityType === 'alert_rule' || entry.entityType === 'datastream' || entry.entityType === 'thing');
  const rows = fieldChanges(entry.before, entry.after);
  // a field named the same in two kinds of entry (a notice's `title`, the site's `title`) has the label of its kind
  const fieldKey = (field: string) =>
    i18n.exists(`pm.audit.entityFields.${entry.entityType}.${field}`) ? `pm.audit.entityFields.${entry.entityType}.${field}` : `pm.audit.fields.${field}`;
  if (rows.length === 0) return <div className="pm-muted">{t('pm.audit.change.none')}</div>;

  const readable = (field: string, value: unknown): string => {
    if (field === 'organisationId') {
      if (value === null) return t('pm.audit.values.organisationNone');
      if (typeof value === 'number') return orgNames.has(value) ? `${orgNames.get(value)} (#${value})` : `#${value}`;
    }
    if (typeof value === 'boolean') return t(`pm.audit.values.boolean.${value}`);
    if (typeof value === 'string') {
      if (field === 'observedProperty') {
        const name = propertyName(i18n, value, properties.data);
        return name === value ? value : `${name} (${value})`;
      }
      if (field === 'comparator' && ['>', '>=', '<', '<='].includes(value)) return comparatorText(t, value as '>');
      const key = valueKey(entry.entityType, field, value);
      if (key) return labelOr(i18n, key, value);
    }
    return valueText(value);
  };
  const cell = (field: string, value: unknown, missing: boolean) => {
    if (missing) return <span className="pm-muted">{t('pm.audit.change.absent')}</span>;
    const text = readable(field, value);
    return text === '' ? <span className="pm-muted">{t('pm.audit.change.empty')}</span> : <span className="audit-value">{text}</span>;
  };
  return (
    <table className="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t('pm.audit.change.field')}</th>
          <th scope="col">{t('pm.audit.change.before')}</th>
          <th scope="col">{t('pm.audit.change.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className={row.changed ? 'is-changed' : undefined}>
            <th scope="row" title={row.field}>
              {labelOr(i18n, fieldKey(row.field), row.field)}
            </th>
            <td>{cell(row.field, row.before, row.missingBefore)}</td>
            <td>{cell(row.field, row.after, row.missingAfter)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
