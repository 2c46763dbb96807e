import { useLayoutEffect, useRef } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Grid from 'antd/es/grid';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import dayjs, { type Dayjs } from 'dayjs';
import { NOTICE_CATEGORIES, NOTICE_METADATA_MAX, NOTICE_TITLE_MAX, type NoticeCategory, type NoticeDetail, type NoticeInput } from '@eco/contracts/notices';
import { useTranslation } from 'react-i18next';
import { DocumentsField } from '../DocumentsField';
import { OrganisationSelect } from '../organisations/OrganisationSelect';
import { noticeAttachmentHref, useManagedNotice, useNoticeMutations } from '../../../api/notices';
import { readableUploadLimit } from '../../../request/upload-limit';
import { RichTextEditor } from './RichTextEditor';

interface Values {
  title: string;
  category: NoticeCategory;
  organisationId: number | null;
  pinned: boolean;
  bodyHtml: string;
  documentNumber: string;
  indexNumber: string;
  issuingBody: string;
  writtenOn: Dayjs | null;
}

/** The form's values as the API takes them (trimmed one-line fields, 成文日期 as YYYY-MM-DD). */
function inputOf(values: Values): NoticeInput {
  return {
    title: values.title.trim(),
    category: values.category,
    organisationId: values.organisationId ?? null,
    pinned: values.pinned ?? false,
    bodyHtml: values.bodyHtml ?? '',
    documentNumber: (values.documentNumber ?? '').trim(),
    indexNumber: (values.indexNumber ?? '').trim(),
    issuingBody: (values.issuingBody ?? '').trim(),
    writtenOn: values.writtenOn ? values.writtenOn.format('YYYY-MM-DD') : null,
  };
}

/**
 * Writing a notice in a drawer: title, category, organisation, the government metadata (文号,
 * 索引号, 发布机构, 成文日期 — not after today), pinned, the body in the rich-text editor, and
 * attachments uploaded one by one with their progress. Adding the first attachment to a new notice
 * saves it as a draft first (a title is needed), so files can be added while it is being written.
 * 保存草稿 / 保存 saves and says so; 发布 saves, then hands the saved notice to `onPublish` (the
 * publish dialog: now or at a time). The drawer stays open on a saved draft.
 *
 * @param noticeId the notice to edit, or null for a new one
 * @param onSaved receives the id after a save (a new draft's id)
 * @param onPublish receives the notice just saved, to publish it
 */
export function NoticeFormDrawer({
  open,
  noticeId,
  onClose,
  onSaved,
  onPublish,
}: {
  open: boolean;
  noticeId: number | null;
  onClose: () => void;
  onSaved: (id: number) => void;
  onPublish: (notice: NoticeDetail) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const { create, update, upload, detach } = useNoticeMutations();
  const notice = useManagedNotice(open ? noticeId : null);
  const loading = noticeId !== null && notice.isPending;
  // the editor reads its content once: a new key per notice loaded
  const editorKey = `${noticeId ?? 'new'}-${notice.dataUpdatedAt}`;
  // the draft being saved for the first attachments: several files chosen at once make one draft
  const savingDraft = useRef<Promise<number> | null>(null);

  // before the browser paints the opened form, so nothing typed into it can be overwritten
  // biome-ignore lint/correctness/useExhaustiveDependencies: refills the form only when another notice is opened (notice.data?.id), not on every reload of the same one
  useLayoutEffect(() => {
    if (!open) return;
    savingDraft.current = null;
    form.resetFields();
    if (noticeId === null)
      form.setFieldsValue({
        category: 'notice',
        pinned: false,
        organisationId: null,
        bodyHtml: '',
        documentNumber: '',
        indexNumber: '',
        issuingBody: '',
        writtenOn: null,
      });
    else if (notice.data) {
      const n = notice.data;
      form.setFieldsValue({
        title: n.title,
        category: n.category,
        pinned: n.pinned,
        organisationId: n.organisationId,
        bodyHtml: n.bodyHtml,
        documentNumber: n.documentNumber,
        indexNumber: n.indexNumber,
        issuingBody: n.issuingBody,
        writtenOn: n.writtenOn ? dayjs(n.writtenOn) : null,
      });
    }
    // only when another notice is opened: a reload after an upload must not discard typing
  }, [open, noticeId, notice.data?.id, form]);

  /** Saves what is in the form (a new draft, or the changes) and says so; rejects when it cannot. */
  const save = async (values: Values): Promise<NoticeDetail> => {
    const body = inputOf(values);
    const saved = noticeId === null ? await create.mutateAsync(body) : await update.mutateAsync({ id: noticeId, body });
    void message.success(t(noticeId === null ? 'nt.manage.savedDraft' : 'nt.manage.saved'));
    onSaved(saved.id);
    return saved;
  };

  const onFinish = async (values: Values) => {
    try {
      await save(values);
    } catch {
      // the request layer has said why; the drawer stays open to correct it
    }
  };

  const saveAndPublish = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    try {
      onPublish(await save(values));
    } catch {
      // the request layer has said why
    }
  };

  /** The notice's id for an upload: a new notice is saved as a draft first (it needs its title). */
  const savedId = async (): Promise<number> => {
    if (noticeId !== null) return noticeId;
    if (!savingDraft.current) {
      const saving = form
        .validateFields(['title'])
        .catch(() => {
          void message.warning(t('nt.manage.fields.attachmentsNeedTitle'));
          throw new Error('no title yet');
        })
        .then(() => save(form.getFieldsValue(true) as Values))
        .then((saved) => saved.id);
      // a failed save may be tried again with the next file
      saving.catch(() => (savingDraft.current = null));
      savingDraft.current = saving;
    }
    return savingDraft.current;
  };

  const saving = create.isPending || update.isPending;
  const status = noticeId === null ? 'draft' : notice.data?.status;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(noticeId === null ? 'nt.manage.drawerCreate' : 'nt.manage.drawerEdit')}
      size={screens.md ? 760 : '100%'}
      destroyOnHidden
      footer={
        <Space className="pm-drawer-footer" wrap>
          <Button onClick={onClose}>{t('nt.manage.cancel')}</Button>
          <Button loading={saving} onClick={() => form.submit()} disabled={loading} type={status === 'published' ? 'primary' : 'default'}>
            {t(noticeId === null ? 'nt.manage.saveDraft' : 'nt.manage.save')}
          </Button>
          {status !== undefined && status !== 'published' && (
            <Button type="primary" loading={saving} disabled={loading} onClick={() => void saveAndPublish()}>
              {t('nt.manage.publish')}
            </Button>
          )}
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
          <div className="pm-notice-metadata">
            <Form.Item name="documentNumber" label={t('nt.manage.fields.documentNumber')} extra={t('nt.manage.fields.documentNumberHint')}>
              <Input maxLength={NOTICE_METADATA_MAX.documentNumber} allowClear />
            </Form.Item>
            <Form.Item name="indexNumber" label={t('nt.manage.fields.indexNumber')} extra={t('nt.manage.fields.indexNumberHint')}>
              <Input maxLength={NOTICE_METADATA_MAX.indexNumber} allowClear />
            </Form.Item>
            <Form.Item name="issuingBody" label={t('nt.manage.fields.issuingBody')} extra={t('nt.manage.fields.issuingBodyHint')}>
              <Input maxLength={NOTICE_METADATA_MAX.issuingBody} allowClear />
            </Form.Item>
            <Form.Item name="writtenOn" label={t('nt.manage.fields.writtenOn')} extra={t('nt.manage.fields.writtenOnHint')}>
              <DatePicker className="pm-notice-written-on" disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
            </Form.Item>
          </div>
          <Form.Item name="pinned" label={t('nt.manage.fields.pinned')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="bodyHtml" label={t('nt.manage.fields.body')}>
            <RichTextEditor key={editorKey} label={t('nt.manage.fields.body')} />
          </Form.Item>
          <Form.Item
            label={t('nt.manage.fields.attachments')}
            extra={
              <>
                {t('nt.manage.fields.attachmentsHint', { limit: readableUploadLimit() })}
                {noticeId === null && ` ${t('nt.manage.fields.attachmentsAutoSave')}`}
              </>
            }
          >
            <DocumentsField
              documents={noticeId === null ? [] : (notice.data?.attachments ?? [])}
              hrefOf={(document, disposition) => noticeAttachmentHref(noticeId ?? 0, document.id, disposition)}
              pending=""
              uploadLabel={t('nt.manage.upload')}
              onUpload={async (file, onProgress) => upload.mutateAsync({ id: await savedId(), file, onProgress })}
              onRemove={(document) => detach.mutateAsync({ id: noticeId!, attachmentId: document.id })}
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
