import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Page } from '@eco/contracts/envelope';

/** One page of a back-office list: what the list endpoint answered, and how to move. */
export interface ListPaging<T> {
  /** the answer of the list endpoint (undefined while the first page loads) */
  data: Page<T> | undefined;
  /** a page is being fetched (the previous one stays on screen meanwhile) */
  loading: boolean;
  /** the page shown, from 1 (from the address) */
  current: number;
  pageSize: number;
  onChange(page: number): void;
}

/**
 * A back-office list section: a card with its title and action (e.g. 新建), the filters above
 * (a keyword box, selects, a reset button), and the table with its pagination and total. The
 * section's drawers and modals go in `children`. `table` takes any further antd Table props
 * (row class, expandable rows, empty text…).
 */
export function ListSection<T extends object>({
  title,
  extra,
  filters,
  columns,
  rowKey,
  paging,
  table,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  filters?: ReactNode;
  columns: TableProps<T>['columns'];
  rowKey: TableProps<T>['rowKey'];
  paging: ListPaging<T>;
  table?: Omit<TableProps<T>, 'columns' | 'rowKey' | 'dataSource' | 'loading' | 'pagination'>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} extra={extra}>
      {filters && <div className="pm-filters">{filters}</div>}
      <Table<T>
        size="middle"
        {...table}
        rowKey={rowKey}
        columns={columns}
        dataSource={paging.data?.items ?? []}
        loading={paging.loading}
        pagination={{
          current: paging.current,
          pageSize: paging.pageSize,
          total: paging.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { total }),
          onChange: paging.onChange,
        }}
      />
      {children}
    </Card>
  );
}

/**
 * A select filter of a back-office list: cleared = no filter; `label` is its placeholder and its
 * accessible name.
 */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
  searchable = false,
}: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange(value: V | undefined): void;
  className?: string;
  /** type to narrow the options (long lists) */
  searchable?: boolean;
}) {
  return (
    <Select<V>
      className={className ? `pm-filter-select ${className}` : 'pm-filter-select'}
      allowClear
      {...(searchable ? { showSearch: { optionFilterProp: 'label' }, popupMatchSelectWidth: false } : {})}
      placeholder={label}
      aria-label={label}
      value={value}
      options={options}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}
