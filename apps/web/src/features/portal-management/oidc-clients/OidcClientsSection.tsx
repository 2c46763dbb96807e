import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { OIDC_CLIENT_LIMITS, type OidcClient, type OidcClientInput, type OidcClientWithSecret } from '@eco/contracts/oidc-clients';
import { useTranslation } from 'react-i18next';
import { useManagedApplications } from '../../../api/applications';
import { useOidcClientMutations, useOidcClients } from '../../../api/oidc-clients';
import '../../../i18n/applications';
import '../applications/applications-section.css';

interface Values {
  name: string;
  redirectUris: string;
  applicationId: number | null;
}

/** The redirect URIs typed one per line: trimmed, blank lines dropped. */
const urisOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * 单点登录 (administrators): application systems registered as OpenID Connect clients — the
 * discovery address to give them, each client's ID, redirect URIs and linked application system
 * (whose rules decide who may sign in); registering one or replacing its secret shows the secret
 * once; a client can be disabled.
 */
export default function OidcClientsSection() {
  const { t } = useTranslation();
  const list = useOidcClients();
  const apps = useManagedApplications();
  const { create, update, rotate } = useOidcClientMutations();
  const [drawer, setDrawer] = useState<{ open: boolean; client: OidcClient | null }>({ open: false, client: null });
  const [secret, setSecret] = useState<OidcClientWithSecret | null>(null);
  const [form] = Form.useForm<Values>();
  const [modal, holder] = Modal.useModal();

  const open = (row: OidcClient | null) => {
    form.resetFields();
    form.setFieldsValue(
      row
        ? { name: row.name, redirectUris: row.redirectUris.join('\n'), applicationId: row.application?.id ?? null }
        : { applicationId: null, redirectUris: '' },
    );
    setDrawer({ open: true, client: row });
  };
  const copy = (text: string) => void navigator.clipboard?.writeText(text).then(() => message.success(t('apps.oidcManage.copied')));

  const columns: ColumnsType<OidcClient> = [
    { title: t('apps.oidcManage.name'), dataIndex: 'name' },
    { title: t('apps.oidcManage.clientId'), key: 'clientId', render: (_, row) => <code className="pm-mono">{row.clientId}</code> },
    {
      title: t('apps.oidcManage.application'),
      key: 'application',
      responsive: ['md'],
      render: (_, row) => row.application?.name ?? t('apps.oidcManage.applicationNone'),
    },
    {
      title: t('apps.oidcManage.redirectUris'),
      key: 'uris',
      responsive: ['lg'],
      render: (_, row) =>
        row.redirectUris.map((u) => (
          <div key={u} className="pm-mono">
            {u}
          </div>
        )),
    },
    {
      title: t('apps.oidcManage.status'),
      key: 'status',
      render: (_, row) => <Tag color={row.disabled ? 'default' : 'success'}>{row.disabled ? t('apps.oidcManage.disabled') : t('apps.oidcManage.enabled')}</Tag>,
    },
    {
      title: t('apps.manage.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => open(row)}>
            {t('apps.manage.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() =>
              update.mutate(
                { clientId: row.clientId, body: { disabled: !row.disabled } },
                { onSuccess: () => void message.success(t(row.disabled ? 'pm.done.oidcClientEnabled' : 'pm.done.oidcClientDisabled', { name: row.name })) },
              )
            }
          >
            {row.disabled ? t('apps.oidcManage.enable') : t('apps.oidcManage.disable')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void modal.confirm({
                title: t('apps.oidcManage.rotate'),
                content: t('apps.oidcManage.rotateConfirm'),
                onOk: () => rotate.mutateAsync(row.clientId).then(setSecret),
              })
            }
          >
            {t('apps.oidcManage.rotate')}
          </Button>
        </Space>
      ),
    },
  ];

  const issuer = list.data?.issuer;
  return (
    <div>
      {holder}
      <div className="pm-apps-head">
        <p className="pm-apps-intro">{t('apps.oidcManage.intro')}</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)}>
          {t('apps.oidcManage.add')}
        </Button>
      </div>
      {list.data && (
        <Alert
          className="pm-oidc-issuer"
          type={issuer ? 'info' : 'warning'}
          showIcon
          title={
            issuer ? (
              <span>
                {t('apps.oidcManage.issuer')}：<code className="pm-mono">{`${issuer}/.well-known/openid-configuration`}</code>
              </span>
            ) : (
              t('apps.oidcManage.issuerOff')
            )
          }
        />
      )}
      <Table<OidcClient>
        rowKey="clientId"
        columns={columns}
        dataSource={list.data?.clients ?? []}
        loading={list.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />

      <Drawer
        open={drawer.open}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        title={drawer.client ? t('apps.oidcManage.editTitle') : t('apps.oidcManage.addTitle')}
        size={520}
        footer={
          <Space className="drawer-footer">
            <Button onClick={() => setDrawer((d) => ({ ...d, open: false }))}>{t('pm.common.cancel')}</Button>
            <Button type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()}>
              {t('pm.common.save')}
            </Button>
          </Space>
        }
      >
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(values) => {
            const body: OidcClientInput = { name: values.name.trim(), redirectUris: urisOf(values.redirectUris), applicationId: values.applicationId ?? null };
            const done = () => setDrawer((d) => ({ ...d, open: false }));
            if (drawer.client)
              void update.mutateAsync({ clientId: drawer.client.clientId, body }).then(
                () => {
                  void message.success(t('pm.done.oidcClientUpdated', { name: body.name }));
                  done();
                },
                () => undefined,
              );
            else
              void create.mutateAsync(body).then(
                (result) => {
                  done();
                  setSecret(result);
                },
                () => undefined,
              );
          }}
        >
          <Form.Item name="name" label={t('apps.oidcManage.name')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={OIDC_CLIENT_LIMITS.name} />
          </Form.Item>
          <Form.Item name="applicationId" label={t('apps.oidcManage.application')}>
            <Select
              allowClear
              placeholder={t('apps.oidcManage.applicationNone')}
              options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              onClear={() => form.setFieldValue('applicationId', null)}
            />
          </Form.Item>
          <Form.Item
            name="redirectUris"
            label={t('apps.oidcManage.redirectUris')}
            extra={t('apps.oidcManage.redirectUrisHelp')}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const uris = urisOf(value ?? '');
                  return uris.length > 0 && uris.length <= OIDC_CLIENT_LIMITS.redirectUris && uris.every((u) => /^https?:\/\/[^\s#]+$/.test(u))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('apps.oidcManage.invalidUri')));
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} spellCheck={false} className="pm-mono" />
          </Form.Item>
        </Form>
      </Drawer>

      <Modal
        open={secret !== null}
        title={t('apps.oidcManage.secretTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            {t('apps.oidcManage.done')}
          </Button>
        }
      >
        {secret && (
          <div className="pm-oidc-secret">
            <p>{t('apps.oidcManage.secretBody')}</p>
            <p>
              {t('apps.oidcManage.clientId')}：<code className="pm-mono">{secret.client.clientId}</code>
            </p>
            <p>
              {t('apps.oidcManage.secretLabel')}：<code className="pm-mono">{secret.clientSecret}</code>{' '}
              <Button size="small" onClick={() => copy(secret.clientSecret)}>
                {t('apps.oidcManage.copy')}
              </Button>
            </p>
          </div>
        )}
      </Modal>
    </div>
  );
}
