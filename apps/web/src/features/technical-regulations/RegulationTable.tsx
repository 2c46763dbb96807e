import { Link } from 'react-router-dom';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import type { Regulation } from '@eco/contracts/regulations';
import { useTranslation } from 'react-i18next';
import { RegulationStatusTag } from '../../components/RegulationStatusTag';

/** The columns in order: their message under `regulations.columns` and the class that sizes them and hides them on narrow screens (regulations.css). */
const COLUMNS = [
  { key: 'code', className: 'regulation-col-code' },
  { key: 'title', className: undefined },
  { key: 'category', className: 'regulation-col-category' },
  { key: 'issuer', className: 'regulation-col-issuer' },
  { key: 'effectiveOn', className: 'regulation-col-effective' },
  { key: 'status', className: 'regulation-col-status' },
] as const;

/** What {@link RegulationTable} shows: one page of the list and where it is. */
export interface RegulationTableProps {
  /** the page's regulations, in the server's order; empty shows the empty state */
  items: readonly Regulation[];
  /** how many regulations match the filters, over all pages */
  total: number;
  /** the page shown, from 1 */
  page: number;
  pageSize: number;
  /** a newer page or filter is being fetched: the rows dim under a spinner and the table says it is busy */
  fetching: boolean;
  /** the element that names the table (the page's heading) */
  labelledBy: string;
  /** the address that opens a regulation's detail */
  linkTo: (id: number) => string;
  onPageChange: (page: number) => void;
}

/**
 * The public regulations list as a plain semantic table (`<table>` with column headers) and antd's
 * Pagination under it. antd's Table would bring Tree, Menu, Dropdown, Radio and Checkbox for filters
 * and selection this list does not offer: 52 KB of brotli before the first row could show on a phone
 * (issue 13 item 9; docs/web.md §First load). Columns give way on narrow screens at antd's
 * breakpoints (regulations.css); on a phone the code goes under the title.
 */
export function RegulationTable({ items, total, page, pageSize, fetching, labelledBy, linkTo, onPageChange }: RegulationTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Spin spinning={fetching}>
        <div className="regulation-table-scroll">
          <table className="regulation-table" aria-labelledby={labelledBy} aria-busy={fetching}>
            <thead>
              <tr>
                {COLUMNS.map(({ key, className }) => (
                  <th key={key} scope="col" className={className}>
                    {t(`regulations.columns.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} className="regulation-row">
                  <td className="regulation-col-code">
                    <Link to={linkTo(r.id)} className="regulation-code">
                      {r.code}
                    </Link>
                  </td>
                  <td>
                    <Link to={linkTo(r.id)}>{r.title}</Link>
                    {/* phones hide the code column: the code goes under the title instead */}
                    <div className="regulation-code regulation-code-sub">{r.code}</div>
                  </td>
                  <td className="regulation-col-category">{r.category}</td>
                  <td className="regulation-col-issuer">{r.issuer}</td>
                  <td className="regulation-col-effective">{r.effectiveOn ?? t('common.unknown')}</td>
                  <td className="regulation-col-status">
                    <RegulationStatusTag status={r.status} />
                  </td>
                </tr>
              ))}
              {items.length === 0 && !fetching && (
                <tr>
                  <td colSpan={COLUMNS.length} className="regulation-table-empty">
                    {t('regulations.empty')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Spin>
      {total > 0 && (
        <Pagination
          className="regulation-pagination"
          align="end"
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => t('common.total', { total: count })}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
