import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import dayjs from 'dayjs';
import type { NoticeDetail } from '@eco/contracts/notices';
import { useTranslation } from 'react-i18next';
import { DocumentList } from '../../components/documents/DocumentList';
import { noticeAttachmentHref, useNotice } from '../../api/notices';
import { useInitialState } from '../../state/initial-state';
import { showMessage } from '../../components/show-message';

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
 * The metadata table of a government document (政府信息公开), as provincial portals head their
 * notices: 索引号, 发布机构 (the one written, else the organisation's name), 成文日期, 文号 and
 * 发布日期 (the province's calendar day of the publish time); — where there is none.
 */
function NoticeMetadata({ notice }: { notice: NoticeDetail }) {
  const { t } = useTranslation();
  const dash = <span className="notice-muted">—</span>;
  const cells: [string, string | null][] = [
    [t('nt.detail.indexNumber'), notice.indexNumber || null],
    [t('nt.detail.issuingBody'), notice.issuingBody || notice.organisationName],
    [t('nt.detail.writtenOn'), notice.writtenOn],
    [t('nt.detail.documentNumber'), notice.documentNumber || null],
    [t('nt.detail.publishDate'), notice.publishAt ? dayjs(notice.publishAt).format('YYYY-MM-DD') : null],
  ];
  return (
    <dl className="notice-metadata" aria-label={t('nt.detail.metadata')}>
      {cells.map(([label, value]) => (
        <div key={label} className="notice-metadata-cell">
          <dt>{label}</dt>
          <dd>{value ?? dash}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Copies the notice's shareable address (this page's, `#/notification-announcement?id=`) and says
 * so; where the browser refuses (no clipboard outside a secure context), says to copy it from the
 * address bar.
 */
function copyLink(t: (key: string) => string): void {
  const done = () => void showMessage('success', t('nt.detail.linkCopied'));
  const failed = () => void showMessage('warning', t('nt.detail.copyFailed'));
  if (navigator.clipboard) navigator.clipboard.writeText(window.location.href).then(done, failed);
  else failed();
}

/**
 * A notice in full on the list's own route (`?id=`, a link that can be shared): title, category,
 * time, author, views, the metadata table (索引号, 发布机构, 成文日期, 文号, 发布日期), the body,
 * its attachments (download; PDFs preview in the page) and the newer / older notice; copy-link and
 * print actions (printing leaves out the site's header, menu, footer and buttons, notices.css).
 * Once it has loaded, the page title names it and the keyboard focus moves to its title, so a
 * screen reader announces the notice opened rather than the page around it.
 *
 * @param linkTo the address of another notice (keeps the list's filters)
 * @param backTo the list's address
 */
export function NoticeArticle({ id, linkTo, backTo }: { id: number; linkTo: (id: number) => string; backTo: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useNotice(id);
  const { settings } = useInitialState();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = data?.title;

  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} - ${t('menu.notices')} - ${settings.title}`;
    heading.current?.focus();
    return () => {
      document.title = before;
    };
  }, [title, settings.title, t]);

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
          <NoticeMetadata notice={data} />
          <h1 className="notice-title" ref={heading} tabIndex={-1}>
            {data.title}
          </h1>
          <div className="notice-meta">
            <Tag color="blue">{t(`nt.categories.${data.category}`)}</Tag>
            <span>{t('nt.detail.publishedAt', { time: formatTime(data.publishAt) })}</span>
            <span>{t('nt.detail.author', { name: data.authorName })}</span>
            <span>{t('nt.detail.views', { count: data.viewCount })}</span>
          </div>
          <Space className="notice-actions" wrap>
            <Button size="small" icon={<LinkOutlined />} onClick={() => copyLink(t)}>
              {t('nt.detail.copyLink')}
            </Button>
            <Button size="small" icon={<PrinterOutlined />} onClick={() => window.print()}>
              {t('nt.detail.print')}
            </Button>
          </Space>
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
