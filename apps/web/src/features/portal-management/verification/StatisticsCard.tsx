import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import type { Dayjs } from 'dayjs';
import type { VerificationKind } from '@eco/contracts/verification';
import type { StatisticsRow } from '@eco/contracts/verification-figures';
import { useTranslation } from 'react-i18next';
import { statisticsCsvHref, useVerificationStatistics } from '../../../api/verification';
import { currentLocale } from '../../../i18n/i18n';
import { StatisticsChart } from './StatisticsChart';

/** The province's own code: the total row of each kind. */
const PROVINCE = '610000';

/**
 * 统计分析: per kind and city, what was found, dispatched, fed back, closed and is overdue, and the
 * median hours to feedback (the server's figures, docs/verification.md §Figures), per city or per
 * county (where county boundaries are loaded), for a period of detection dates; a bar chart of the cities beside the table.
 */
export function StatisticsCard({ kinds }: { kinds: VerificationKind[] }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const [kind, setKind] = useState('hotspot');
  const [level, setLevel] = useState<'city' | 'county'>('city');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const from = range?.[0]?.format('YYYY-MM-DD');
  const to = range?.[1]?.format('YYYY-MM-DD');
  const query = { kind, level, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const statistics = useVerificationStatistics(query);
  const rows = statistics.data?.rows ?? [];
  const kindRecord = kinds.find((k) => k.code === kind);
  const kindName = kindRecord ? (zh ? kindRecord.zh : kindRecord.en) : kind;
  const number = (v: number) => v.toLocaleString(currentLocale());

  return (
    <Card title={t('verification.stats.title')}>
      <Space wrap className="vf-filters">
        <Select
          aria-label={t('verification.filters.kind')}
          value={kind}
          onChange={setKind}
          options={kinds.map((k) => ({ value: k.code, label: zh ? k.zh : k.en }))}
          style={{ minWidth: 140 }}
        />
        <Segmented<'city' | 'county'>
          value={level}
          onChange={setLevel}
          options={[
            { value: 'city', label: t('verification.stats.byCity') },
            { value: 'county', label: t('verification.stats.byCounty') },
          ]}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(value) => setRange(value)}
          allowEmpty={[true, true]}
          placeholder={[t('verification.stats.from'), t('verification.stats.to')]}
        />
        <Button icon={<DownloadOutlined aria-hidden />} href={statisticsCsvHref(query)}>
          {t('verification.exportCsv')}
        </Button>
      </Space>
      {rows.length === 0 && !statistics.isFetching ? (
        <Empty description={t('verification.stats.empty')} />
      ) : (
        <>
          <StatisticsChart rows={rows.filter((r) => r.divisionCode !== PROVINCE)} title={t('verification.stats.chartTitle', { kind: kindName })} />
          <Table<StatisticsRow>
            rowKey="divisionCode"
            size="small"
            loading={statistics.isFetching}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 640 }}
            rowClassName={(row) => (row.divisionCode === PROVINCE ? 'vf-total-row' : '')}
            columns={[
              { title: t('verification.stats.city'), dataIndex: 'divisionName' },
              { title: t('verification.stats.found'), dataIndex: 'found', align: 'right', render: number },
              { title: t('verification.stats.dispatched'), dataIndex: 'dispatched', align: 'right', render: number },
              { title: t('verification.stats.fedBack'), dataIndex: 'fedBack', align: 'right', render: number },
              { title: t('verification.stats.closed'), dataIndex: 'closed', align: 'right', render: number },
              { title: t('verification.stats.overdue'), dataIndex: 'overdue', align: 'right', render: number },
              {
                title: t('verification.stats.median'),
                dataIndex: 'medianHoursToFeedback',
                align: 'right',
                render: (v: number | null) => (v === null ? '—' : v),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
