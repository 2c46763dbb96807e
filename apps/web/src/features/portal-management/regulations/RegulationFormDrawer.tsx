import { useLayoutEffect } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Grid from 'antd/es/grid';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import dayjs, { type Dayjs } from 'dayjs';
import { REGULATION_CODE_PATTERN } from '@eco/contracts/regulation-code';
import { REGULATION_TEXT_MAX, type RegulationInput } from '@eco/contracts/regulations';
import { useTranslation } from 'react-i18next';
import { regulationDocumentHref, useRegulation, useRegulationMutations } from '../../../api/regulations';
import { DocumentsField } from '../DocumentsField';
import { readableUploadLimit } from '../../../request/upload-limit';
import { RegulationStatusTag } from '../../../components/RegulationStatusTag';
import './regulations-section.css';

interface Values {
  code: string;
  title: string;
  category: string;
  issuer: string;
  issuedOn: Dayjs | null;
  effectiveOn: Dayjs | null;
  replacesCode: string;
  abolishedOn: Dayjs | null;
}

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

/**
 * Adding or editing a regulation in a drawer: code (checked against the usual forms, unique on the
 * server), title, category, issuer, dates, the code it replaces, a repeal date when it is retired
 * without replacement, and (once saved) its documents. Status is shown, never typed: it follows
 * from the dates and replacements.
 */
export function RegulationFormDrawer({
  open,
  regulationId,
  onClose,
  onSaved,
}: {
  open: boolean;
  regulationId: number | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const { create, update, upload, detach } = useRegulationMutations();
  const regulation = useRegulation(open ? regulationId : null);
  const loading = regulationId !== null && regulation.isPending;

  // before the browser paints the opened form, so nothing typed into it can be overwritten
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    const r = regulation.data;
    if (regulationId !== null && r) {
      form.setFieldsValue({
        code: r.code,
        title: r.title,
        category: r.category,
        issuer: r.issuer,
        issuedOn: r.issuedOn ? dayjs(r.issuedOn) : null,
        effectiveOn: r.effectiveOn ? dayjs(r.effectiveOn) : null,
        replacesCode: r.replacesCode ?? '',
        abolishedOn: r.abolishedOn ? dayjs(r.abolishedOn) : null,
      });
    }
  }, [open, regulationId, regulation.data, form]);

  const onFinish = async (values: Values) => {
    const body: RegulationInput = {
      code: values.code.trim(),
      title: values.title.trim(),
      category: values.category.trim(),
      issuer: values.issuer.trim(),
      issuedOn: day(values.issuedOn),
      effectiveOn: day(values.effectiveOn),
      replacesCode: values.replacesCode?.trim() || null,
      abolishedOn: day(values.abolishedOn),
    };
    try {
      const saved = regulationId === null ? await create.mutateAsync(body) : await update.mutateAsync({ id: regulationId, body });
      void message.success(t('nt.regulations.saved'));
      onSaved(saved.id);
    } catch {
      // the request layer has said why (e.g. 该标准编号已存在); the drawer stays open
    }
  };

  const codeRule = { pattern: REGULATION_CODE_PATTERN, message: t('nt.regulations.fields.codeInvalid') };
  const text = [{ required: true, whitespace: true }, { max: REGULATION_TEXT_MAX }];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t(regulationId === null ? 'nt.regulations.drawerCreate' : 'nt.regulations.drawerEdit')}
      size={screens.md ? 640 : '100%'}
      destroyOnHidden
      footer={
        <Space className="pm-drawer-footer">
          <Button onClick={onClose}>{t('nt.manage.cancel')}</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()} disabled={loading}>
            {t('nt.manage.save')}
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
          {regulation.data && regulationId !== null && (
            <p>
              <RegulationStatusTag status={regulation.data.status} />
            </p>
          )}
          <Form.Item name="code" label={t('nt.regulations.fields.code')} extra={t('nt.regulations.fields.codeHint')} rules={[{ required: true }, codeRule]}>
            <Input className="pm-mono" placeholder="LY/T 2581-2016" />
          </Form.Item>
          <Form.Item name="title" label={t('nt.regulations.fields.title')} rules={text}>
            <Input maxLength={REGULATION_TEXT_MAX} />
          </Form.Item>
          <div className="regulation-form-row">
            <Form.Item name="category" label={t('nt.regulations.fields.category')} rules={text}>
              <Input maxLength={REGULATION_TEXT_MAX} />
            </Form.Item>
            <Form.Item name="issuer" label={t('nt.regulations.fields.issuer')} rules={text}>
              <Input maxLength={REGULATION_TEXT_MAX} />
            </Form.Item>
          </div>
          <div className="regulation-form-row">
            <Form.Item name="issuedOn" label={t('nt.regulations.fields.issuedOn')}>
              <DatePicker />
            </Form.Item>
            <Form.Item
              name="effectiveOn"
              label={t('nt.regulations.fields.effectiveOn')}
              dependencies={['issuedOn']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: Dayjs | null) => {
                    const issued = getFieldValue('issuedOn') as Dayjs | null;
                    return !value || !issued || !value.isBefore(issued, 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error(`${t('nt.regulations.fields.effectiveOn')} < ${t('nt.regulations.fields.issuedOn')}`));
                  },
                }),
              ]}
            >
              <DatePicker />
            </Form.Item>
          </div>
          <Form.Item name="replacesCode" label={t('nt.regulations.fields.replacesCode')} extra={t('nt.regulations.fields.replacesHint')} rules={[codeRule]}>
            <Input className="pm-mono" allowClear placeholder="GB/T 28181-2016" />
          </Form.Item>
          <Form.Item name="abolishedOn" label={t('nt.regulations.fields.abolishedOn')} extra={t('nt.regulations.fields.abolishedHint')}>
            <DatePicker />
          </Form.Item>
          <Form.Item label={t('nt.regulations.fields.documents')} extra={t('nt.manage.fields.attachmentsHint', { limit: readableUploadLimit() })}>
            <DocumentsField
              documents={regulationId === null || !regulation.data ? null : regulation.data.documents}
              hrefOf={(document, disposition) => regulationDocumentHref(regulationId ?? 0, document.id, disposition)}
              pending={t('nt.regulations.fields.documentsAfterSave')}
              uploadLabel={t('nt.regulations.upload')}
              onUpload={(file, onProgress) => upload.mutateAsync({ id: regulationId!, file, onProgress })}
              onRemove={(document) => detach.mutateAsync({ id: regulationId!, documentId: document.id })}
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
