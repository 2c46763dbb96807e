import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Grid from 'antd/es/grid';
import message from 'antd/es/message';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { TASK_STATUSES, type TaskStatus, type VerificationKind, type VerificationTask } from '@eco/contracts/verification';
import { useTranslation } from 'react-i18next';
import { useDivisions } from '../../../api/geography';
import { taskExportHrefs, useVerificationMutations, useVerificationTasks } from '../../../api/verification';
import { currentLocale } from '../../../i18n/i18n';
import { formatTime } from '../format';
import { pageParam, useQueryState } from '../use-query-state';
import { StatusTag } from './StatusTag';
import { TaskDrawer } from './TaskDrawer';

const PAGE_SIZE = 20;

/**
 * The tasks the user may see (newest detection first), filtered by kind, status, city and
 * overdue (all in the address, so a view can be shared); province-level users select pending
 * tasks and dispatch them together (all or nothing, the server's rule); the list downloads as
 * CSV or GeoJSON with the same filters; 办理 opens the task (TaskDrawer, `?task=`).
 */
export function TasksCard({ kinds, province }: { kinds: VerificationKind[]; province: boolean }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const [params, update] = useQueryState();
  const kind = kinds.find((k) => k.code === params.get('kind'))?.code;
  const status = TASK_STATUSES.find((s) => s === params.get('status'));
  const division = /^61\d{4}$/.test(params.get('division') ?? '') ? (params.get('division') as string) : undefined;
  const overdue = params.get('overdue') === 'true' ? true : undefined;
  const openId = Number(params.get('task')) || null;
  const page = pageParam(params);
  const filters = { kind, status, division, overdue };
  const list = useVerificationTasks({ ...filters, page, pageSize: PAGE_SIZE });
  const divisions = useDivisions();
  const cities = divisions.data?.[0]?.children ?? [];
  const { dispatchMany } = useVerificationMutations();
  const [selected, setSelected] = useState<number[]>([]);
  const phone = Grid.useBreakpoint().sm === false;
  const exports = taskExportHrefs(filters);
  const kindName = (code: string) => {
    const found = kinds.find((k) => k.code === code);
    return found ? (zh ? found.zh : found.en) : code;
  };

  const divisionOf = (task: VerificationTask) => (task.cityName === task.divisionName ? task.cityName : `${task.cityName} ${task.divisionName}`);
  // wide screens: a column each; phones (under 576 px): one compact column beside 办理
  const wide = ['sm'] as ('sm' | 'xs')[];
  const columns: ColumnsType<VerificationTask> = [
    {
      title: t('verification.columns.kind'),
      key: 'compact',
      responsive: ['xs'],
      render: (_: unknown, task) => (
        <div className="vf-compact">
          <b>{kindName(task.kind)}</b> {divisionOf(task)}
          <div>{formatTime(task.detectedAt)}</div>
          <StatusTag task={task} />
        </div>
      ),
    },
    { title: t('verification.columns.detectedAt'), dataIndex: 'detectedAt', width: 150, responsive: wide, render: (v: string) => formatTime(v) },
    { title: t('verification.columns.kind'), dataIndex: 'kind', width: 110, responsive: wide, render: kindName },
    { title: t('verification.columns.division'), key: 'division', responsive: wide, render: (_: unknown, task) => divisionOf(task) },
    { title: t('verification.columns.status'), key: 'status', width: 150, responsive: wide, render: (_: unknown, task) => <StatusTag task={task} /> },
    {
      title: t('verification.columns.deadline'),
      dataIndex: 'deadlineAt',
      width: 150,
      responsive: wide,
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
    {
      title: '',
      key: 'open',
      width: 80,
      fixed: phone ? undefined : 'right',
      render: (_: unknown, task) => (
        <Button size="small" type="link" onClick={() => update({ task: task.id }, false)}>
          {t('verification.view')}
        </Button>
      ),
    },
  ];

  const dispatch = async () => {
    const { dispatched } = await dispatchMany.mutateAsync(selected);
    setSelected([]);
    void message.success(t('verification.dispatchedMany', { count: dispatched.length }));
  };

  return (
    <Card title={t('verification.tabs.tasks')}>
      <Space wrap className="vf-filters">
        <Select
          aria-label={t('verification.filters.kind')}
          value={kind ?? ''}
          onChange={(value) => update({ kind: value })}
          options={[{ value: '', label: t('verification.filters.allKinds') }, ...kinds.map((k) => ({ value: k.code, label: zh ? k.zh : k.en }))]}
          style={{ minWidth: 140 }}
        />
        <Select<TaskStatus | ''>
          aria-label={t('verification.filters.status')}
          value={status ?? ''}
          onChange={(value) => update({ status: value })}
          options={[
            { value: '', label: t('verification.filters.allStatuses') },
            ...TASK_STATUSES.map((s) => ({ value: s, label: t(`verification.statuses.${s}`) })),
          ]}
          style={{ minWidth: 120 }}
        />
        <Select
          aria-label={t('verification.filters.division')}
          value={division ?? ''}
          onChange={(value) => update({ division: value })}
          options={[{ value: '', label: t('verification.filters.allCities') }, ...cities.map((c) => ({ value: c.code.padEnd(6, '0'), label: c.name }))]}
          style={{ minWidth: 120 }}
        />
        <Checkbox checked={overdue === true} onChange={(event) => update({ overdue: event.target.checked ? 'true' : undefined })}>
          {t('verification.filters.overdueOnly')}
        </Checkbox>
      </Space>
      <Space wrap className="vf-toolbar">
        {province && (
          <Button type="primary" disabled={selected.length === 0} loading={dispatchMany.isPending} onClick={() => void dispatch()}>
            {t('verification.dispatchSelected', { count: selected.length })}
          </Button>
        )}
        <Button icon={<DownloadOutlined aria-hidden />} href={exports.csv}>
          {t('verification.exportCsv')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} href={exports.geojson}>
          {t('verification.exportGeoJson')}
        </Button>
      </Space>
      <Table<VerificationTask>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={phone ? undefined : { x: 760 }}
        rowSelection={
          province
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (task) => ({ disabled: task.status !== 'pending', 'aria-label': `#${task.id}` }),
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('verification.total', { total }),
          onChange: (p) => update({ page: p }, false),
        }}
      />
      <TaskDrawer id={openId} kinds={kinds} onClose={() => update({ task: undefined }, false)} />
    </Card>
  );
}
