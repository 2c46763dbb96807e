import { Link } from 'react-router-dom';
import Divider from 'antd/es/divider';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import dayjs from 'dayjs';
import type { NoticeDetail } from '@eco/contracts/notices';
import { useTranslation } from 'react-i18next';
import { DocumentList } from '../../components/documents/DocumentList';
import { noticeAttachmentHref, useNotice } from '../../api/notices';

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/**
 * The body of a notice: HTML the server has already sanitised with an allow-list (no scripts,
 * event handlers or javascript: URLs can be in it, docs/product.md §Notices), so it is rendered as stored.
 */
function NoticeBody({ notice }: { notice: NoticeDetail }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text the server sanitised with an allow-list before storing it (modules/notices/sanitise-html.ts)
  return <div className="notice-body" dangerouslySetInnerHTML={{ __html: notice.bodyHtml }} />;
}

/**
 * A notice in full on the list's own route (`?id=`, a link that can be shared): title, category,
 * time, issuing organisation, author, views, the body, its attachments (download; PDFs preview in
 * the page) and the newer / older notice.
 *
 * @param linkTo the address of another notice (keeps the list's filters)
 * @param backTo the list's address
 */
export function NoticeArticle({ id, linkTo, backTo }: { id: number; linkTo: (id: number) => string; backTo: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useNotice(id);
  return (
    <article className="notice-article" aria-busy={isPending}>
      <Link to={backTo} className="notice-back">
        <ArrowLeftOutlined aria-hidden /> {t('nt.detail.back')}
      </Link>
      {isError ? (
        <Empty description={t('nt.detail.notFound')} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <h1 className="notice-title">{data.title}</h1>
          <div className="notice-meta">
            <Tag color="blue">{t(`nt.categories.${data.category}`)}</Tag>
            <span>{t('nt.detail.publishedAt', { time: formatTime(data.publishAt) })}</span>
            {data.organisationName && <span>{t('nt.detail.organisation', { name: data.organisationName })}</span>}
            <span>{t('nt.detail.author', { name: data.authorName })}</span>
            <span>{t('nt.detail.views', { count: data.viewCount })}</span>
          </div>
          <Divider />
          <NoticeBody notice={data} />
          {data.attachments.length > 0 && (
            <section className="notice-attachments" aria-label={t('nt.detail.attachments')}>
              <h2>{t('nt.detail.attachments')}</h2>
              <DocumentList documents={data.attachments} hrefOf={(document, disposition) => noticeAttachmentHref(data.id, document.id, disposition)} />
            </section>
          )}
          <Divider />
          <nav className="notice-neighbours" aria-label={`${t('nt.detail.newer')} / ${t('nt.detail.older')}`}>
            <div>
              <span className="notice-neighbour-label">{t('nt.detail.newer')}：</span>
              {data.newer ? <Link to={linkTo(data.newer.id)}>{data.newer.title}</Link> : <span className="notice-muted">{t('nt.detail.none')}</span>}
            </div>
            <div>
              <span className="notice-neighbour-label">{t('nt.detail.older')}：</span>
              {data.older ? <Link to={linkTo(data.older.id)}>{data.older.title}</Link> : <span className="notice-muted">{t('nt.detail.none')}</span>}
            </div>
          </nav>
        </>
      )}
    </article>
  );
}
