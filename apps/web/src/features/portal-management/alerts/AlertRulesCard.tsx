import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_COMPARATORS,
  ALERT_RULE_KINDS,
  ALERT_RULE_NAME_MAX,
  ALERT_SEVERITIES,
  MAX_SILENT_MINUTES,
  THING_KINDS,
  type AlertComparator,
  type AlertRule,
  type AlertRuleKind,
  type AlertSeverity,
  type CreateAlertRule,
  type ObservedProperty,
  type ThingKind,
  type UpdateAlertRule,
} from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import '../../../i18n/sensing';
import { patch, post, request } from '../../../request/request';

const KEY = ['portal-management', 'alert-rules'] as const;
/**
 * What saving a rule may change beside the rule: the server re-evaluates its alerts at once, so the
 * alert list above (AlertsSection), the key figures of /home and /stgz (`sensing`) and the audit
 * log are reloaded too.
 */
const AFFECTED = [KEY, ['portal-management', 'alerts'], ['sensing'], ['portal-management', 'audit']] as const;
const SEVERITY_COLOURS = { info: 'blue', warning: 'orange', critical: 'red' } as const;

interface Values {
  kind: AlertRuleKind;
  name: string;
  observedProperty?: string;
  comparator?: AlertComparator;
  threshold?: number;
  silentMinutes?: number;
  thingKind?: ThingKind | null;
  severity: AlertSeverity;
}

/** The rule form in a modal: create (`rule` null; kind chosen here, fixed afterwards) or edit. */
function RuleModal({ open, rule, onClose, properties }: { open: boolean; rule: AlertRule | null; onClose: () => void; properties: readonly ObservedProperty[] }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const kind = Form.useWatch('kind', form) ?? rule?.kind ?? 'threshold';
  const reload = () => Promise.all(AFFECTED.map((queryKey) => client.invalidateQueries({ queryKey })));
  const save = useMutation({
    mutationFn: (values: Values) => {
      const common = { name: values.name.trim(), severity: values.severity, thingKind: values.thingKind ?? null };
      const fields = values.kind === 'threshold' ? { observedProperty: values.observedProperty, comparator: values.comparator, threshold: values.threshold } : { silentMinutes: values.silentMinutes };
      return rule
        ? patch<AlertRule>(`api/sensing/alert-rules/${rule.id}`, { ...common, ...fields } satisfies UpdateAlertRule)
        : post<AlertRule>('api/sensing/alert-rules', { kind: values.kind, ...common, ...fields } satisfies CreateAlertRule);
    },
    onSuccess: async () => {
      await reload();
      onClose();
    },
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? {
            kind: rule.kind,
            name: rule.name,
            observedProperty: rule.observedProperty ?? undefined,
            comparator: rule.comparator ?? undefined,
            threshold: rule.threshold ?? undefined,
            silentMinutes: rule.silentMinutes ?? undefined,
            thingKind: rule.thingKind,
            severity: rule.severity,
          }
        : { kind: 'threshold', comparator: '>', severity: 'warning', thingKind: null },
    );
  }, [open, rule, form]);

  const en = i18n.language === 'en-US';
  return (
    <Modal
      open={open}
      title={rule ? t('sensing.rules.editTitle') : t('sensing.rules.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('pm.common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => save.mutate(values)} disabled={save.isPending}>
        <Form.Item name="kind" label={t('sensing.rules.kind')} rules={[{ required: true }]}>
          <Radio.Group disabled={rule !== null} options={ALERT_RULE_KINDS.map((k) => ({ value: k, label: t(`sensing.rules.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('sensing.rules.name')} rules={[{ required: true, whitespace: true }, { max: ALERT_RULE_NAME_MAX }]}>
          <Input maxLength={ALERT_RULE_NAME_MAX} showCount />
        </Form.Item>
        {kind === 'threshold' ? (
          <>
            <Form.Item name="observedProperty" label={t('sensing.rules.property')} rules={[{ required: true }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={properties.map((p) => ({ value: p.code, label: `${en ? p.nameEn : p.nameZh}${p.unit ? ` (${p.unit})` : ''} · ${p.code}` }))} />
            </Form.Item>
            <Form.Item label={t('sensing.rules.condition')} required style={{ marginBottom: 0 }}>
              <Form.Item name="comparator" rules={[{ required: true }]} style={{ display: 'inline-block', width: 90, marginRight: 8 }}>
                <Select options={ALERT_COMPARATORS.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
              <Form.Item name="threshold" rules={[{ required: true }]} style={{ display: 'inline-block', width: 180 }}>
                <InputNumber style={{ width: '100%' }} placeholder={t('sensing.rules.threshold')} />
              </Form.Item>
            </Form.Item>
          </>
        ) : (
          <Form.Item name="silentMinutes" label={t('sensing.rules.silentMinutes')} rules={[{ required: true }, { type: 'integer', min: 1, max: MAX_SILENT_MINUTES }]} extra={t('sensing.rules.silentHelp', { max: MAX_SILENT_MINUTES })}>
            <InputNumber min={1} max={MAX_SILENT_MINUTES} precision={0} style={{ width: 180 }} />
          </Form.Item>
        )}
        <Form.Item name="thingKind" label={t('sensing.rules.thingKind')}>
          <Select allowClear placeholder={t('sensing.rules.everyKind')} options={THING_KINDS.map((k) => ({ value: k, label: t(`sensing.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="severity" label={t('sensing.rules.severity')} rules={[{ required: true }]}>
          <Radio.Group options={ALERT_SEVERITIES.map((s) => ({ value: s, label: t(`sensing.severities.${s}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 告警规则 (administrators, editors): every rule with its condition, device kind, severity, count
 * of active alerts and an on/off switch; create and edit in a modal. Saving a rule's condition,
 * device kind or switch re-evaluates its alerts at once on the server (a disabled rule's close,
 * with the person as closer), so the alert list and the count are reloaded with it.
 */
export function AlertRulesCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rules = useQuery({ queryKey: KEY, queryFn: () => request<AlertRule[]>('api/sensing/alert-rules') });
  const properties = useQuery({ queryKey: ['portal-management', 'things', 'observed-properties'], queryFn: () => request<ObservedProperty[]>('api/things/observed-properties'), staleTime: 5 * 60_000 });
  const [editing, setEditing] = useState<AlertRule | null | false>(false);
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => post<AlertRule>(`api/sensing/alert-rules/${id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess: () => Promise.all(AFFECTED.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  const unitOf = (code: string | null) => properties.data?.find((p) => p.code === code)?.unit ?? '';

  const columns: ColumnsType<AlertRule> = [
    { title: t('sensing.rules.name'), dataIndex: 'name' },
    {
      title: t('sensing.rules.condition'),
      key: 'condition',
      render: (_: unknown, r) =>
        r.kind === 'threshold' ? <code>{`${r.observedProperty} ${r.comparator} ${r.threshold}${unitOf(r.observedProperty) ? ` ${unitOf(r.observedProperty)}` : ''}`}</code> : t('sensing.rules.silentFor', { minutes: r.silentMinutes }),
    },
    { title: t('sensing.rules.thingKind'), dataIndex: 'thingKind', render: (k: ThingKind | null) => (k ? t(`sensing.kinds.${k}`) : t('sensing.rules.everyKind')) },
    { title: t('sensing.rules.severity'), dataIndex: 'severity', width: 90, render: (s: AlertSeverity) => <Tag color={SEVERITY_COLOURS[s]}>{t(`sensing.severities.${s}`)}</Tag> },
    { title: t('sensing.rules.activeAlerts'), dataIndex: 'activeAlerts', width: 100 },
    {
      title: t('sensing.rules.enabled'),
      key: 'enabled',
      width: 80,
      render: (_: unknown, r) => <Switch size="small" checked={r.enabled} loading={toggle.isPending && toggle.variables?.id === r.id} onChange={(enabled) => toggle.mutate({ id: r.id, enabled })} aria-label={r.name} />,
    },
    {
      title: '',
      key: 'edit',
      width: 80,
      render: (_: unknown, r) => (
        <Button size="small" onClick={() => setEditing(r)}>
          {t('sensing.things.form.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('sensing.rules.title')}
      extra={
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('sensing.rules.create')}
        </Button>
      }
    >
      <Table<AlertRule> rowKey="id" size="small" columns={columns} dataSource={rules.data ?? []} loading={rules.isFetching} pagination={false} scroll={{ x: 800 }} />
      <RuleModal open={editing !== false} rule={editing || null} onClose={() => setEditing(false)} properties={properties.data ?? []} />
    </Card>
  );
}
