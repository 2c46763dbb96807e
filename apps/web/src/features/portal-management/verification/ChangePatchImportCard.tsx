import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Upload from 'antd/es/upload';
import type { UploadFile } from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import type { ImportItem, ImportResult } from '@eco/contracts/verification';
import { GEOJSON_MAX_BYTES, PATCH_MAPPING_KEYS, type PatchMapping, type PatchMappingKey } from '@eco/contracts/verification-sources';
import { useChangePatchImport } from '../../../api/verification-sources';
import '../../../i18n/verification-sources';

const MIB = GEOJSON_MAX_BYTES / 1024 / 1024;

/** Property names patch files commonly use for each value (lower case), tried in order to preselect the mapping. */
const GUESSES: Record<PatchMappingKey, readonly string[]> = {
  patchNumber: ['tbbh', '图斑编号', 'bh', '编号', 'patch_id', 'patchnumber', 'patch_no'],
  area: ['mj', 'tbmj', '面积', '图斑面积', 'area', 'area_ha'],
  beforeDate: ['qsx', '前时相', 'qsxrq', 'before', 'before_date'],
  afterDate: ['hsx', '后时相', 'hsxrq', 'after', 'after_date'],
  change: ['bhlx', '变化类型', 'pdjg', '判读结果', 'change', 'change_type'],
};

/** What the browser read of the chosen file: the number of features and their property names (in order of first appearance), or why it cannot be read. */
type Read = { features: number; properties: string[] } | { problem: 'tooLarge' | 'notCollection' } | { problem: 'notJson'; reason: string };

async function readGeoJson(file: File): Promise<Read> {
  if (file.size > GEOJSON_MAX_BYTES) return { problem: 'tooLarge' };
  let json: unknown;
  try {
    json = JSON.parse((await file.text()).replace(/^\uFEFF/, ''));
  } catch (error) {
    return { problem: 'notJson', reason: (error as Error).message };
  }
  const collection = json as { type?: unknown; features?: unknown } | null;
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) return { problem: 'notCollection' };
  const names = new Set<string>();
  for (const feature of collection.features as { properties?: unknown }[]) {
    const properties = feature?.properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) for (const name of Object.keys(properties)) names.add(name);
  }
  return { features: collection.features.length, properties: [...names] };
}

/** The mapping preselected for `properties`: for each value, the first common name the file has. */
function guessMapping(properties: readonly string[]): Partial<PatchMapping> {
  const mapping: Partial<PatchMapping> = {};
  for (const key of PATCH_MAPPING_KEYS) {
    const hit = GUESSES[key].map((g) => properties.find((p) => p.trim().toLowerCase() === g)).find(Boolean);
    if (hit) mapping[key] = hit;
  }
  return mapping;
}

const STATUS_COLOURS = { created: 'green', duplicate: 'gold', rejected: 'red' } as const;

/**
 * 导入遥感变化图斑 (province-level users; docs/verification.md §Change patches): choose a
 * `.geojson` / `.json` file, which the browser reads to list its property names; map them to the
 * patch number (required), area, dates and change (common names such as `TBBH`, `MJ`, `QSX`,
 * `HSX`, `BHLX` are preselected); import. Shows the counts and a table of the duplicate and
 * rejected features by their 1-based number, with the reason. A file the server refuses whole
 * (not a FeatureCollection, a bad mapping, another user's part) is reported by the request layer.
 */
export function ChangePatchImportCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PatchMapping>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [read, setRead] = useState<Read | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importPatches = useChangePatchImport();

  const choose = async (fileList: UploadFile[]) => {
    const chosen = fileList.slice(-1);
    setFiles(chosen);
    setResult(null);
    form.resetFields();
    const file = chosen[0]?.originFileObj;
    if (!file) {
      setRead(null);
      return;
    }
    const content = await readGeoJson(file);
    setRead(content);
    if ('properties' in content) form.setFieldsValue(guessMapping(content.properties));
  };

  const submit = (values: PatchMapping) => {
    const file = files[0]?.originFileObj;
    if (!file) return;
    const mapping = Object.fromEntries(Object.entries(values).filter(([, name]) => typeof name === 'string' && name !== '')) as PatchMapping;
    importPatches.mutate({ file, mapping }, { onSuccess: setResult });
  };

  const options = read && 'properties' in read ? read.properties.map((name) => ({ value: name, label: name })) : [];
  const problems = result?.items.filter((item) => item.status !== 'created') ?? [];
  const columns: ColumnsType<ImportItem> = [
    { title: t('verificationSources.patches.columns.feature'), dataIndex: 'line', width: 110 },
    {
      title: t('verificationSources.patches.columns.status'),
      key: 'status',
      width: 110,
      render: (_, item) => <Tag color={STATUS_COLOURS[item.status]}>{t(`verificationSources.patches.statuses.${item.status}`)}</Tag>,
    },
    { title: t('verificationSources.patches.columns.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '' },
    {
      title: t('verificationSources.patches.columns.task'),
      key: 'task',
      width: 160,
      render: (_, item) => (item.taskId ? t('verificationSources.patches.sameTask', { id: item.taskId }) : ''),
    },
  ];

  return (
    <Card title={t('verificationSources.patches.title')}>
      <p className="pm-field-note">{t('verificationSources.patches.intro')}</p>
      <Form<PatchMapping> form={form} layout="vertical" onFinish={submit} disabled={importPatches.isPending}>
        <Form.Item label={t('verificationSources.patches.file')} extra={t('verificationSources.patches.fileHelp')} required>
          <Upload
            accept=".geojson,.json,application/geo+json,application/json"
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => void choose(fileList)}
          >
            <Button icon={<UploadOutlined aria-hidden />}>{t('verificationSources.patches.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        {read && 'problem' in read ? (
          <Alert
            type="error"
            showIcon
            title={
              read.problem === 'notJson'
                ? t('verificationSources.patches.notJson', { reason: read.reason })
                : read.problem === 'tooLarge'
                  ? t('verificationSources.patches.tooLarge', { mib: MIB })
                  : t('verificationSources.patches.notCollection')
            }
          />
        ) : null}
        {read && 'properties' in read ? (
          <>
            <p>{t('verificationSources.patches.read', { features: read.features, properties: read.properties.length })}</p>
            {read.properties.length === 0 ? (
              <Alert type="warning" showIcon title={t('verificationSources.patches.noProperties')} />
            ) : (
              <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <legend style={{ fontSize: 'inherit', fontWeight: 600 }}>{t('verificationSources.patches.mapping')}</legend>
                {PATCH_MAPPING_KEYS.map((key) => (
                  <Form.Item
                    key={key}
                    name={key}
                    label={t(`verificationSources.patches.fields.${key}`)}
                    rules={key === 'patchNumber' ? [{ required: true, message: t('verificationSources.patches.patchNumberRequired') }] : []}
                  >
                    <Select
                      allowClear={key !== 'patchNumber'}
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder={key === 'patchNumber' ? undefined : t('verificationSources.patches.optional')}
                      options={options}
                      style={{ maxWidth: 320 }}
                    />
                  </Form.Item>
                ))}
              </fieldset>
            )}
            <Button type="primary" htmlType="submit" loading={importPatches.isPending} disabled={read.properties.length === 0}>
              {t('verificationSources.patches.import')}
            </Button>
          </>
        ) : null}
      </Form>
      {result ? (
        <section aria-label={t('verificationSources.patches.result')} style={{ marginTop: 24 }}>
          <Space size="large" wrap>
            {(['created', 'duplicate', 'outside', 'rejected'] as const).map((key) => (
              <Statistic key={key} title={t(`verificationSources.patches.counts.${key}`)} value={result[key]} />
            ))}
          </Space>
          <h4 style={{ marginTop: 16 }}>{t('verificationSources.patches.problems')}</h4>
          {problems.length === 0 ? (
            <p className="pm-field-note">{t('verificationSources.patches.noProblems')}</p>
          ) : (
            <Table<ImportItem> rowKey="line" size="small" columns={columns} dataSource={problems} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
          )}
        </section>
      ) : null}
    </Card>
  );
}
