import Button from 'antd/es/button';
import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { ALERT_SEVERITIES, ALERT_STATUSES, type Alert, type AlertSeverity, type AlertStatus } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { useAlertMutations, useAlerts, useAlertStream } from '../../../api/alerts';
import { useObservedProperties } from '../../../api/things';
import '../../../i18n/sensing';
import { formatTime } from '../format';
import { conditionText, ruleName } from '../../../components/rule-words';
import { pageParam, useQueryState } from '../use-query-state';
import { AlertRulesCard } from './AlertRulesCard';

const PAGE_SIZE = 10;
/** How often the list is refetched while the live stream is down, ms. */
const FALLBACK_REFRESH_MS = 60_000;
const SEVERITY_COLOURS = { info: 'blue', warning: 'orange', critical: 'red' } as const;
const STATUS_COLOURS: Record<AlertStatus, string> = { open: 'red', acknowledged: 'gold', closed: 'default' };
type Filter = AlertStatus | 'active' | 'all';
const FILTERS: Filter[] = ['active', ...ALERT_STATUSES, 'all'];

/**
 * 告警处理 (administrators, editors): alerts newest first, filtered by status (default: not
 * closed) and by severity (default: every one), both in the address; updating live as the wall
 * does (the sensing stream's `alert` events; every minute while it is down); each with its rule's
 * name in the language on screen (`ruleName`), its condition in words (`AQI 高于 200`) and the
 * value in the property's unit. Acknowledge an open one, close an open or acknowledged one
 * (after a confirmation saying what it means), each recorded with who and when (and audited by
 * the server) and said to have succeeded; below, the alert rules (AlertRulesCard).
 * Editors below the province handle only the alerts of their organisation's devices (the server
 * answers 403 otherwise, shown by the request layer).
 */
export default function AlertsSection() {
  const { t, i18n } = useTranslation();
  const [params, update] = useQueryState();
  const live = useAlertStream();
  const properties = useObservedProperties();
  const unitOf = (code: string | null) => properties.data?.find((p) => p.code === code)?.unit ?? '';
  const filter = FILTERS.find((f) => f === params.get('status')) ?? 'active';
  const severity = ALERT_SEVERITIES.find((s) => s === params.get('severity'));
  const page = pageParam(params);
  const [modal, modalHolder] = Modal.useModal();
  const list = useAlerts(
    { ...(filter === 'all' ? {} : { status: filter }), ...(severity ? { severity } : {}), page, pageSize: PAGE_SIZE },
    live ? {} : { refetchInterval: FALLBACK_REFRESH_MS },
  );
  const { acknowledge, close } = useAlertMutations();
  /** The alert as confirmations and messages name it: its device and its rule, in the language on screen. */
  const nameOf = (a: Alert) => `${a.thing.name} · ${ruleName(t, i18n, a.rule, properties.data)}`;

  const columns: ColumnsType<Alert> = [
    { title: t('sensing.alerts.openedAt'), dataIndex: 'openedAt', width: 150, render: (v: string) => formatTime(v) },
    {
      title: t('sensing.alerts.thing'),
      key: 'thing',
      render: (_: unknown, a) => (
        <>
          <div>{a.thing.name}</div>
          {/* the station or device code: what people in the field read on the device */}
          <div className="pm-sub-line pm-mono">{a.thing.code}</div>
        </>
      ),
    },
    {
      title: t('sensing.alerts.rule'),
      key: 'rule',
      render: (_: unknown, a) => {
        const name = ruleName(t, i18n, a.rule, properties.data);
        const condition = conditionText(t, i18n, a.rule, properties.data);
        return (
          <>
            <Space size={4}>
              <Tag color={SEVERITY_COLOURS[a.severity]}>{t(`sensing.severities.${a.severity}`)}</Tag>
              {name}
            </Space>
            {/* not twice: in en-US a Chinese-named rule is named by its condition */}
            {condition !== name && <div className="pm-sub-line">{condition}</div>}
          </>
        );
      },
    },
    {
      title: t('sensing.alerts.value'),
      dataIndex: 'value',
      width: 110,
      render: (v: number | null, a) => (v === null ? '—' : `${v}${unitOf(a.rule.observedProperty) ? ` ${unitOf(a.rule.observedProperty)}` : ''}`),
    },
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
            <Button
              size="small"
              loading={acknowledge.isPending && acknowledge.variables === a.id}
              onClick={() =>
                acknowledge.mutate(a.id, {
                  onSuccess: () => void message.success(t('pm.done.alertAcknowledged', { name: nameOf(a) })),
                })
              }
            >
              {t('sensing.alerts.acknowledge')}
            </Button>
          )}
          {a.status !== 'closed' && (
            <Button
              size="small"
              onClick={() =>
                void modal.confirm({
                  title: t('pm.alerts.closeTitle', { name: nameOf(a) }),
                  content: t('pm.alerts.closeBody'),
                  okText: t('sensing.alerts.close'),
                  onOk: () => close.mutateAsync(a.id).then(() => void message.success(t('pm.done.alertClosed', { name: nameOf(a) }))),
                })
              }
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
      <Card
        title={t('sensing.alerts.title')}
        extra={<Badge status={live ? 'processing' : 'default'} text={live ? t('pm.alerts.live') : t('pm.alerts.offline')} className="pm-alerts-live" />}
      >
        {modalHolder}
        <div className="pm-alerts-filters">
          <Segmented<Filter>
            value={filter}
            onChange={(value) => update({ status: value === 'active' ? null : value }, true)}
            options={FILTERS.map((f) => ({
              value: f,
              label: f === 'active' ? t('sensing.alerts.active') : f === 'all' ? t('sensing.alerts.all') : t(`sensing.alertStatuses.${f}`),
            }))}
          />
          <Select<AlertSeverity>
            className="pm-alerts-severity"
            allowClear
            value={severity}
            placeholder={t('sensing.alerts.everySeverity')}
            aria-label={t('sensing.alerts.severityFilter')}
            onChange={(value) => update({ severity: value ?? null }, true)}
            options={ALERT_SEVERITIES.map((s) => ({ value: s, label: t(`sensing.severities.${s}`) }))}
          />
        </div>
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
