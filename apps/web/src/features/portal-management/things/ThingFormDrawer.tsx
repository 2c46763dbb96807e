import { useLayoutEffect } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import {
  DEFAULT_REPORTING_INTERVAL_SECONDS,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  REPORTING_INTERVAL_RANGE,
  THING_CODE_PATTERN,
  THING_KINDS,
  THING_NAME_MAX,
  THING_STATUSES,
  type Thing,
  type ThingDetail,
  type ThingKind,
  type ThingStatus,
  type UpdateThing,
} from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { useRegistryMutations } from '../../../api/things';
import '../../../i18n/sensing';
import { OrganisationSelect } from '../organisations/OrganisationSelect';
import { useOwnOrganisation } from './own-organisation';

interface Values {
  code: string;
  kind: ThingKind;
  name: string;
  organisationId: number | null;
  status: ThingStatus;
  longitude: number;
  latitude: number;
  /** minutes in the form (people think of a report interval in minutes); seconds on the wire; empty = the kind's default */
  reportingIntervalMinutes: number | null;
}

/**
 * Registering (`thing` null) or editing a device in a drawer: code (1–32 ASCII letters, digits,
 * `_.-`; unique), kind, name, owning organisation (from the organisations tree, or none), status and
 * its WGS-84 point (longitude 73–136 °E, latitude 3–54 °N, the server's range), and how often it
 * is expected to report, in minutes (1 minute – 7 days; empty = its kind's default, shown as the
 * placeholder; it is online while heard within 1.5 intervals). The city is derived
 * by the server from the point. An edit sends only the fields that changed. A new device belongs to
 * the editor's own organisation when the editor acts below the province (the only ones they may
 * register, docs/access.md §Organisation scope), else to none until one is chosen.
 *
 * @param onSaved receives the device as the server now has it (e.g. to open it).
 */
export function ThingFormDrawer({
  open,
  thing,
  onClose,
  onSaved,
}: {
  open: boolean;
  thing: Thing | null;
  onClose: () => void;
  onSaved: (saved: ThingDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { create, update } = useRegistryMutations();
  const ownOrganisation = useOwnOrganisation();
  const saving = create.isPending || update.isPending;
  const kind = Form.useWatch('kind', form) ?? thing?.kind ?? 'sensor_mast';

  // before the browser paints the opened form, so nothing typed into it can be overwritten
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      thing
        ? {
            code: thing.code,
            kind: thing.kind,
            name: thing.name,
            organisationId: thing.organisation?.id ?? null,
            status: thing.status,
            longitude: thing.longitude ?? undefined,
            latitude: thing.latitude ?? undefined,
            reportingIntervalMinutes: thing.reportingIntervalSeconds === null ? null : thing.reportingIntervalSeconds / 60,
          }
        : { kind: 'sensor_mast', status: 'active', organisationId: ownOrganisation },
    );
  }, [open, thing, form, ownOrganisation]);

  const onFinish = async (values: Values) => {
    const { reportingIntervalMinutes, ...fields } = values;
    const reportingIntervalSeconds = reportingIntervalMinutes == null ? null : Math.round(reportingIntervalMinutes * 60);
    const body = { ...fields, code: values.code.trim(), name: values.name.trim(), organisationId: values.organisationId ?? null, reportingIntervalSeconds };
    try {
      if (thing) {
        const changed: UpdateThing = {};
        if (body.code !== thing.code) changed.code = body.code;
        if (body.kind !== thing.kind) changed.kind = body.kind;
        if (body.name !== thing.name) changed.name = body.name;
        if (body.organisationId !== (thing.organisation?.id ?? null)) changed.organisationId = body.organisationId;
        if (body.status !== thing.status) changed.status = body.status;
        if (body.reportingIntervalSeconds !== thing.reportingIntervalSeconds) changed.reportingIntervalSeconds = body.reportingIntervalSeconds;
        if (body.longitude !== thing.longitude || body.latitude !== thing.latitude)
          Object.assign(changed, { longitude: body.longitude, latitude: body.latitude });
        if (Object.keys(changed).length === 0) return onClose();
        onSaved(await update.mutateAsync({ id: thing.id, body: changed }));
      } else {
        onSaved(await create.mutateAsync(body));
      }
      onClose();
    } catch {
      // the request layer has said why (e.g. 该设备编码已被使用); the drawer stays open to correct it
    }
  };

  const coordinate = (range: { min: number; max: number }, message: string) => [
    { required: true },
    { type: 'number' as const, min: range.min, max: range.max, message },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={thing ? t('sensing.things.form.editTitle', { code: thing.code }) : t('sensing.things.form.createTitle')}
      size={520}
      destroyOnHidden
      footer={
        <Space className="drawer-footer">
          <Button onClick={onClose}>{t('pm.common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="thing-form-submit">
            {thing ? t('pm.common.save') : t('sensing.things.form.createSubmit')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical" className="pm-spaced" onFinish={(values) => void onFinish(values)} disabled={saving}>
        <Form.Item
          name="code"
          label={t('sensing.things.code')}
          extra={t('sensing.things.form.codeHelp')}
          rules={[{ required: true }, { pattern: new RegExp(THING_CODE_PATTERN), message: t('sensing.things.form.codePattern') }]}
          validateFirst
        >
          <Input autoComplete="off" spellCheck={false} maxLength={32} placeholder="MAST-QL-001" />
        </Form.Item>
        <Form.Item name="name" label={t('sensing.things.name')} rules={[{ required: true, whitespace: true }, { max: THING_NAME_MAX }]}>
          <Input autoComplete="off" showCount maxLength={THING_NAME_MAX} placeholder={t('sensing.things.form.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="kind" label={t('sensing.things.kind')} rules={[{ required: true }]}>
          <Select options={THING_KINDS.map((k) => ({ value: k, label: t(`sensing.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('sensing.things.status')} rules={[{ required: true }]} extra={t('sensing.things.form.statusHelp')}>
          <Select options={THING_STATUSES.map((s) => ({ value: s, label: t(`sensing.statuses.${s}`) }))} />
        </Form.Item>
        <Form.Item name="organisationId" label={t('sensing.things.form.organisation')} extra={t('sensing.things.form.organisationHelp')}>
          <OrganisationSelect placeholder={t('sensing.things.form.organisationPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="reportingIntervalMinutes"
          label={t('sensing.things.form.interval')}
          extra={t('sensing.things.form.intervalHelp', { minutes: DEFAULT_REPORTING_INTERVAL_SECONDS[kind] / 60 })}
          rules={[
            {
              type: 'number',
              min: REPORTING_INTERVAL_RANGE.min / 60,
              max: REPORTING_INTERVAL_RANGE.max / 60,
              message: t('sensing.things.form.intervalRange', { min: REPORTING_INTERVAL_RANGE.min / 60, max: REPORTING_INTERVAL_RANGE.max / 60 }),
            },
          ]}
        >
          <InputNumber
            min={REPORTING_INTERVAL_RANGE.min / 60}
            max={REPORTING_INTERVAL_RANGE.max / 60}
            precision={0}
            style={{ width: 200 }}
            suffix={t('sensing.things.form.minutes')}
            placeholder={String(DEFAULT_REPORTING_INTERVAL_SECONDS[kind] / 60)}
          />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item
            name="longitude"
            label={t('sensing.things.form.longitude')}
            rules={coordinate(LONGITUDE_RANGE, t('sensing.things.form.longitudeRange', LONGITUDE_RANGE))}
          >
            <InputNumber step={0.0001} precision={6} style={{ width: 200 }} placeholder="108.9402" />
          </Form.Item>
          <Form.Item
            name="latitude"
            label={t('sensing.things.form.latitude')}
            rules={coordinate(LATITUDE_RANGE, t('sensing.things.form.latitudeRange', LATITUDE_RANGE))}
          >
            <InputNumber step={0.0001} precision={6} style={{ width: 200 }} placeholder="34.2611" />
          </Form.Item>
        </Space>
        <div className="pm-field-note">{t('sensing.things.form.locationHelp')}</div>
      </Form>
    </Drawer>
  );
}
