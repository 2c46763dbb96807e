import { useState } from 'react';
import { Link } from 'react-router-dom';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import PushpinOutlined from '@ant-design/icons/es/icons/PushpinOutlined';
import { NOTICE_CATEGORIES, NOTICE_STATUSES, type NoticeStatus, type NoticeSummary } from '@eco/contracts/notices';
import { useTranslation } from 'react-i18next';
import '../../../i18n/notices';
import { formatTime } from '../format';
import { KeywordSearch } from '../KeywordSearch';
import { FilterSelect, ListSection } from '../ListSection';
import { pageParam, useQueryState } from '../use-query-state';
import { NoticeFormDrawer } from './NoticeFormDrawer';
import { PublishModal } from './PublishModal';
import { useManagedNotices, useNoticeMutations } from '../../../api/notices';
import './notices-section.css';

const PAGE_SIZE = 10;
const STATUS_COLOURS: Record<NoticeStatus | 'scheduled', string> = { draft: 'default', published: 'green', withdrawn: 'orange', scheduled: 'purple' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);

/**
 * 通知公告管理 (editors and administrators): every notice in any status with keyword search,
 * category and status filters and pages (in the address); writing in a drawer (rich text,
 * attachments); publishing now or at a time (scheduled), withdrawing, deleting drafts.
 */
export default function NoticesSection() {
  const { t } = useTranslation();
  const [params, update] = useQueryState();
  const keyword = params.get('keyword') ?? '';
  const category = oneOf(NOTICE_CATEGORIES, params.get('category'));
  const status = oneOf(NOTICE_STATUSES, params.get('status'));
  const page = pageParam(params);
  // kept while the drawer closes, so its title does not change during the animation
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [publishing, setPublishing] = useState<NoticeSummary | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const list = useManagedNotices({ keyword: keyword || undefined, category, status, page, pageSize: PAGE_SIZE });
  const { publish, unschedule, withdraw, remove } = useNoticeMutations();

  const confirm = (title: string, content: string, okText: string, run: () => Promise<unknown>, done: string, cancelText = t('nt.manage.cancel')) =>
    void modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: true },
      cancelText,
      onOk: async () => {
        try {
          await run();
          void message.success(done);
        } catch {
          // the request layer has said why
        }
      },
    });

  const columns: ColumnsType<NoticeSummary> = [
    {
      title: t('nt.manage.columns.title'),
      dataIndex: 'title',
      render: (title: string, n) => (
        <>
          {n.pinned && <PushpinOutlined className="pm-pinned" aria-label={t('nt.list.pinned')} />} {title}
          <div className="pm-sub-line">
            {t(`nt.categories.${n.category}`)} · {n.authorName}
            {n.organisationName && ` · ${n.organisationName}`}
          </div>
        </>
      ),
    },
    {
      title: t('nt.manage.columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: NoticeStatus, n) => {
        const shown = n.scheduled ? 'scheduled' : s;
        return <Tag color={STATUS_COLOURS[shown]}>{t(`nt.statuses.${shown}`)}</Tag>;
      },
    },
    {
      title: t('nt.manage.columns.publishAt'),
      dataIndex: 'publishAt',
      width: 150,
      responsive: ['md'],
      render: (at: string | null) => (at ? formatTime(at) : <span className="pm-muted">—</span>),
    },
    { title: t('nt.manage.columns.updatedAt'), dataIndex: 'updatedAt', width: 150, responsive: ['lg'], render: (at: string) => formatTime(at) },
    {
      title: t('nt.manage.columns.actions'),
      key: 'actions',
      width: 240,
      render: (_, n) => (
        <Space size={0} wrap className="row-actions">
          <Button type="link" size="small" onClick={() => setDrawer({ open: true, id: n.id })}>
            {t('nt.manage.edit')}
          </Button>
          {n.status !== 'published' && (
            <Button type="link" size="small" onClick={() => setPublishing(n)}>
              {t('nt.manage.publish')}
            </Button>
          )}
          {n.status === 'published' && !n.scheduled && (
            <Link className="ant-btn ant-btn-link ant-btn-sm pm-link-button" to={`/notification-announcement?id=${n.id}`}>
              {t('nt.manage.view')}
            </Link>
          )}
          {n.scheduled && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                confirm(
                  t('nt.manage.unscheduleTitle', { title: n.title }),
                  t('nt.manage.unscheduleBody'),
                  t('nt.manage.unschedule'),
                  () => unschedule.mutateAsync(n.id),
                  t('nt.manage.unscheduled'),
                  t('nt.manage.keepSchedule'),
                )
              }
            >
              {t('nt.manage.unschedule')}
            </Button>
          )}
          {n.status === 'published' && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirm(
                  t('nt.manage.withdrawTitle', { title: n.title }),
                  t('nt.manage.withdrawBody'),
                  t('nt.manage.withdraw'),
                  () => withdraw.mutateAsync(n.id),
                  t('nt.manage.withdrawn'),
                )
              }
            >
              {t('nt.manage.withdraw')}
            </Button>
          )}
          {n.status === 'draft' && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirm(
                  t('nt.manage.deleteTitle', { title: n.title }),
                  t('nt.manage.deleteBody'),
                  t('nt.manage.delete'),
                  () => remove.mutateAsync(n.id),
                  t('nt.manage.deleted'),
                )
              }
            >
              {t('nt.manage.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListSection<NoticeSummary>
      title={t('pm.nav.notices')}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDrawer({ open: true, id: null })}>
          {t('nt.manage.create')}
        </Button>
      }
      filters={
        <>
          <KeywordSearch keyword={keyword} label={t('nt.manage.keyword')} onSearch={(value) => update({ keyword: value })} />
          <FilterSelect
            label={t('nt.manage.columns.category')}
            value={category}
            options={NOTICE_CATEGORIES.map((c) => ({ value: c, label: t(`nt.categories.${c}`) }))}
            onChange={(value) => update({ category: value })}
          />
          <FilterSelect
            label={t('nt.manage.columns.status')}
            value={status}
            options={NOTICE_STATUSES.map((s) => ({ value: s, label: t(`nt.statuses.${s}`) }))}
            onChange={(value) => update({ status: value })}
          />
        </>
      }
      rowKey="id"
      columns={columns}
      table={{ size: 'large' }}
      paging={{ data: list.data, loading: list.isFetching, current: page, pageSize: PAGE_SIZE, onChange: (next) => update({ page: next }, false) }}
    >
      {modalHolder}
      <NoticeFormDrawer
        open={drawer.open}
        noticeId={drawer.id}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
        onSaved={(id) => setDrawer({ open: true, id })}
        onPublish={(notice) => setPublishing(notice)}
      />
      <PublishModal
        notice={publishing}
        onClose={() => setPublishing(null)}
        onPublish={async (publishAt) => {
          if (!publishing) return;
          const result = await publish.mutateAsync({ id: publishing.id, publishAt });
          // published from the drawer: the writing is done
          setDrawer((d) => (d.id === result.id ? { ...d, open: false } : d));
          void message.success(
            result.scheduled && result.publishAt ? t('nt.manage.scheduled', { time: formatTime(result.publishAt) }) : t('nt.manage.published'),
          );
        }}
      />
    </ListSection>
  );
}
