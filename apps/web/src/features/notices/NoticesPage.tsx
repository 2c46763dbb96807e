import { lazy, type RefObject, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import PushpinOutlined from '@ant-design/icons/es/icons/PushpinOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import dayjs from 'dayjs';
import { NOTICE_CATEGORIES, type NoticeCategory } from '@eco/contracts/notice-categories';
import type { NoticeSummary } from '@eco/contracts/notices';
import { useTranslation } from 'react-i18next';
import '../../i18n/notices';
import { useNearScreen } from '../../components/use-near-screen';
import { NoticeArticle } from './NoticeArticle';
import type { NoticeDatesProps } from './NoticeDates';
import { useNotices } from '../../api/notices';
import { useDeferredList } from '../../components/use-deferred-list';
import { searchEnterButton } from '../../components/search-enter-button';
import './notices.css';

// the date picker is the largest part of this screen's code: it is fetched once the browser is idle after
// the list's first paint, not beside the screen's own code
const NoticeDates = lazy(() => import('./NoticeDates'));

/**
 * The date filter of the list view: until the picker's code has come (./NoticeDates.tsx, fetched once
 * `filters`, the filter row, is near the screen and the browser is idle), a read-only field of its
 * size and look, showing the range from the address, holds its place so nothing moves when it comes.
 * Mounted with the list only, so a reader who opens a notice by its link never fetches the picker.
 */
function DatesFilter({ filters, ...props }: NoticeDatesProps & { filters: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const mayLoad = useNearScreen(filters, { idle: true });
  const placeholder = (
    <Input
      className="notice-dates"
      readOnly
      aria-label={t('nt.list.dateRange')}
      placeholder={`${t('nt.list.startDate')} → ${t('nt.list.endDate')}`}
      value={props.from || props.to ? `${props.from ?? ''} → ${props.to ?? ''}` : undefined}
    />
  );
  if (!mayLoad) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NoticeDates {...props} />
    </Suspense>
  );
}

const PAGE_SIZE = 10;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /notification-announcement (通知公告): published notices, pinned first then newest, with keyword
 * search over title and text, category and date-range filters and pages; `?id=` opens one in full
 * on the same route, so its link can be shared. Every filter lives in the address.
 */
export default function NoticesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const category = NOTICE_CATEGORIES.find((c) => c === params.get('category'));
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const idParam = Number(params.get('id'));
  const openId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const [draft, setDraft] = useState(keyword);
  const filters = useRef<HTMLDivElement>(null);
  const list = useNotices({ keyword: keyword || undefined, category, from, to, page, pageSize: PAGE_SIZE });

  /** a new address from the current one; filter changes go back to page 1 */
  const update = (changes: Record<string, string | number | undefined>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ ...(resetPage ? { page: undefined } : {}), ...changes })) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const addressWith = (id: number | undefined) => {
    const next = new URLSearchParams(params);
    if (id === undefined) next.delete('id');
    else next.set('id', String(id));
    const query = next.toString();
    return `/notification-announcement${query ? `?${query}` : ''}`;
  };

  // the list is built again when its deferred values change (components/use-deferred-list.ts)
  const { shown, fetching, firstLoad } = useDeferredList(list);
  // biome-ignore lint/correctness/useExhaustiveDependencies: addressWith and update are made from params (and setParams) each render
  const noticeList = useMemo(
    () => (
      <List<NoticeSummary>
        className="notice-list"
        loading={fetching}
        dataSource={shown?.items ?? []}
        locale={{ emptyText: <Empty description={t('nt.list.empty')} /> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: shown?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (next) => update({ page: next }, false),
        }}
        renderItem={(notice) => (
          <List.Item className="notice-row">
            <div className="notice-row-main">
              {notice.pinned && (
                <Tag color="red" icon={<PushpinOutlined aria-hidden />}>
                  {t('nt.list.pinned')}
                </Tag>
              )}
              <Tag color="blue">{t(`nt.categories.${notice.category}`)}</Tag>
              <Link to={addressWith(notice.id)} className="notice-row-title">
                {notice.title}
              </Link>
              {notice.attachmentCount > 0 && (
                <span className="notice-muted" title={t('nt.list.attachments', { count: notice.attachmentCount })}>
                  <PaperClipOutlined aria-label={t('nt.list.attachments', { count: notice.attachmentCount })} />
                </span>
              )}
            </div>
            <div className="notice-row-meta">
              {notice.organisationName && <span>{notice.organisationName}</span>}
              <time dateTime={notice.publishAt ?? undefined}>{notice.publishAt ? dayjs(notice.publishAt).format('YYYY-MM-DD') : ''}</time>
            </div>
          </List.Item>
        )}
      />
    ),
    [shown, fetching, page, params, t],
  );

  return (
    <div className="page notices-page">
      <h2 className="page-title">{t('menu.notices')}</h2>
      <p className="page-subtitle">{t('nt.list.subtitle')}</p>
      {openId !== null ? (
        <div className="content-panel">
          <NoticeArticle key={openId} id={openId} linkTo={(id) => addressWith(id)} backTo={addressWith(undefined)} />
        </div>
      ) : (
        <div className={firstLoad ? 'content-panel list-first-load' : 'content-panel'}>
          <div className="notice-filters" ref={filters}>
            <Input.Search
              className="notice-keyword"
              allowClear
              value={draft}
              placeholder={t('nt.list.keyword')}
              aria-label={t('nt.list.keyword')}
              enterButton={searchEnterButton(t('common.search'))}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
              onSearch={(value) => update({ keyword: value.trim() })}
            />
            <Select<NoticeCategory>
              className="notice-category"
              allowClear
              placeholder={t('nt.list.category')}
              aria-label={t('nt.list.category')}
              value={category}
              options={NOTICE_CATEGORIES.map((c) => ({ value: c, label: t(`nt.categories.${c}`) }))}
              onChange={(value) => update({ category: value })}
            />
            <DatesFilter filters={filters} from={from} to={to} onChange={(first, last) => update({ from: first, to: last })} />
            <Button
              icon={<UndoOutlined aria-hidden />}
              onClick={() => {
                setDraft('');
                setParams(new URLSearchParams());
              }}
            >
              {t('common.reset')}
            </Button>
          </div>
          {noticeList}
        </div>
      )}
    </div>
  );
}
