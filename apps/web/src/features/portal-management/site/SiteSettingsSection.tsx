import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Space from 'antd/es/space';
import { SITE_LIMITS } from '@eco/contracts/roles';
import { SITE_CODE_PATTERN, type SiteSettings } from '@eco/contracts/site';
import { useTranslation } from 'react-i18next';
import { useUpdateSiteSettings } from '../../../api/site';
import '../../../i18n/site';
import { useInitialState } from '../../../state/initial-state';

/** The form's values: the ops-platform URL is '' when none (sent as null). */
type Values = Omit<SiteSettings, 'opsPlatformUrl'> & { opsPlatformUrl: string };

const toValues = (s: SiteSettings): Values => ({ ...s, opsPlatformUrl: s.opsPlatformUrl ?? '' });

/** http(s) only: the 运维平台 menu entry opens it in a new tab (no `javascript:` or `data:`). */
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** 网站标识码: ten digits or nothing (the rule and its source: @eco/contracts/site.ts SITE_CODE_PATTERN). */
const SITE_CODE = new RegExp(SITE_CODE_PATTERN);

/**
 * 站点设置 (administrators): title, province, footer text, the operations platform's address, and
 * the footer details of a government site — 主办单位, 承办单位, ICP 备案号, 公安机关备案号, 网站标识码,
 * contact (`updateSiteSettings`). Once saved, the initial state is loaded again, so the header, the page
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
      sponsor: (values.sponsor ?? '').trim(),
      operator: (values.operator ?? '').trim(),
      publicSecurityRecordNumber: (values.publicSecurityRecordNumber ?? '').trim(),
      siteCode: (values.siteCode ?? '').trim(),
      contact: (values.contact ?? '').trim(),
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
        <Form.Item
          name="opsPlatformUrl"
          label={t('pm.site.opsPlatformUrl')}
          extra={t('pm.site.opsHelp')}
          rules={[{ type: 'url' }, { pattern: HTTP_URL, message: t('pm.site.opsPattern') }, { max: SITE_LIMITS.opsPlatformUrl }]}
          validateFirst
        >
          <Input maxLength={SITE_LIMITS.opsPlatformUrl} placeholder="https://ops.example.gov.cn/" inputMode="url" spellCheck={false} />
        </Form.Item>
        <Divider titlePlacement="start" className="site-footer-divider">
          {t('site.settings.footerSection')}
        </Divider>
        <p className="pm-intro">{t('site.settings.footerSectionHelp')}</p>
        <Form.Item name="sponsor" label={t('site.settings.sponsor')} rules={[{ max: SITE_LIMITS.sponsor }]}>
          <Input maxLength={SITE_LIMITS.sponsor} placeholder={t('site.settings.sponsorPlaceholder')} />
        </Form.Item>
        <Form.Item name="operator" label={t('site.settings.operator')} rules={[{ max: SITE_LIMITS.operator }]}>
          <Input maxLength={SITE_LIMITS.operator} placeholder={t('site.settings.operatorPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="recordNumber"
          label={t('site.settings.recordNumber')}
          extra={t('site.settings.recordHelp')}
          rules={[{ max: SITE_LIMITS.recordNumber }]}
        >
          <Input maxLength={SITE_LIMITS.recordNumber} placeholder={t('site.settings.recordPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="publicSecurityRecordNumber"
          label={t('site.settings.publicSecurityRecordNumber')}
          extra={t('site.settings.publicSecurityHelp')}
          rules={[{ max: SITE_LIMITS.publicSecurityRecordNumber }]}
        >
          <Input maxLength={SITE_LIMITS.publicSecurityRecordNumber} placeholder={t('site.settings.publicSecurityPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="siteCode"
          label={t('site.settings.siteCode')}
          extra={t('site.settings.siteCodeHelp')}
          rules={[{ pattern: SITE_CODE, message: t('site.settings.siteCodePattern') }]}
          normalize={(value: string) => value.trim()}
        >
          <Input maxLength={SITE_LIMITS.siteCode} placeholder={t('site.settings.siteCodePlaceholder')} inputMode="numeric" spellCheck={false} />
        </Form.Item>
        <Form.Item name="contact" label={t('site.settings.contact')} rules={[{ max: SITE_LIMITS.contact }]}>
          <Input maxLength={SITE_LIMITS.contact} placeholder={t('site.settings.contactPlaceholder')} />
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
