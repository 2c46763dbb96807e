import { useState } from 'react';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { THING_KINDS, THING_STATUSES, type Datastream, type NewThingKey, type Thing, type ThingKey } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { useKeyMutations, useObservedProperties, useRegistryMutations, useThing, useThings } from '../../../api/things';
import '../../../i18n/sensing';
import { formatTime } from '../format';
import { pageParam, useQueryState } from '../use-query-state';
import { ThingFormDrawer } from './ThingFormDrawer';

const PAGE_SIZE = 10;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);

/** The new key, shown once with a copy button; closing it forgets it. */
function NewKeyModal({ created, onClose }: { created: NewThingKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={created !== null}
      title={t('sensing.things.keyOnceTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      destroyOnHidden
    >
      <p>{t('sensing.things.keyOnce')}</p>
      {created && (
        <Typography.Paragraph
          copyable={{ text: created.key, tooltips: [t('sensing.things.copy'), t('sensing.things.copied')] }}
          code
          data-testid="new-thing-key"
        >
          {created.key}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

/**
 * Adds a Datastream to device `thingId`: one ObservedProperty it does not measure yet (by name,
 * with unit), and optionally the Sensor's name (make and model).
 */
function AddDatastream({ thingId, taken }: { thingId: number; taken: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const properties = useObservedProperties(true);
  const { addDatastream } = useRegistryMutations();
  const [property, setProperty] = useState<string | undefined>();
  const [sensor, setSensor] = useState('');
  const en = i18n.language === 'en-US';
  const options = (properties.data ?? [])
    .filter((p) => !taken.includes(p.code))
    .map((p) => ({ value: p.code, label: `${en ? p.nameEn : p.nameZh}${p.unit ? ` (${p.unit})` : ''} · ${p.code}` }));
  const add = async () => {
    if (!property) return;
    try {
      await addDatastream.mutateAsync({
        thingId,
        body: sensor.trim() ? { observedProperty: property, sensor: sensor.trim() } : { observedProperty: property },
      });
      setProperty(undefined);
      setSensor('');
    } catch {
      // the request layer has said why (e.g. 该设备已有此观测要素的数据流)
    }
  };
  return (
    <Space wrap style={{ marginTop: 8 }}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('sensing.things.form.property')}
        aria-label={t('sensing.things.form.property')}
        value={property}
        onChange={setProperty}
        options={options}
        loading={properties.isPending}
        style={{ width: 280 }}
        data-testid="datastream-property"
      />
      <Input
        placeholder={t('sensing.things.form.sensorPlaceholder')}
        aria-label={t('sensing.things.form.sensor')}
        value={sensor}
        maxLength={100}
        onChange={(e) => setSensor(e.target.value)}
        style={{ width: 200 }}
      />
      <Button onClick={() => void add()} disabled={!property} loading={addDatastream.isPending}>
        {t('sensing.things.form.addDatastream')}
      </Button>
    </Space>
  );
}

/** A device's Datastreams and keys, with new / rotate / revoke. */
function ThingDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useThing(id);
  const keys = useKeyMutations();
  const { removeDatastream } = useRegistryMutations();
  const [created, setCreated] = useState<NewThingKey | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const thing = detail.data?.thing;

  const keyColumns: ColumnsType<ThingKey> = [
    { title: t('sensing.things.keyPrefix'), dataIndex: 'prefix', render: (p: string) => <code>{p}…</code> },
    { title: t('sensing.things.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('sensing.things.lastUsed'), dataIndex: 'lastUsedAt', render: (v: string | null) => (v ? formatTime(v) : t('sensing.things.never')) },
    {
      title: t('sensing.things.status'),
      dataIndex: 'revokedAt',
      render: (v: string | null) =>
        v ? (
          <Tag>
            {t('sensing.things.revoked')} {formatTime(v)}
          </Tag>
        ) : (
          <Tag color="green">{t('sensing.things.active')}</Tag>
        ),
    },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, key) =>
        key.revokedAt || id === null ? null : (
          <Space size={4}>
            <Button
              size="small"
              onClick={() =>
                void modal.confirm({
                  title: t('sensing.things.rotateConfirm'),
                  onOk: async () => setCreated(await keys.rotate.mutateAsync({ thingId: id, keyId: key.id })),
                })
              }
            >
              {t('sensing.things.rotate')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() =>
                void modal.confirm({
                  title: t('sensing.things.revokeConfirm'),
                  okButtonProps: { danger: true },
                  onOk: () => keys.revoke.mutateAsync({ thingId: id, keyId: key.id }),
                })
              }
            >
              {t('sensing.things.revoke')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={thing ? `${thing.name} · ${thing.code}` : ''} destroyOnHidden>
      {modalHolder}
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <section>
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('sensing.things.manage')}
            </Typography.Title>
            <Button
              type="primary"
              disabled={!thing || thing.status === 'retired'}
              loading={keys.create.isPending}
              onClick={async () => id !== null && setCreated(await keys.create.mutateAsync(id))}
            >
              {t('sensing.things.newKey')}
            </Button>
          </Space>
          <Table<ThingKey>
            rowKey="id"
            size="small"
            columns={keyColumns}
            dataSource={detail.data?.keys ?? []}
            loading={detail.isPending}
            pagination={false}
            style={{ marginTop: 8 }}
          />
        </section>
        <section>
          <Typography.Title level={5}>{t('sensing.things.datastreams')}</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={detail.data?.datastreams ?? []}
            scroll={{ x: 720 }}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              { title: t('sensing.things.property'), dataIndex: 'name' },
              { title: t('sensing.things.unit'), dataIndex: 'unit' },
              { title: t('sensing.things.range'), key: 'range', render: (_: unknown, d) => `${d.minValue ?? '−∞'} – ${d.maxValue ?? '∞'}` },
              { title: t('sensing.things.form.sensor'), dataIndex: 'sensor', render: (v: string | null) => v ?? '—' },
              {
                title: t('sensing.things.latestValue'),
                key: 'latest',
                render: (_: unknown, d) => (d.latest ? `${d.latest.result} · ${formatTime(d.latest.phenomenonTime)}` : '—'),
              },
              {
                title: '',
                key: 'remove',
                width: 80,
                // a Datastream with data is never deleted from here (the server answers 409): retire the device instead
                render: (_: unknown, d: Datastream) =>
                  d.latest || id === null ? null : (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        void modal.confirm({
                          title: t('sensing.things.form.removeConfirm', { name: d.name }),
                          okButtonProps: { danger: true },
                          onOk: () => removeDatastream.mutateAsync({ thingId: id, datastreamId: d.id }),
                        })
                      }
                    >
                      {t('sensing.things.form.remove')}
                    </Button>
                  ),
              },
            ]}
          />
          {id !== null && thing?.status !== 'retired' && <AddDatastream thingId={id} taken={(detail.data?.datastreams ?? []).map((d) => d.observedProperty)} />}
        </section>
      </Space>
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </Drawer>
  );
}

/**
 * 设备与密钥 (administrators, editors): the device registry with keyword, kind and status filters
 * and pagination in the address; devices are registered and edited in a form drawer (a new one then
 * opens in the detail drawer); a device opens in a drawer with its Datastreams (add; remove while
 * without data) and ingestion keys (new, rotate, revoke; a new key is shown once).
 */
export default function ThingsSection() {
  const { t } = useTranslation();
  const [params, update] = useQueryState();
  const keyword = params.get('keyword') ?? '';
  const kind = oneOf(THING_KINDS, params.get('kind'));
  const status = oneOf(THING_STATUSES, params.get('status'));
  const page = pageParam(params);
  const [draft, setDraft] = useState(keyword);
  const [open, setOpen] = useState<number | null>(null);
  /** the form: closed (false), registering (null) or editing a device */
  const [editing, setEditing] = useState<Thing | null | false>(false);
  const list = useThings({ keyword: keyword || undefined, kind, status, page, pageSize: PAGE_SIZE });

  const columns: ColumnsType<Thing> = [
    { title: t('sensing.things.code'), dataIndex: 'code', width: 110 },
    { title: t('sensing.things.name'), dataIndex: 'name' },
    { title: t('sensing.things.kind'), dataIndex: 'kind', render: (k: Thing['kind']) => t(`sensing.kinds.${k}`) },
    { title: t('sensing.things.city'), dataIndex: 'cityName', render: (v: string | null) => v ?? '—' },
    {
      title: t('sensing.things.status'),
      key: 'status',
      render: (_: unknown, th) => (
        <Space size={4}>
          <Badge status={th.online ? 'success' : 'default'} text={th.online ? t('sensing.online') : t('sensing.offline')} />
          {th.status !== 'active' && <Tag>{t(`sensing.statuses.${th.status}`)}</Tag>}
        </Space>
      ),
    },
    { title: t('sensing.things.lastSeen'), dataIndex: 'lastSeenAt', render: (v: string | null) => (v ? formatTime(v) : t('sensing.things.never')) },
    { title: t('sensing.things.keys'), dataIndex: 'activeKeys', width: 90 },
    {
      title: '',
      key: 'open',
      width: 150,
      render: (_: unknown, th) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(th)}>
            {t('sensing.things.form.edit')}
          </Button>
          <Button size="small" onClick={() => setOpen(th.id)}>
            {t('sensing.things.manage')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('sensing.things.title')}
      extra={
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('sensing.things.form.create')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('sensing.things.keyword')}
          aria-label={t('sensing.things.keyword')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(value) => update({ keyword: value.trim() || null }, true)}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('sensing.things.kind')}
          aria-label={t('sensing.things.kind')}
          value={kind}
          onChange={(v?: string) => update({ kind: v ?? null }, true)}
          options={THING_KINDS.map((k) => ({ value: k, label: t(`sensing.kinds.${k}`) }))}
          style={{ width: 160 }}
        />
        <Select
          allowClear
          placeholder={t('sensing.things.status')}
          aria-label={t('sensing.things.status')}
          value={status}
          onChange={(v?: string) => update({ status: v ?? null }, true)}
          options={THING_STATUSES.map((s) => ({ value: s, label: t(`sensing.statuses.${s}`) }))}
          style={{ width: 130 }}
        />
      </Space>
      <Table<Thing>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (p) => update({ page: p }) }}
      />
      <ThingDrawer id={open} onClose={() => setOpen(null)} />
      <ThingFormDrawer
        open={editing !== false}
        thing={editing || null}
        onClose={() => setEditing(false)}
        onSaved={(saved) => editing === null && setOpen(saved.thing.id)}
      />
    </Card>
  );
}
