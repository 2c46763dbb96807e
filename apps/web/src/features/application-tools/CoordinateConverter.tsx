import { useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import message from 'antd/es/message';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Upload from 'antd/es/upload';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import SwapOutlined from '@ant-design/icons/es/icons/SwapOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import '../../i18n/applications';
import './coordinate-converter.css';
import { convertCsv, convertPoint, CRS_LIST, parseCsv, problemOf, type ConvertedCsv, type Crs, type ParsedCsv } from './coordinates';

/** The largest CSV file read in the page, bytes (a few hundred thousand rows). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const PREVIEW_ROWS = 10;

function CrsPair({ from, to, onChange }: { from: Crs; to: Crs; onChange: (from: Crs, to: Crs) => void }) {
  const { t } = useTranslation();
  const options = CRS_LIST.map((crs) => ({ value: crs, label: t(`apps.tools.coordinates.crs.${crs}`) }));
  return (
    <Space wrap className="coord-crs">
      <div className="coord-field">
        <span aria-hidden="true">{t('apps.tools.coordinates.from')}</span>
        <Select<Crs>
          value={from}
          options={options}
          onChange={(value) => onChange(value, to)}
          aria-label={t('apps.tools.coordinates.from')}
          className="coord-select"
        />
      </div>
      <Button
        icon={<SwapOutlined aria-hidden />}
        onClick={() => onChange(to, from)}
        aria-label={t('apps.tools.coordinates.swap')}
        title={t('apps.tools.coordinates.swap')}
      />
      <div className="coord-field">
        <span aria-hidden="true">{t('apps.tools.coordinates.to')}</span>
        <Select<Crs>
          value={to}
          options={options}
          onChange={(value) => onChange(from, value)}
          aria-label={t('apps.tools.coordinates.to')}
          className="coord-select"
        />
      </div>
    </Space>
  );
}

function SinglePoint() {
  const { t } = useTranslation();
  const [crs, setCrs] = useState<{ from: Crs; to: Crs }>({ from: 'WGS84', to: 'GCJ02' });
  const [lng, setLng] = useState<number | null>(108.94237);
  const [lat, setLat] = useState<number | null>(34.26101);
  const problem = lng === null || lat === null ? 'not_a_number' : problemOf(lng, lat);
  const result = problem === null ? convertPoint(lng!, lat!, crs.from, crs.to) : null;
  const text = result ? `${result[0]},${result[1]}` : '';
  return (
    <div className="coord-single">
      <CrsPair from={crs.from} to={crs.to} onChange={(from, to) => setCrs({ from, to })} />
      <Space wrap>
        <div className="coord-field">
          <span aria-hidden="true">{t('apps.tools.coordinates.lng')}</span>
          <InputNumber<number>
            value={lng}
            onChange={setLng}
            min={-180}
            max={180}
            step={0.000001}
            stringMode={false}
            className="coord-number"
            aria-label={t('apps.tools.coordinates.lng')}
          />
        </div>
        <div className="coord-field">
          <span aria-hidden="true">{t('apps.tools.coordinates.lat')}</span>
          <InputNumber<number>
            value={lat}
            onChange={setLat}
            min={-90}
            max={90}
            step={0.000001}
            className="coord-number"
            aria-label={t('apps.tools.coordinates.lat')}
          />
        </div>
      </Space>
      <div className="coord-result" aria-live="polite">
        <span className="coord-result-label">{t('apps.tools.coordinates.result')}</span>
        {result ? (
          <>
            <output className="coord-result-value" data-testid="coord-result">
              {text}
            </output>
            <Button size="small" onClick={() => void navigator.clipboard?.writeText(text).then(() => message.success(t('apps.tools.coordinates.copied')))}>
              {t('apps.tools.coordinates.copy')}
            </Button>
          </>
        ) : (
          <span className="coord-problem">{t(`apps.tools.coordinates.problems.${problem!}`)}</span>
        )}
      </div>
    </div>
  );
}

/** Offers `text` as a file download (UTF-8 with a byte-order mark, so spreadsheet programs read Chinese correctly). */
function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Batch() {
  const { t } = useTranslation();
  const [crs, setCrs] = useState<{ from: Crs; to: Crs }>({ from: 'WGS84', to: 'GCJ02' });
  const [text, setText] = useState('');
  const [columns, setColumns] = useState<{ lng: number; lat: number } | null>(null);
  const [result, setResult] = useState<ConvertedCsv | null>(null);
  const [error, setError] = useState<string | null>(null);

  const parsed = useMemo((): ParsedCsv | null => {
    try {
      return text.trim() ? parseCsv(text) : null;
    } catch {
      return null;
    }
  }, [text]);
  const lngColumn = columns?.lng ?? parsed?.lngColumn ?? -1;
  const latColumn = columns?.lat ?? parsed?.latColumn ?? -1;
  const columnOptions = (parsed?.header ?? []).map((name, index) => ({ value: index, label: name || `#${index + 1}` }));

  const changeText = (value: string) => {
    setText(value);
    setColumns(null);
    setResult(null);
    setError(null);
  };
  const convert = () => {
    if (!parsed) return setError(t('apps.tools.coordinates.emptyCsv'));
    if (lngColumn < 0 || latColumn < 0) return setError(t('apps.tools.coordinates.chooseColumns'));
    setError(null);
    setResult(convertCsv(parsed, lngColumn, latColumn, crs.from, crs.to));
  };

  return (
    <div className="coord-batch">
      <p className="coord-hint">{t('apps.tools.coordinates.csvHint')}</p>
      <CrsPair
        from={crs.from}
        to={crs.to}
        onChange={(from, to) => {
          setCrs({ from, to });
          setResult(null);
        }}
      />
      <Input.TextArea
        value={text}
        onChange={(event) => changeText(event.target.value)}
        autoSize={{ minRows: 5, maxRows: 12 }}
        placeholder={t('apps.tools.coordinates.csvPlaceholder')}
        aria-label={t('apps.tools.coordinates.batch')}
        className="coord-csv"
        spellCheck={false}
      />
      <Space wrap>
        <Upload
          accept=".csv,text/csv,text/plain"
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > MAX_FILE_BYTES) {
              setError(t('apps.tools.coordinates.fileTooLarge', { size: MAX_FILE_BYTES / 1024 / 1024 }));
            } else {
              void file.text().then(changeText);
            }
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('apps.tools.coordinates.chooseFile')}</Button>
        </Upload>
        {parsed && (
          <>
            <div className="coord-field">
              <span aria-hidden="true">{t('apps.tools.coordinates.lngColumn')}</span>
              <Select<number>
                value={lngColumn >= 0 ? lngColumn : undefined}
                options={columnOptions}
                onChange={(value) => setColumns({ lng: value, lat: latColumn })}
                aria-label={t('apps.tools.coordinates.lngColumn')}
                className="coord-select"
              />
            </div>
            <div className="coord-field">
              <span aria-hidden="true">{t('apps.tools.coordinates.latColumn')}</span>
              <Select<number>
                value={latColumn >= 0 ? latColumn : undefined}
                options={columnOptions}
                onChange={(value) => setColumns({ lng: lngColumn, lat: value })}
                aria-label={t('apps.tools.coordinates.latColumn')}
                className="coord-select"
              />
            </div>
          </>
        )}
        <Button type="primary" onClick={convert}>
          {t('apps.tools.coordinates.convert')}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon title={error} />}
      {result && (
        <div className="coord-output">
          <Space wrap className="coord-output-head">
            <Alert
              type={result.problems.length > 0 ? 'warning' : 'success'}
              showIcon
              title={t('apps.tools.coordinates.summary', { converted: result.converted, failed: result.problems.length })}
            />
            <Button icon={<DownloadOutlined aria-hidden />} onClick={() => downloadCsv(result.csv, `coordinates-${crs.to.toLowerCase()}.csv`)}>
              {t('apps.tools.coordinates.download')}
            </Button>
          </Space>
          {result.problems.length > 0 && (
            <ul className="coord-problems">
              {result.problems.slice(0, 20).map((p) => (
                <li key={p.line}>{t('apps.tools.coordinates.problemLine', { line: p.line, problem: t(`apps.tools.coordinates.problems.${p.problem}`) })}</li>
              ))}
            </ul>
          )}
          <h4 className="coord-preview-title">{t('apps.tools.coordinates.preview', { count: Math.min(PREVIEW_ROWS, result.rows.length) })}</h4>
          <Table<string[]>
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            rowKey={(_, index) => String(index)}
            dataSource={result.rows.slice(0, PREVIEW_ROWS)}
            columns={result.header.map((name, index) => ({ title: name, key: index, render: (_: unknown, row: string[]) => row[index] }))}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The coordinate converter of /application-tools: one point, or a pasted or chosen CSV file,
 * between WGS-84, GCJ-02 and BD-09 (./coordinates.ts, the `gcoord` library), in the page; the
 * batch result is previewed and downloadable as CSV.
 */
export function CoordinateConverter() {
  const { t } = useTranslation();
  return (
    <Panel title={t('apps.tools.coordinates.title')} className="tool-panel coord-panel">
      <p className="tool-intro">{t('apps.tools.coordinates.intro')}</p>
      <Tabs
        items={[
          { key: 'single', label: t('apps.tools.coordinates.single'), children: <SinglePoint /> },
          { key: 'batch', label: t('apps.tools.coordinates.batch'), children: <Batch /> },
        ]}
      />
    </Panel>
  );
}
