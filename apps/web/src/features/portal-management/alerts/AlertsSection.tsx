import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { ALERT_STATUSES, type Alert, type AlertStatus } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { useAlertMutations, useAlerts } from '../../../api/alerts';
import '../../../i18n/sensing';
import { formatTime } from '../format';
import { pageParam, useQueryState } from '../use-query-state';
import { AlertRulesCard } from './AlertRulesCard';

const PAGE_SIZE = 10;
const SEVERITY_COLOURS = { info: 'blue', warning: 'orange', critical: 'red' } as const;
const STATUS_COLOURS: Record<AlertStatus, string> = { open: 'red', acknowledged: 'gold', closed: 'default' };
type Filter = AlertStatus | 'active' | 'all';
const FILTERS: Filter[] = ['active', ...ALERT_STATUSES, 'all'];

/**
 * 告警处理 (administrators, editors): alerts newest first, filtered by status (default: not
 * closed; in the address); acknowledge an open one, close an open or acknowledged one, each
 * recorded with who and when (and audited by the server); below, the alert rules (AlertRulesCard).
 * Editors below the province handle only the alerts of their organisation's devices (the server
 * answers 403 otherwise, shown by the request layer).
 */
export default function AlertsSection() {
  const { t } = useTranslation();
  const [params, update] = useQueryState();
  const filter = FILTERS.find((f) => f === params.get('status')) ?? 'active';
  const page = pageParam(params);
  const [modal, modalHolder] = Modal.useModal();
  const list = useAlerts(filter === 'all' ? { page, pageSize: PAGE_SIZE } : { status: filter, page, pageSize: PAGE_SIZE });
  const { acknowledge, close } = useAlertMutations();

  const columns: ColumnsType<Alert> = [
    { title: t('sensing.alerts.openedAt'), dataIndex: 'openedAt', width: 150, render: (v: string) => formatTime(v) },
    { title: t('sensing.alerts.thing'), key: 'thing', render: (_: unknown, a) => `${a.thing.name} (${a.thing.code})` },
    {
      title: t('sensing.alerts.rule'),
      key: 'rule',
      render: (_: unknown, a) => (
        <Space size={4}>
          <Tag color={SEVERITY_COLOURS[a.severity]}>{t(`sensing.severities.${a.severity}`)}</Tag>
          {a.rule.name}
        </Space>
      ),
    },
    { title: t('sensing.alerts.value'), dataIndex: 'value', width: 90, render: (v: number | null) => v ?? '—' },
    {
      title: t('sensing.alerts.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: AlertStatus) => <Tag color={STATUS_COLOURS[s]}>{t(`sensing.alertStatuses.${s}`)}</Tag>,
    },
    {
      title: t('sensing.alerts.handled'),
      key: 'handled',
      render: (_: unknown, a) => (
        <div className="pm-alert-trail">
          {a.acknowledgedAt && <div>{t('sensing.alerts.ackBy', { who: a.acknowledgedBy ?? '—', time: formatTime(a.acknowledgedAt) })}</div>}
          {a.closedAt && (
            <div>
              {a.closedBy
                ? t('sensing.alerts.closedBy', { who: a.closedBy, time: formatTime(a.closedAt) })
                : `${t('sensing.alerts.byData')} ${formatTime(a.closedAt)}`}
            </div>
          )}
        </div>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 150,
      render: (_: unknown, a) => (
        <Space size={4}>
          {a.status === 'open' && (
            <Button size="small" onClick={() => acknowledge.mutate(a.id)}>
              {t('sensing.alerts.acknowledge')}
            </Button>
          )}
          {a.status !== 'closed' && (
            <Button
              size="small"
              onClick={() => void modal.confirm({ title: `${t('sensing.alerts.close')} · ${a.rule.name}`, onOk: () => close.mutateAsync(a.id) })}
            >
              {t('sensing.alerts.close')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('sensing.alerts.title')}>
        {modalHolder}
        <Segmented<Filter>
          value={filter}
          onChange={(value) => update({ status: value === 'active' ? null : value }, true)}
          options={FILTERS.map((f) => ({
            value: f,
            label: f === 'active' ? t('sensing.alerts.active') : f === 'all' ? t('sensing.alerts.all') : t(`sensing.alertStatuses.${f}`),
          }))}
          style={{ marginBottom: 16 }}
        />
        <Table<Alert>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => update({ page: p }) }}
        />
      </Card>
      <AlertRulesCard />
    </Space>
  );
}
