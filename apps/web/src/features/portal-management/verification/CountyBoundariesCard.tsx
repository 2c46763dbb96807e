import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import type { CountyBoundary } from '@eco/contracts/verification-sources';
import { useCountyBoundaries, useCountyBoundaryMutations } from '../../../api/verification-sources';
import '../../../i18n/verification-sources';
import { formatTime } from '../format';

/**
 * 县级行政区边界 (administrators; docs/verification.md §County boundaries): how many of the
 * province's counties have a boundary loaded, and which (code, name, city, tasks lying there, when
 * and by whom uploaded); upload a GeoJSON FeatureCollection replacing them (optionally naming the
 * property of the 6-digit codes), and remove them all after a confirmation. The server checks every
 * feature and refuses a bad file whole, naming the features; the request layer shows that message.
 */
export function CountyBoundariesCard() {
  const { t } = useTranslation();
  const list = useCountyBoundaries();
  const { upload, remove } = useCountyBoundaryMutations();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [codeProperty, setCodeProperty] = useState('');
  const [modal, modalHolder] = Modal.useModal();

  const send = () => {
    const file = files[0]?.originFileObj;
    if (!file) return;
    upload.mutate(
      { file, codeProperty },
      {
        onSuccess: (loaded) => {
          void message.success(t('verificationSources.counties.uploaded', { loaded: loaded.loaded, relocated: loaded.relocated }));
          setFiles([]);
        },
      },
    );
  };

  const confirmRemove = () => {
    void modal.confirm({
      title: t('verificationSources.counties.removeTitle'),
      content: t('verificationSources.counties.removeContent'),
      okButtonProps: { danger: true },
      okText: t('verificationSources.counties.remove'),
      onOk: () =>
        remove.mutateAsync().then(
          (removed) => void message.success(t('verificationSources.counties.removed', { removed: removed.removed, relocated: removed.relocated })),
          () => undefined,
        ),
    });
  };

  const columns: ColumnsType<CountyBoundary> = [
    { title: t('verificationSources.counties.columns.code'), dataIndex: 'code', render: (code: string) => <code className="pm-mono">{code}</code> },
    { title: t('verificationSources.counties.columns.name'), dataIndex: 'name' },
    { title: t('verificationSources.counties.columns.city'), dataIndex: 'cityName' },
    { title: t('verificationSources.counties.columns.tasks'), dataIndex: 'tasks', align: 'right' },
    { title: t('verificationSources.counties.columns.uploadedAt'), dataIndex: 'uploadedAt', responsive: ['md'], render: (at: string) => formatTime(at) },
    { title: t('verificationSources.counties.columns.uploadedBy'), dataIndex: 'uploadedBy', responsive: ['lg'], render: (by: string | null) => by ?? '' },
  ];

  const loaded = list.data?.loaded ?? 0;
  return (
    <Card
      title={t('verificationSources.counties.title')}
      extra={
        <Button danger disabled={loaded === 0} loading={remove.isPending} onClick={confirmRemove}>
          {t('verificationSources.counties.remove')}
        </Button>
      }
    >
      {modalHolder}
      <p className="pm-field-note">{t('verificationSources.counties.intro')}</p>
      <Form layout="vertical" onFinish={send} disabled={upload.isPending}>
        <Form.Item label={t('verificationSources.counties.file')} extra={t('verificationSources.counties.fileHelp')} required>
          <Upload
            accept=".geojson,.json,application/geo+json,application/json"
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{t('verificationSources.counties.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item label={t('verificationSources.counties.codeProperty')} extra={t('verificationSources.counties.codePropertyHelp')}>
          <Input
            value={codeProperty}
            onChange={(event) => setCodeProperty(event.target.value)}
            maxLength={100}
            placeholder="code / adcode / county_code / division_code"
            spellCheck={false}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={upload.isPending} disabled={files.length === 0}>
          {t('verificationSources.counties.upload')}
        </Button>
      </Form>
      <p style={{ marginTop: 24 }}>
        {loaded === 0 && list.data
          ? t('verificationSources.counties.none')
          : t('verificationSources.counties.summary', { loaded, counties: list.data?.counties ?? 0 })}
      </p>
      <Table<CountyBoundary>
        rowKey="code"
        size="small"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    </Card>
  );
}
