import { useLayoutEffect } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import { ACCOUNT_PATTERN, DISPLAY_NAME_MAX, ROLES, type Role } from '@eco/contracts/roles';
import type { CreateUser, TemporaryPassword, UpdateUser, User } from '@eco/contracts/users';
import { useTranslation } from 'react-i18next';
import { OrganisationSelect } from '../organisations/OrganisationSelect';
import { useUserMutations } from '../../../api/users';

interface Values {
  account: string;
  displayName: string;
  role: Role;
  organisationId: number | null;
}

/**
 * Creating (`user` null) or editing a user in a drawer. The account is set once (3–32 letters,
 * digits, `.`, `_`, `-`); the display name is required (at most 50 characters). An administrator
 * cannot change their own role (they would lock themselves out of this screen).
 *
 * @param onCreated receives the new user's temporary password (shown once by the caller).
 */
export function UserFormDrawer({
  open,
  user,
  selfId,
  onClose,
  onCreated,
}: {
  open: boolean;
  user: User | null;
  selfId: number;
  onClose: () => void;
  onCreated: (result: TemporaryPassword) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { create, update } = useUserMutations();
  const editing = user !== null;
  const self = user?.id === selfId;
  const saving = create.isPending || update.isPending;

  // before the browser paints the opened form, so nothing typed into it can be overwritten
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      user
        ? { account: user.account, displayName: user.displayName, role: user.role, organisationId: user.organisation?.id ?? null }
        : { role: 'staff', organisationId: null },
    );
  }, [open, user, form]);

  const onFinish = async (values: Values) => {
    const displayName = values.displayName.trim();
    try {
      if (user) {
        const body: UpdateUser = { displayName, organisationId: values.organisationId ?? null };
        if (!self) body.role = values.role;
        await update.mutateAsync({ id: user.id, body });
        void message.success(t('pm.done.userUpdated', { name: displayName }));
        onClose();
      } else {
        const body: CreateUser = { account: values.account.trim(), displayName, role: values.role, organisationId: values.organisationId ?? null };
        const result = await create.mutateAsync(body);
        onClose();
        onCreated(result);
      }
    } catch {
      // the request layer has said why (e.g. 账号已被使用); the drawer stays open to correct it
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? t('pm.users.form.editTitle', { account: user.account }) : t('pm.users.form.createTitle')}
      size={520}
      destroyOnHidden
      className="user-form-drawer"
      footer={
        <Space className="drawer-footer">
          <Button onClick={onClose}>{t('pm.common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {editing ? t('pm.common.save') : t('pm.users.form.createSubmit')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical" className="pm-spaced" onFinish={(values) => void onFinish(values)} disabled={saving}>
        {editing ? (
          <Form.Item label={t('pm.users.form.account')}>
            <span className="pm-mono">{user.account}</span>
            <div className="pm-field-note">{t('pm.users.form.accountFixed')}</div>
          </Form.Item>
        ) : (
          <Form.Item
            name="account"
            label={t('pm.users.form.account')}
            extra={t('pm.users.form.accountHelp')}
            rules={[{ required: true }, { pattern: new RegExp(ACCOUNT_PATTERN), message: t('pm.users.form.accountPattern') }]}
            validateFirst
          >
            <Input autoComplete="off" spellCheck={false} autoCapitalize="off" maxLength={32} placeholder="zhang.san" />
          </Form.Item>
        )}
        <Form.Item name="displayName" label={t('pm.users.form.displayName')} rules={[{ required: true, whitespace: true }, { max: DISPLAY_NAME_MAX }]}>
          <Input autoComplete="off" placeholder={t('pm.users.form.displayNamePlaceholder')} showCount maxLength={DISPLAY_NAME_MAX} />
        </Form.Item>
        <Form.Item name="role" label={t('pm.users.form.role')} rules={[{ required: true }]} extra={self ? t('pm.users.form.ownRole') : undefined}>
          <Radio.Group className="role-choices" disabled={self}>
            {ROLES.map((role) => (
              <Radio key={role} value={role} className="role-choice">
                <span className="role-choice-name">{t(`roles.${role}`)}</span>
                <span className="role-choice-desc">{t(`pm.roles.summary.${role}`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="organisationId" label={t('pm.users.form.organisation')} extra={t('pm.users.form.organisationHelp')}>
          <OrganisationSelect placeholder={t('pm.users.form.organisationPlaceholder')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
