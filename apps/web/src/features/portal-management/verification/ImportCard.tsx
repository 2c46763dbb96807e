import { useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import type { ImportItem, ImportResult } from '@eco/contracts/verification';
import { useTranslation } from 'react-i18next';
import { useVerificationMutations } from '../../../api/verification';

const ITEM_COLOURS = { created: 'green', duplicate: 'default', rejected: 'red' } as const;

/**
 * 卫星热点导入 (province-level users): a NASA FIRMS active-fire CSV chosen from disk, sent as it is
 * (`text/csv`), or the bundled sample with one click; then the counts and every created,
 * duplicate or rejected row with its line and reason (docs/verification.md §FIRMS import).
 */
export function ImportCard() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { importHotspots, importSample } = useVerificationMutations();
  const [result, setResult] = useState<ImportResult | null>(null);

  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setResult(await importHotspots.mutateAsync(await file.text()));
  };

  return (
    <Card title={t('verification.import.firmsTitle')}>
      <p className="vf-hint">{t('verification.import.firmsHint')}</p>
      <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={(event) => void upload(event.target.files?.[0])} />
      <Space wrap>
        <Button icon={<UploadOutlined aria-hidden />} loading={importHotspots.isPending} onClick={() => input.current?.click()}>
          {t('verification.import.chooseFile')}
        </Button>
        <Button type="primary" loading={importSample.isPending} onClick={() => void importSample.mutateAsync().then(setResult)}>
          {t('verification.import.sample')}
        </Button>
      </Space>
      <p className="vf-hint">{t('verification.import.sampleHint')}</p>
      {result && (
        <>
          <Alert type={result.rejected > 0 ? 'warning' : 'success'} showIcon title={t('verification.import.result', result)} className="vf-result" />
          <Table<ImportItem>
            rowKey="line"
            size="small"
            dataSource={result.items}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { title: t('verification.import.line'), dataIndex: 'line', width: 80 },
              {
                title: t('verification.import.itemStatus'),
                dataIndex: 'status',
                width: 100,
                render: (s: ImportItem['status']) => <Tag color={ITEM_COLOURS[s]}>{t(`verification.import.${s}`)}</Tag>,
              },
              { title: t('verification.columns.division'), dataIndex: 'divisionCode', width: 100, render: (v: string | null) => v ?? '—' },
              { title: t('verification.import.task'), dataIndex: 'taskId', width: 80, render: (v: number | null) => (v === null ? '—' : `#${v}`) },
              { title: t('verification.import.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
            ]}
          />
        </>
      )}
    </Card>
  );
}
