import { useLayoutEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
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
  type ObservedProperty,
  type ThingKind,
} from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { useAlertRuleMutations, useAlertRules } from '../../../api/alerts';
import { useObservedProperties } from '../../../api/things';
import '../../../i18n/sensing';
import { comparatorText, conditionText, ruleName } from '../../../components/rule-words';
import { OrganisationSelect } from '../organisations/OrganisationSelect';
import { useOwnOrganisation } from '../things/own-organisation';

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
  organisationId?: number | null;
}

/**
 * The rule form in a modal: create (`rule` null; kind chosen here, fixed afterwards) or edit. A new
 * rule belongs to the editor's own organisation when the editor acts below the province
 * (`useOwnOrganisation`); none = province-wide. Saving reloads the alerts, the rules, the figures
 * of /home and /stgz and the audit log (the server re-evaluates the rule's alerts at once).
 */
function RuleModal({
  open,
  rule,
  onClose,
  properties,
}: {
  open: boolean;
  rule: AlertRule | null;
  onClose: () => void;
  properties: readonly ObservedProperty[];
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? rule?.kind ?? 'threshold';
  const ownOrganisation = useOwnOrganisation();
  const { create, update } = useAlertRuleMutations();
  const saving = create.isPending || update.isPending;
  const save = async (values: Values) => {
    const common = { name: values.name, severity: values.severity, thingKind: values.thingKind ?? null, organisationId: values.organisationId ?? null };
    try {
      if (rule) {
        const fields =
          rule.kind === 'threshold'
            ? { observedProperty: values.observedProperty, comparator: values.comparator, threshold: values.threshold }
            : { silentMinutes: values.silentMinutes };
        await update.mutateAsync({ id: rule.id, body: { ...common, ...fields } });
        void message.success(t('pm.done.ruleUpdated', { name: values.name }));
      } else if (values.kind === 'threshold') {
        await create.mutateAsync({
          kind: 'threshold',
          ...common,
          observedProperty: values.observedProperty,
          comparator: values.comparator,
          threshold: values.threshold,
        });
        void message.success(t('pm.done.ruleCreated', { name: values.name }));
      } else {
        await create.mutateAsync({ kind: 'silence', ...common, silentMinutes: values.silentMinutes });
        void message.success(t('pm.done.ruleCreated', { name: values.name }));
      }
      onClose();
    } catch {
      // the request layer has said why (e.g. 只能管理本单位及下级单位的数据); the modal stays open to correct it
    }
  };

  // before the browser paints the opened form, so nothing typed into it can be overwritten
  useLayoutEffect(() => {
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
            organisationId: rule.organisationId,
          }
        : { kind: 'threshold', comparator: '>', severity: 'warning', thingKind: null, organisationId: ownOrganisation },
    );
  }, [open, rule, form, ownOrganisation]);

  const en = i18n.language === 'en-US';
  return (
    <Modal
      open={open}
      title={rule ? t('sensing.rules.editTitle') : t('sensing.rules.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('pm.common.save')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void save(values)} disabled={saving}>
        <Form.Item name="kind" label={t('sensing.rules.kind')} rules={[{ required: true }]}>
          <Radio.Group disabled={rule !== null} options={ALERT_RULE_KINDS.map((k) => ({ value: k, label: t(`sensing.rules.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('sensing.rules.name')} rules={[{ required: true, whitespace: true }, { max: ALERT_RULE_NAME_MAX }]}>
          <Input maxLength={ALERT_RULE_NAME_MAX} showCount />
        </Form.Item>
        {kind === 'threshold' ? (
          <>
            <Form.Item name="observedProperty" label={t('sensing.rules.property')} rules={[{ required: true }]}>
              <Select
                // found by its name or by its code (as devices and integrators know it); shown by name
                showSearch={{
                  filterOption: (input, option) => `${option?.label ?? ''} ${option?.value ?? ''}`.toLowerCase().includes(input.trim().toLowerCase()),
                }}
                options={properties.map((p) => ({ value: p.code, label: `${en ? p.nameEn : p.nameZh}${p.unit ? ` (${p.unit})` : ''}` }))}
              />
            </Form.Item>
            <Form.Item label={t('sensing.rules.condition')} required style={{ marginBottom: 0 }}>
              <Form.Item name="comparator" rules={[{ required: true }]} style={{ display: 'inline-block', width: 120, marginRight: 8 }}>
                <Select aria-label={t('pm.alerts.comparator')} options={ALERT_COMPARATORS.map((c) => ({ value: c, label: comparatorText(t, c) }))} />
              </Form.Item>
              <Form.Item name="threshold" rules={[{ required: true }]} style={{ display: 'inline-block', width: 180 }}>
                <InputNumber style={{ width: '100%' }} placeholder={t('sensing.rules.threshold')} aria-label={t('pm.alerts.thresholdLabel')} />
              </Form.Item>
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="silentMinutes"
            label={t('sensing.rules.silentMinutes')}
            rules={[{ required: true }, { type: 'integer', min: 1, max: MAX_SILENT_MINUTES }]}
            extra={t('sensing.rules.silentHelp', { max: MAX_SILENT_MINUTES })}
          >
            <InputNumber min={1} max={MAX_SILENT_MINUTES} precision={0} style={{ width: 180 }} />
          </Form.Item>
        )}
        <Form.Item name="thingKind" label={t('sensing.rules.thingKind')}>
          <Select allowClear placeholder={t('sensing.rules.everyKind')} options={THING_KINDS.map((k) => ({ value: k, label: t(`sensing.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="severity" label={t('sensing.rules.severity')} rules={[{ required: true }]}>
          <Radio.Group options={ALERT_SEVERITIES.map((s) => ({ value: s, label: t(`sensing.severities.${s}`) }))} />
        </Form.Item>
        {/* none: province-wide, every device; an organisation: its devices and those of the organisations under it */}
        <Form.Item name="organisationId" label={t('sensing.rules.organisation')} extra={t('sensing.rules.organisationHint')}>
          <OrganisationSelect placeholder={t('sensing.rules.provinceWide')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 告警规则 (administrators, editors): every rule with its name in the language on screen
 * (`ruleName`: en-US names a Chinese-named rule by its condition), its condition in words (`AQI 高于 200`,
 * `3 小时无数据`), device kind, owning organisation (or province-wide), severity, count of active
 * alerts and an on/off switch (switching off asks first: it closes the rule's alerts); create
 * and edit in a modal; each save says it succeeded. Editors below the province change only their organisation's rules (the
 * server answers 403 otherwise). Saving a rule's condition,
 * device kind or switch re-evaluates its alerts at once on the server (a disabled rule's close,
 * with the person as closer), so the alert list and the count are reloaded with it.
 */
export function AlertRulesCard() {
  const { t, i18n } = useTranslation();
  const rules = useAlertRules();
  const properties = useObservedProperties();
  const [editing, setEditing] = useState<AlertRule | null | false>(false);
  const toggle = useAlertRuleMutations().setEnabled;
  const [modal, modalHolder] = Modal.useModal();
  const nameOf = (r: AlertRule) => ruleName(t, i18n, r, properties.data);
  const setEnabled = (r: AlertRule, enabled: boolean) =>
    toggle.mutateAsync({ id: r.id, enabled }).then(
      () => void message.success(t(enabled ? 'pm.done.ruleEnabled' : 'pm.done.ruleDisabled', { name: nameOf(r) })),
      () => undefined, // the request layer has said why
    );
  /** Switching a rule on is harmless; switching it off closes its alerts, so it asks first. */
  const onSwitch = (r: AlertRule, enabled: boolean) => {
    if (enabled) {
      void setEnabled(r, true);
      return;
    }
    void modal.confirm({
      title: t('pm.alerts.disableTitle', { name: nameOf(r) }),
      content: t('pm.alerts.disableBody', { count: r.activeAlerts }),
      okText: t('pm.alerts.disableOk'),
      okButtonProps: { danger: true },
      onOk: () => setEnabled(r, false),
    });
  };

  const columns: ColumnsType<AlertRule> = [
    { title: t('sensing.rules.name'), key: 'name', render: (_: unknown, r) => nameOf(r) },
    {
      title: t('sensing.rules.condition'),
      key: 'condition',
      render: (_: unknown, r) => conditionText(t, i18n, r, properties.data),
    },
    {
      title: t('sensing.rules.thingKind'),
      dataIndex: 'thingKind',
      render: (k: ThingKind | null) => (k ? t(`sensing.kinds.${k}`) : t('sensing.rules.everyKind')),
    },
    {
      title: t('sensing.rules.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (s: AlertSeverity) => <Tag color={SEVERITY_COLOURS[s]}>{t(`sensing.severities.${s}`)}</Tag>,
    },
    { title: t('sensing.rules.activeAlerts'), dataIndex: 'activeAlerts', width: 100 },
    // after the count: the columns before it are what e2e/sensing-management.e2e.ts reads; '—' = province-wide
    { title: t('sensing.rules.organisation'), dataIndex: 'organisationName', render: (name: string | null) => name ?? t('sensing.rules.provinceWide') },
    {
      title: t('sensing.rules.enabled'),
      key: 'enabled',
      width: 80,
      render: (_: unknown, r) => (
        <Switch
          size="small"
          checked={r.enabled}
          loading={toggle.isPending && toggle.variables?.id === r.id}
          onChange={(enabled) => onSwitch(r, enabled)}
          aria-label={t('pm.alerts.enableLabel', { name: nameOf(r) })}
        />
      ),
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
      {modalHolder}
      <Table<AlertRule>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isFetching}
        pagination={false}
        scroll={{ x: 800 }}
      />
      <RuleModal open={editing !== false} rule={editing || null} onClose={() => setEditing(false)} properties={properties.data ?? []} />
    </Card>
  );
}
