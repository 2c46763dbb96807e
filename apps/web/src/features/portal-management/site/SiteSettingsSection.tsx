import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Space from 'antd/es/space';
import { SITE_LIMITS } from '@eco/contracts/roles';
import type { SiteSettings } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';
import { useUpdateSiteSettings } from '../../../api/site';
import { useInitialState } from '../../../state/initial-state';

/** The form's values: the ops-platform URL is '' when none (sent as null). */
type Values = Omit<SiteSettings, 'opsPlatformUrl'> & { opsPlatformUrl: string };

const toValues = (s: SiteSettings): Values => ({ ...s, opsPlatformUrl: s.opsPlatformUrl ?? '' });

/** http(s) only: the 运维平台 menu entry opens it in a new tab (no `javascript:` or `data:`). */
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * 站点设置 (administrators): title, province, footer, record number and the operations platform's
 * address (`updateSiteSettings`). Once saved, the initial state is loaded again, so the header, the page
 * title and the footer change at once.
 */
export default function SiteSettingsSection() {
  const { t } = useTranslation();
  const { settings, refresh } = useInitialState();
  const update = useUpdateSiteSettings();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    form.setFieldsValue(toValues(settings));
    setDirty(false);
  }, [settings, form]);

  const onFinish = async (values: Values) => {
    const url = values.opsPlatformUrl.trim();
    const body: SiteSettings = {
      title: values.title.trim(),
      provinceName: values.provinceName.trim(),
      footer: (values.footer ?? '').trim(),
      recordNumber: (values.recordNumber ?? '').trim(),
      opsPlatformUrl: url === '' ? null : url,
    };
    setSaving(true);
    try {
      await update.mutateAsync(body);
    } catch {
      setSaving(false);
      return; // the request layer has said why
    }
    void message.success(t('pm.site.saved'));
    await refresh();
    setSaving(false);
  };

  return (
    <Card title={t('pm.nav.site')}>
      <Form<Values>
        form={form}
        layout="vertical"
        className="pm-form pm-spaced site-settings-form"
        initialValues={toValues(settings)}
        disabled={saving}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="title"
          label={t('pm.site.title')}
          extra={t('pm.site.titleHelp')}
          rules={[{ required: true, whitespace: true }, { max: SITE_LIMITS.title }]}
        >
          <Input maxLength={SITE_LIMITS.title} showCount />
        </Form.Item>
        <Form.Item
          name="provinceName"
          label={t('pm.site.provinceName')}
          extra={t('pm.site.provinceHelp')}
          rules={[{ required: true, whitespace: true }, { max: SITE_LIMITS.provinceName }]}
        >
          <Input maxLength={SITE_LIMITS.provinceName} />
        </Form.Item>
        <Form.Item name="footer" label={t('pm.site.footer')} extra={t('pm.site.footerHelp')} rules={[{ max: SITE_LIMITS.footer }]}>
          <Input.TextArea maxLength={SITE_LIMITS.footer} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="recordNumber" label={t('pm.site.recordNumber')} extra={t('pm.site.recordHelp')} rules={[{ max: SITE_LIMITS.recordNumber }]}>
          <Input maxLength={SITE_LIMITS.recordNumber} placeholder={t('pm.site.recordPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="opsPlatformUrl"
          label={t('pm.site.opsPlatformUrl')}
          extra={t('pm.site.opsHelp')}
          rules={[{ type: 'url' }, { pattern: HTTP_URL, message: t('pm.site.opsPattern') }, { max: SITE_LIMITS.opsPlatformUrl }]}
          validateFirst
        >
          <Input maxLength={SITE_LIMITS.opsPlatformUrl} placeholder="https://ops.example.gov.cn/" inputMode="url" spellCheck={false} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
            {t('pm.site.save')}
          </Button>
          <Button
            disabled={!dirty || saving}
            onClick={() => {
              form.resetFields();
              setDirty(false);
            }}
          >
            {t('pm.site.revert')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
