import { useLayoutEffect } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import TreeSelect from 'antd/es/tree-select';
import {
  APPLICATION_ACCESS,
  APPLICATION_CODE_PATTERN,
  APPLICATION_ICONS,
  APPLICATION_LIMITS as L,
  APPLICATION_STATUSES,
  type ApplicationInput,
  type ManagedApplication,
} from '@eco/contracts/applications';
import { ROLES } from '@eco/contracts/roles';
import type { OrganisationNode } from '@eco/contracts/users';
import { useTranslation } from 'react-i18next';
import { useApplicationMutations } from '../../../api/applications';
import { useOrganisations } from '../../../api/organisations';
import { ApplicationIcon } from '../../../components/applications/ApplicationIcon';
import '../../../i18n/applications';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const toOptions = (nodes: readonly OrganisationNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children) }));

const EMPTY: ApplicationInput = {
  code: '',
  name: '',
  icon: 'app',
  category: '',
  description: '',
  entryUrl: 'https://',
  status: 'online',
  maintenanceNotice: null,
  access: 'signed_in',
  accessRoles: [],
  accessOrganisationIds: [],
  sortOrder: 100,
};

/**
 * Adding (`app` null) or editing an application system in a drawer: code (set once), name, icon,
 * category, description, entry address (http/https), status with a maintenance notice, who may
 * use it (public, signed-in users, chosen roles, chosen organisations with those below them) and
 * the order. The server checks everything again and says why it refuses (the request layer shows it),
 * including the organisation scope: an editor of a city or county adds and removes only
 * organisations within their scope (docs/access.md §Organisation scope).
 */
export function ApplicationFormDrawer({ open, app, onClose }: { open: boolean; app: ManagedApplication | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplicationInput>();
  const { create, update } = useApplicationMutations();
  const organisations = useOrganisations();
  const access = Form.useWatch('access', form);
  const status = Form.useWatch('status', form);
  const saving = create.isPending || update.isPending;
  const field = (key: string) => t(`apps.manage.fields.${key}`);

  // before the browser paints the opened form, so nothing typed into it can be overwritten
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(app ? { ...app, accessOrganisationIds: app.accessOrganisations.map((o) => o.id) } : EMPTY);
  }, [open, app, form]);

  const onFinish = async (values: ApplicationInput) => {
    const body: ApplicationInput = {
      ...values,
      name: values.name.trim(),
      category: values.category.trim(),
      description: values.description ?? '',
      maintenanceNotice: values.maintenanceNotice?.trim() ? values.maintenanceNotice.trim() : null,
      accessRoles: values.accessRoles ?? [],
      accessOrganisationIds: values.accessOrganisationIds ?? [],
      // a cleared number box gives null, which the server refuses: keep the default order
      sortOrder: values.sortOrder ?? EMPTY.sortOrder,
    };
    try {
      if (app) {
        const { code: _code, ...changes } = body;
        await update.mutateAsync({ id: app.id, body: changes });
        void message.success(t('pm.done.applicationUpdated', { name: body.name }));
      } else {
        await create.mutateAsync(body);
        void message.success(t('pm.done.applicationCreated', { name: body.name }));
      }
      onClose();
    } catch {
      // the request layer has said why (e.g. 编码已存在); the drawer stays open to correct it
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={app ? t('apps.manage.editTitle') : t('apps.manage.addTitle')}
      size={560}
      destroyOnHidden
      footer={
        <Space className="drawer-footer">
          <Button onClick={onClose}>{t('pm.common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('pm.common.save')}
          </Button>
        </Space>
      }
    >
      <Form<ApplicationInput> form={form} layout="vertical" onFinish={(values) => void onFinish(values)} disabled={saving}>
        <Form.Item
          name="code"
          label={field('code')}
          extra={t('apps.manage.fields.codeHelp')}
          rules={[
            { required: true, message: t('apps.manage.required', { field: field('code') }) },
            { pattern: new RegExp(APPLICATION_CODE_PATTERN), message: t('apps.manage.invalidCode') },
          ]}
        >
          <Input disabled={app !== null} maxLength={L.code} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="name"
          label={field('name')}
          rules={[{ required: true, whitespace: true, message: t('apps.manage.required', { field: field('name') }) }]}
        >
          <Input maxLength={L.name} showCount />
        </Form.Item>
        <Form.Item
          name="category"
          label={field('category')}
          rules={[{ required: true, whitespace: true, message: t('apps.manage.required', { field: field('category') }) }]}
        >
          <Input maxLength={L.category} />
        </Form.Item>
        <Form.Item name="icon" label={field('icon')}>
          <Radio.Group optionType="button">
            {APPLICATION_ICONS.map((icon) => (
              <Radio.Button key={icon} value={icon} aria-label={t(`apps.manage.icons.${icon}`)} title={t(`apps.manage.icons.${icon}`)}>
                <ApplicationIcon name={icon} />
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="description" label={field('description')}>
          <Input.TextArea maxLength={L.description} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item
          name="entryUrl"
          label={field('entryUrl')}
          extra={t('apps.manage.fields.entryUrlHelp')}
          rules={[{ required: true, pattern: /^https?:\/\/\S+$/, message: t('apps.manage.invalidUrl') }]}
        >
          <Input maxLength={L.entryUrl} spellCheck={false} />
        </Form.Item>
        <Form.Item name="status" label={field('status')}>
          <Radio.Group>
            {APPLICATION_STATUSES.map((s) => (
              <Radio key={s} value={s}>
                {t(`apps.status.${s}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {status === 'maintenance' && (
          <Form.Item name="maintenanceNotice" label={field('maintenanceNotice')}>
            <Input maxLength={L.maintenanceNotice} showCount />
          </Form.Item>
        )}
        <Form.Item name="access" label={field('access')}>
          <Radio.Group>
            {APPLICATION_ACCESS.map((a) => (
              <Radio key={a} value={a}>
                {t(`apps.manage.accessKinds.${a}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {access === 'roles' && (
          <Form.Item
            name="accessRoles"
            label={field('accessRoles')}
            rules={[{ required: true, type: 'array', min: 1, message: t('apps.manage.required', { field: field('accessRoles') }) }]}
          >
            <Select mode="multiple" options={ROLES.map((role) => ({ value: role, label: t(`apps.roles.${role}`) }))} />
          </Form.Item>
        )}
        {access === 'organisations' && (
          <Form.Item
            name="accessOrganisationIds"
            label={field('accessOrganisations')}
            rules={[{ required: true, type: 'array', min: 1, message: t('apps.manage.required', { field: field('accessOrganisations') }) }]}
          >
            <TreeSelect<number[]>
              multiple
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_PARENT}
              treeCheckStrictly={false}
              showSearch={{ treeNodeFilterProp: 'title' }}
              loading={organisations.isPending}
              treeData={toOptions(organisations.data ?? [])}
              treeDefaultExpandedKeys={(organisations.data ?? []).map((o) => o.id)}
              styles={{ popup: { root: { maxHeight: 400 } } }}
            />
          </Form.Item>
        )}
        <Form.Item name="sortOrder" label={field('sortOrder')}>
          <InputNumber min={-100000} max={100000} precision={0} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
