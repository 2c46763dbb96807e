import { useState } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { TOOL_ACCEPT, TOOL_LIMITS, TOOL_PLATFORMS, TOOL_VERSION_PATTERN, type Tool, type ToolInput } from '@eco/contracts/tools';
import { useTranslation } from 'react-i18next';
import { useManagedTools, useToolMutations } from '../../../api/tools';
import '../../../i18n/applications';
import { formatTime } from '../format';
import '../applications/applications-section.css';

/** Bytes as people read them (1 KB = 1024 B). */
const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * 工具管理 (editors and administrators): the downloadable tools with their versions; adding and
 * editing a tool; uploading a new version (version, release notes, file), whose SHA-256 and size
 * the server computes. Earlier versions stay listed and downloadable.
 */
export default function ToolsSection() {
  const { t } = useTranslation();
  const tools = useManagedTools();
  const { create, update, upload } = useToolMutations();
  const saving = create.isPending || update.isPending;
  const [editing, setEditing] = useState<{ open: boolean; tool: Tool | null }>({ open: false, tool: null });
  const [uploading, setUploading] = useState<Tool | null>(null);
  const [toolForm] = Form.useForm<ToolInput>();
  const [versionForm] = Form.useForm<{ version: string; releaseNotes: string }>();
  const [files, setFiles] = useState<UploadFile[]>([]);

  const openEditor = (tool: Tool | null) => {
    toolForm.resetFields();
    toolForm.setFieldsValue(tool ? { name: tool.name, platform: tool.platform, description: tool.description } : { platform: 'windows', description: '' });
    setEditing({ open: true, tool });
  };
  const openUpload = (tool: Tool) => {
    versionForm.resetFields();
    setFiles([]);
    setUploading(tool);
  };

  const columns: ColumnsType<Tool> = [
    { title: t('apps.toolsManage.name'), key: 'name', render: (_, tool) => <strong>{tool.name}</strong> },
    { title: t('apps.toolsManage.platform'), key: 'platform', render: (_, tool) => <Tag>{t(`apps.tools.downloads.platforms.${tool.platform}`)}</Tag> },
    {
      title: t('apps.toolsManage.latest'),
      key: 'latest',
      render: (_, tool) =>
        tool.latest ? (
          <span>
            v{tool.latest.version} · {size(tool.latest.size)} ·{' '}
            <code className="pm-mono" title={tool.latest.sha256}>
              {tool.latest.sha256.slice(0, 12)}…
            </code>
          </span>
        ) : (
          <span className="pm-field-note">{t('apps.toolsManage.none')}</span>
        ),
    },
    { title: t('apps.toolsManage.versions'), key: 'versions', responsive: ['md'], render: (_, tool) => tool.versions.map((v) => v.version).join('、') },
    { title: t('apps.manage.columns.updatedAt'), key: 'updatedAt', responsive: ['lg'], render: (_, tool) => formatTime(tool.updatedAt) },
    {
      title: t('apps.manage.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, tool) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => openUpload(tool)} aria-label={`${t('apps.toolsManage.upload')} ${tool.name}`}>
            {t('apps.toolsManage.upload')}
          </Button>
          <Button type="link" size="small" onClick={() => openEditor(tool)} aria-label={`${t('apps.manage.edit')} ${tool.name}`}>
            {t('apps.manage.edit')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <div className="pm-apps-head">
        <p className="pm-apps-intro">{t('apps.toolsManage.intro')}</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openEditor(null)}>
          {t('apps.toolsManage.add')}
        </Button>
      </div>
      <Table<Tool> rowKey="id" columns={columns} dataSource={tools.data ?? []} loading={tools.isPending} pagination={false} scroll={{ x: 'max-content' }} />

      <Drawer
        open={editing.open}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        title={editing.tool ? t('apps.toolsManage.editTitle') : t('apps.toolsManage.addTitle')}
        size={480}
        footer={
          <Space className="drawer-footer">
            <Button onClick={() => setEditing((e) => ({ ...e, open: false }))}>{t('pm.common.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => toolForm.submit()}>
              {t('pm.common.save')}
            </Button>
          </Space>
        }
      >
        <Form<ToolInput>
          form={toolForm}
          layout="vertical"
          onFinish={(values) => {
            const body: ToolInput = { name: values.name, platform: values.platform, description: values.description ?? '' };
            const saved = editing.tool ? update.mutateAsync({ id: editing.tool.id, body }) : create.mutateAsync(body);
            // a refusal has been shown by the request layer; the drawer stays open to correct it
            void saved.then(
              () => {
                void message.success(t(editing.tool ? 'pm.done.toolUpdated' : 'pm.done.toolCreated', { name: body.name }));
                setEditing((e) => ({ ...e, open: false }));
              },
              () => undefined,
            );
          }}
        >
          <Form.Item
            name="name"
            label={t('apps.toolsManage.name')}
            rules={[{ required: true, whitespace: true, message: t('apps.toolsManage.required', { field: t('apps.toolsManage.name') }) }]}
          >
            <Input maxLength={TOOL_LIMITS.name} showCount />
          </Form.Item>
          <Form.Item name="platform" label={t('apps.toolsManage.platform')}>
            <Select options={TOOL_PLATFORMS.map((p) => ({ value: p, label: t(`apps.tools.downloads.platforms.${p}`) }))} />
          </Form.Item>
          <Form.Item name="description" label={t('apps.toolsManage.description')}>
            <Input.TextArea maxLength={TOOL_LIMITS.description} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Drawer>

      <Drawer
        open={uploading !== null}
        onClose={() => setUploading(null)}
        title={uploading ? t('apps.toolsManage.uploadTitle', { name: uploading.name }) : ''}
        size={480}
        footer={
          <Space className="drawer-footer">
            <Button onClick={() => setUploading(null)}>{t('pm.common.cancel')}</Button>
            <Button type="primary" loading={upload.isPending} onClick={() => versionForm.submit()}>
              {t('apps.toolsManage.upload')}
            </Button>
          </Space>
        }
      >
        <Form
          form={versionForm}
          layout="vertical"
          onFinish={(values) => {
            const file = files[0]?.originFileObj;
            if (!uploading || !file) return;
            void upload.mutateAsync({ id: uploading.id, upload: { version: values.version.trim(), releaseNotes: values.releaseNotes ?? '', file } }).then(
              (tool) => {
                void message.success(t('apps.toolsManage.uploaded', { sha: tool.latest?.sha256 ?? '' }));
                setUploading(null);
              },
              () => undefined,
            );
          }}
        >
          <Form.Item
            name="version"
            label={t('apps.toolsManage.version')}
            extra={t('apps.toolsManage.versionHelp')}
            rules={[
              { required: true, message: t('apps.toolsManage.required', { field: t('apps.toolsManage.version') }) },
              { pattern: new RegExp(TOOL_VERSION_PATTERN), message: t('apps.toolsManage.invalidVersion') },
            ]}
          >
            <Input maxLength={TOOL_LIMITS.version} spellCheck={false} />
          </Form.Item>
          <Form.Item name="releaseNotes" label={t('apps.toolsManage.releaseNotes')}>
            <Input.TextArea maxLength={TOOL_LIMITS.releaseNotes} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item
            label={t('apps.toolsManage.file')}
            extra={t('apps.toolsManage.fileHelp')}
            required
            validateStatus={files.length === 0 && versionForm.isFieldsTouched() ? 'error' : undefined}
          >
            <Upload accept={TOOL_ACCEPT} maxCount={1} fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList.slice(-1))}>
              <Button icon={<UploadOutlined aria-hidden />}>{t('apps.toolsManage.chooseFile')}</Button>
            </Upload>
          </Form.Item>
        </Form>
      </Drawer>
    </div>
  );
}
