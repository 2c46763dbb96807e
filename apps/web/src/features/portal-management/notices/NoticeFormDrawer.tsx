import { useLayoutEffect } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Grid from 'antd/es/grid';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { NOTICE_CATEGORIES, NOTICE_TITLE_MAX, type NoticeCategory, type NoticeInput } from '@eco/contracts/notices';
import { useTranslation } from 'react-i18next';
import { DocumentsField } from '../DocumentsField';
import { OrganisationSelect } from '../organisations/OrganisationSelect';
import { noticeAttachmentHref, useManagedNotice, useNoticeMutations } from '../../../api/notices';
import { RichTextEditor } from './RichTextEditor';

interface Values {
  title: string;
  category: NoticeCategory;
  organisationId: number | null;
  pinned: boolean;
  bodyHtml: string;
}

/**
 * Writing a notice in a drawer: title, category, issuing organisation, pinned, the body in the
 * rich-text editor, and (once saved) attachments uploaded one by one. A new notice is saved as a
 * draft; the drawer then stays open on it so attachments can be added before publishing.
 *
 * @param noticeId the notice to edit, or null for a new one
 * @param onSaved receives the id after a save (a new draft's id)
 */
export function NoticeFormDrawer({
  open,
  noticeId,
  onClose,
  onSaved,
}: {
  open: boolean;
  noticeId: number | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const { create, update, upload, detach } = useNoticeMutations();
  const notice = useManagedNotice(open ? noticeId : null);
  const loading = noticeId !== null && notice.isPending;
  // the editor reads its content once: a new key per notice loaded
  const editorKey = `${noticeId ?? 'new'}-${notice.dataUpdatedAt}`;

  // before the browser paints the opened form, so nothing typed into it can be overwritten
  // biome-ignore lint/correctness/useExhaustiveDependencies: refills the form only when another notice is opened (notice.data?.id), not on every reload of the same one
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (noticeId === null) form.setFieldsValue({ category: 'notice', pinned: false, organisationId: null, bodyHtml: '' });
    else if (notice.data) {
      const n = notice.data;
      form.setFieldsValue({ title: n.title, category: n.category, pinned: n.pinned, organisationId: n.organisationId, bodyHtml: n.bodyHtml });
    }
    // only when another notice is opened: a reload after an upload must not discard typing
  }, [open, noticeId, notice.data?.id, form]);

  const onFinish = async (values: Values) => {
    const body: NoticeInput = { ...values, title: values.title.trim(), organisationId: values.organisationId ?? null, bodyHtml: values.bodyHtml ?? '' };
    try {
      const saved = noticeId === null ? await create.mutateAsync(body) : await update.mutateAsync({ id: noticeId, body });
      void message.success(t('nt.manage.saved'));
      onSaved(saved.id);
    } catch {
      // the request layer has said why; the drawer stays open to correct it
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(noticeId === null ? 'nt.manage.drawerCreate' : 'nt.manage.drawerEdit')}
      size={screens.md ? 760 : '100%'}
      destroyOnHidden
      footer={
        <Space className="pm-drawer-footer">
          <Button onClick={onClose}>{t('nt.manage.cancel')}</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()} disabled={loading}>
            {t(noticeId === null ? 'nt.manage.saveDraft' : 'nt.manage.save')}
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark>
          <Form.Item name="title" label={t('nt.manage.fields.title')} rules={[{ required: true, whitespace: true }, { max: NOTICE_TITLE_MAX }]}>
            <Input maxLength={NOTICE_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="category" label={t('nt.manage.fields.category')} rules={[{ required: true }]}>
            <Radio.Group optionType="button" options={NOTICE_CATEGORIES.map((c) => ({ value: c, label: t(`nt.categories.${c}`) }))} />
          </Form.Item>
          <Form.Item name="organisationId" label={t('nt.manage.fields.organisation')} extra={t('nt.manage.fields.organisationHint')}>
            <OrganisationSelect />
          </Form.Item>
          <Form.Item name="pinned" label={t('nt.manage.fields.pinned')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="bodyHtml" label={t('nt.manage.fields.body')}>
            <RichTextEditor key={editorKey} label={t('nt.manage.fields.body')} />
          </Form.Item>
          <Form.Item label={t('nt.manage.fields.attachments')} extra={t('nt.manage.fields.attachmentsHint')}>
            <DocumentsField
              documents={noticeId === null || !notice.data ? null : notice.data.attachments}
              hrefOf={(document, disposition) => noticeAttachmentHref(noticeId ?? 0, document.id, disposition)}
              pending={t('nt.manage.fields.attachmentsAfterSave')}
              uploadLabel={t('nt.manage.upload')}
              onUpload={(file) => upload.mutateAsync({ id: noticeId!, file })}
              onRemove={(document) => detach.mutateAsync({ id: noticeId!, attachmentId: document.id })}
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
