import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEntry } from '@eco/contracts/audit';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format';
import { labelOr } from '../labels';
import { FilterSelect, ListSection } from '../ListSection';
import { useQueryState } from '../use-query-state';
import { auditApiParams, auditCsvUrl, auditFiltersFrom } from './audit-query';
import { AuditChanges } from './AuditChanges';
import { useAuditLog } from '../../../api/audit';

const PAGE_SIZE = 20;
const FAILED = /failed$/;
/** The actor the server records for what it does itself. */
const SYSTEM_ACTOR = 'system';

/**
 * 审计日志 (administrators): who did what, when and from where, newest first, filtered by action,
 * actor, entity type and a range of days (all in the address), paginated; a row expands to the
 * fields it changed, before and after. 导出 CSV downloads the entries that match the same filters.
 */
export default function AuditLogSection() {
  const { t, i18n } = useTranslation();
  const [params, update] = useQueryState();
  const filters = auditFiltersFrom(params);
  const [actorDraft, setActorDraft] = useState(filters.actor ?? '');
  useEffect(() => setActorDraft(filters.actor ?? ''), [filters.actor]); // back and forward
  const log = useAuditLog(auditApiParams(filters, PAGE_SIZE));

  const actionLabel = (action: string) => labelOr(i18n, `pm.audit.actions.${action}`, action);
  const entityLabel = (type: string) => labelOr(i18n, `pm.audit.entityTypes.${type}`, type);
  const range: [Dayjs | null, Dayjs | null] | null =
    filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : null;
  const today = dayjs();

  const columns: ColumnsType<AuditEntry> = [
    {
      title: t('pm.audit.columns.at'),
      dataIndex: 'at',
      width: 170,
      responsive: ['sm'],
      render: (at: string) => <span className="audit-time">{formatTime(at, true)}</span>,
    },
    {
      title: t('pm.audit.columns.actor'),
      dataIndex: 'actorAccount',
      responsive: ['sm'],
      render: (account: string, e) => (
        <>
          <span className="pm-mono">{account || '—'}</span>
          {/* no user behind it: the system itself (e.g. the first administrator at start-up) or an unknown account typed at sign-in */}
          {e.actorId === null && <div className="pm-sub-line">{t(account === SYSTEM_ACTOR ? 'pm.audit.systemActor' : 'pm.audit.unknownActor')}</div>}
        </>
      ),
    },
    {
      title: t('pm.audit.columns.action'),
      dataIndex: 'action',
      render: (action: string, e) => (
        <>
          {/* the code (as in the CSV export) on hover, not on screen */}
          <Tag color={FAILED.test(action) ? 'error' : action.startsWith('session.') ? 'default' : 'processing'} title={action}>
            {actionLabel(action)}
          </Tag>
          {/* phones hide the time and actor columns: they go under the action */}
          <div className="pm-sub-line pm-phone-only">
            <span className="audit-time">{formatTime(e.at, true)}</span> · <span className="pm-mono">{e.actorAccount || '—'}</span>
          </div>
        </>
      ),
    },
    {
      title: t('pm.audit.columns.entity'),
      key: 'entity',
      responsive: ['md'],
      render: (_, e) => (
        <>
          {entityLabel(e.entityType)}
          {e.entityId !== null && <span className="pm-muted"> #{e.entityId}</span>}
        </>
      ),
    },
    { title: t('pm.audit.columns.ip'), dataIndex: 'ip', width: 150, responsive: ['lg'], render: (ip: string) => <span className="pm-mono">{ip}</span> },
  ];

  return (
    <ListSection<AuditEntry>
      title={t('pm.nav.audit')}
      extra={
        <Button icon={<DownloadOutlined aria-hidden />} href={auditCsvUrl(filters)} download className="audit-export" title={t('pm.audit.exportHint')}>
          {t('pm.audit.export')}
        </Button>
      }
      filters={
        <>
          <FilterSelect
            className="audit-filter-action"
            searchable
            label={t('pm.audit.filters.action')}
            value={filters.action}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
            onChange={(value) => update({ action: value })}
          />
          <Input.Search
            className="pm-filter-actor"
            allowClear
            value={actorDraft}
            placeholder={t('pm.audit.filters.actor')}
            aria-label={t('pm.audit.filters.actor')}
            maxLength={64}
            onChange={(e) => setActorDraft(e.target.value)}
            onSearch={(value) => update({ actor: value.trim() })}
          />
          <FilterSelect
            label={t('pm.audit.filters.entityType')}
            value={filters.entityType}
            options={AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: entityLabel(type) }))}
            onChange={(value) => update({ entity: value })}
          />
          <DatePicker.RangePicker
            className="pm-filter-range"
            value={range}
            allowEmpty={[true, true]}
            placeholder={[t('pm.audit.filters.from'), t('pm.audit.filters.to')]}
            aria-label={t('pm.audit.filters.range')}
            disabledDate={(d) => d.isAfter(today, 'day')}
            presets={[
              { label: t('pm.audit.filters.today'), value: [today.startOf('day'), today.endOf('day')] },
              { label: t('pm.audit.filters.last7'), value: [today.subtract(6, 'day'), today] },
              { label: t('pm.audit.filters.last30'), value: [today.subtract(29, 'day'), today] },
            ]}
            onChange={(dates) => update({ from: dates?.[0]?.format('YYYY-MM-DD'), to: dates?.[1]?.format('YYYY-MM-DD') })}
          />
          <Button
            icon={<UndoOutlined aria-hidden />}
            onClick={() => {
              setActorDraft('');
              update({ action: undefined, actor: undefined, entity: undefined, from: undefined, to: undefined });
            }}
          >
            {t('common.reset')}
          </Button>
        </>
      }
      rowKey="id"
      columns={columns}
      table={{
        className: 'audit-table',
        locale: { emptyText: t('pm.audit.empty') },
        expandable: {
          expandedRowRender: (entry) => <AuditChanges entry={entry} />,
          rowExpandable: (entry) => entry.before !== null || entry.after !== null,
          columnTitle: <span className="visually-hidden">{t('pm.audit.change.title')}</span>,
        },
      }}
      paging={{ data: log.data, loading: log.isFetching, current: filters.page, pageSize: PAGE_SIZE, onChange: (next) => update({ page: next }, false) }}
    />
  );
}
