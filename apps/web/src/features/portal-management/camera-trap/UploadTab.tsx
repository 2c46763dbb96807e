import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Progress from 'antd/es/progress';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { CAMERA_TRAP_IMAGE_MAX_BYTES, SCIENTIFIC_NAME_PATTERN } from '@eco/contracts/camera-trap';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadPhoto, useCameraTraps, useUploadReload } from '../../../api/camera-trap';
import '../../../i18n/camera-trap';
import '../../../i18n/notices';
import { formatBytes, sizeLimitExceeded } from '../../../request/upload-limit';

type State = 'waiting' | 'uploading' | 'done' | 'duplicate' | 'failed';

interface Row {
  key: string;
  file: File;
  state: State;
  damaged: boolean;
  error?: string;
}

const STATE_COLOURS: Record<State, string> = { waiting: 'default', uploading: 'processing', done: 'success', duplicate: 'default', failed: 'error' };

/** The words of a failed upload: the server's message (the request layer's error carries it). */
function reasonOf(error: unknown): string {
  const info = (error as { info?: { errorMessage?: string } }).info;
  return info?.errorMessage ?? (error instanceof Error ? error.message : String(error));
}

/**
 * 批量上传: the photos of an SD card for one camera trap. The reviewer chooses the camera trap and
 * (optionally) the AI label and confidence for the whole batch, picks any number of files, and
 * sends them one request per file; each row shows its own state (waiting, uploading, in the
 * queue, already uploaded, failed with the server's reason) and 已损坏 for a damaged file, and the
 * bar the share done. A failure does not stop the batch. The time taken is the file's
 * modification time, which cameras set when they write the photo.
 */
export function UploadTab() {
  const { t } = useTranslation();
  const traps = useCameraTraps();
  const reload = useUploadReload();
  const [form] = Form.useForm<{ thingId?: number; scientificName?: string; confidence?: number | null }>();
  const [rows, setRows] = useState<Row[]>([]);
  const [running, setRunning] = useState(false);
  const seen = useRef(new Set<string>());

  const patch = (key: string, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const start = async () => {
    const { thingId, scientificName, confidence } = await form.validateFields();
    if (!thingId) return;
    setRunning(true);
    for (const row of rows.filter((r) => r.state === 'waiting' || r.state === 'failed')) {
      // over the limit: refused here, before a byte is sent (the server would refuse it too)
      const limit = sizeLimitExceeded(row.file, CAMERA_TRAP_IMAGE_MAX_BYTES);
      if (limit !== null) {
        patch(row.key, {
          state: 'failed',
          error: t('nt.documents.tooLarge', { limit: formatBytes(limit), name: row.file.name, size: formatBytes(row.file.size) }),
        });
        continue;
      }
      patch(row.key, { state: 'uploading', error: undefined });
      try {
        const result = await uploadPhoto(thingId, row.file, {
          scientificName: scientificName?.trim() || undefined,
          confidence: confidence ?? undefined,
          takenAt: dayjs(row.file.lastModified).format('YYYY-MM-DDTHH:mm:ssZ'),
        });
        patch(row.key, { state: result.duplicate ? 'duplicate' : 'done', damaged: result.damaged });
      } catch (error) {
        patch(row.key, { state: 'failed', error: reasonOf(error) });
      }
    }
    setRunning(false);
    await reload();
  };

  const finished = rows.filter((r) => r.state === 'done' || r.state === 'duplicate' || r.state === 'failed').length;
  const damaged = rows.filter((r) => r.damaged).length;
  const failed = rows.filter((r) => r.state === 'failed').length;

  if (traps.data && traps.data.items.length === 0) return <Alert type="info" showIcon title={t('cameraTrap.upload.noCameraTraps')} />;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Form form={form} layout="vertical" className="ct-upload-form" disabled={running}>
        <Form.Item name="thingId" label={t('cameraTrap.upload.thing')} rules={[{ required: true, message: t('cameraTrap.upload.noThing') }]}>
          <Select
            placeholder={t('cameraTrap.upload.thingPlaceholder')}
            loading={traps.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(traps.data?.items ?? []).map((th) => ({ value: th.id, label: `${th.name} (${th.code})` }))}
          />
        </Form.Item>
        <Space wrap size="middle" align="start">
          <Form.Item
            name="scientificName"
            label={t('cameraTrap.upload.label')}
            rules={[{ pattern: new RegExp(SCIENTIFIC_NAME_PATTERN), message: t('cameraTrap.upload.labelPlaceholder') }]}
          >
            <Input placeholder={t('cameraTrap.upload.labelPlaceholder')} style={{ width: 280, maxWidth: '100%' }} />
          </Form.Item>
          <Form.Item name="confidence" label={t('cameraTrap.upload.confidence')}>
            <InputNumber min={0} max={1} step={0.01} style={{ width: 140 }} />
          </Form.Item>
        </Space>
      </Form>
      <Upload
        multiple
        accept="image/*"
        showUploadList={false}
        disabled={running}
        beforeUpload={(file) => {
          const key = `${file.name}|${file.size}|${file.lastModified}`;
          if (!seen.current.has(key)) {
            seen.current.add(key);
            setRows((all) => [...all, { key, file, state: 'waiting', damaged: false }]);
          }
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{t('cameraTrap.upload.pick')}</Button>
      </Upload>
      <div className="ct-muted">{t('cameraTrap.upload.hint')}</div>
      {rows.length > 0 && (
        <>
          <Space wrap>
            <Button type="primary" loading={running} disabled={!rows.some((r) => r.state === 'waiting' || r.state === 'failed')} onClick={() => void start()}>
              {t('cameraTrap.upload.start')}
            </Button>
            <Button
              disabled={running}
              onClick={() => {
                setRows([]);
                seen.current.clear();
              }}
            >
              {t('cameraTrap.upload.clear')}
            </Button>
          </Space>
          <Progress percent={Math.round((finished / rows.length) * 100)} status={running ? 'active' : failed > 0 ? 'exception' : undefined} />
          <div className="ct-muted">{t('cameraTrap.upload.summary', { done: finished, total: rows.length, damaged, failed })}</div>
          <Table<Row>
            size="small"
            rowKey="key"
            dataSource={rows}
            pagination={false}
            scroll={{ x: 480 }}
            columns={[
              { title: t('cameraTrap.upload.file'), key: 'file', ellipsis: true, render: (_: unknown, r) => r.file.name },
              {
                title: t('cameraTrap.upload.result'),
                key: 'state',
                width: 260,
                render: (_: unknown, r) => (
                  <Space size={4} wrap>
                    <Tag color={STATE_COLOURS[r.state]}>{t(`cameraTrap.upload.${r.state}`)}</Tag>
                    {r.damaged && <Tag color="error">{t('cameraTrap.damaged')}</Tag>}
                    {r.error && <span className="ct-error">{r.error}</span>}
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
    </Space>
  );
}
