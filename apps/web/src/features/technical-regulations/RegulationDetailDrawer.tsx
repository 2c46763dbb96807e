import { Link } from 'react-router-dom';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Grid from 'antd/es/grid';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import { useTranslation } from 'react-i18next';
import { regulationDocumentHref, useRegulation } from '../../api/regulations';
import { DocumentList } from '../../components/documents/DocumentList';
import { useOpenItemTitle } from '../../components/breadcrumbs/open-item';
import { RegulationStatusTag } from '../../components/RegulationStatusTag';
import '../../i18n/notices';
import '../../i18n/site';
import { showMessage } from '../../components/show-message';

/**
 * The address of regulation `id` to share: this page's address with only `?id=` in the route
 * (the list's filters are the sharer's business, not the reader's).
 */
export function regulationLink(id: number): string {
  return `${window.location.href.split('#')[0]}#/technical-regulations?id=${id}`;
}

/**
 * Copies `text` to the clipboard and says whether it worked (the Clipboard API needs a secure
 * context and the page's focus; when it is refused the visitor is told to copy the address).
 */
async function copyLink(text: string, t: (key: string) => string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void showMessage('success', t('site.share.copied'));
  } catch {
    void showMessage('warning', t('site.share.copyFailed'));
  }
}

/**
 * A regulation in full, in a drawer that keeps the list behind it (`?id=` in the address, so the
 * link can be shared): dates, issuer, status, what it replaces and what replaces it, the date it
 * was repealed when an editor retired it, and its documents (download; PDFs preview in the drawer).
 * Its title names the page and ends the breadcrumbs while it is open; 复制链接 copies its address,
 * 打印 prints it alone (regulations.css, `@media print`).
 */
export function RegulationDetailDrawer({ id, linkTo, onClose }: { id: number | null; linkTo: (id: number) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { data, isPending, isError } = useRegulation(id);
  const unknown = t('common.unknown');
  useOpenItemTitle(id !== null && data?.id === id ? data.title : null);
  const actions =
    id !== null && data ? (
      <Space size={4} className="regulation-actions">
        <Button type="text" icon={<LinkOutlined />} onClick={() => void copyLink(regulationLink(id), t)}>
          {t('site.share.copyLink')}
        </Button>
        <Button type="text" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('site.share.print')}
        </Button>
      </Space>
    ) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('regulations.detail.title')}
      extra={actions}
      rootClassName="regulation-drawer"
      size={screens.md ? 560 : '100%'}
      destroyOnHidden
    >
      {isError ? (
        <Empty description={t('regulations.detail.notFound')} />
      ) : isPending || !data ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Title level={4} className="regulation-title">
            {data.title}
          </Typography.Title>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'code', label: t('regulations.columns.code'), children: <span className="regulation-code">{data.code}</span> },
              { key: 'status', label: t('regulations.columns.status'), children: <RegulationStatusTag status={data.status} /> },
              { key: 'category', label: t('regulations.columns.category'), children: data.category },
              { key: 'issuer', label: t('regulations.columns.issuer'), children: data.issuer },
              { key: 'issuedOn', label: t('regulations.columns.issuedOn'), children: data.issuedOn ?? unknown },
              { key: 'effectiveOn', label: t('regulations.columns.effectiveOn'), children: data.effectiveOn ?? unknown },
              ...(data.abolishedOn ? [{ key: 'abolishedOn', label: t('nt.regulations.fields.abolishedOn'), children: data.abolishedOn }] : []),
              {
                key: 'replaces',
                label: t('regulations.detail.replaces'),
                children: data.replaces ? (
                  <Link to={linkTo(data.replaces.id)}>
                    {data.replaces.code} {data.replaces.title}
                  </Link>
                ) : data.replacesCode ? (
                  `${data.replacesCode} ${t('regulations.detail.notInLibrary')}`
                ) : (
                  t('regulations.detail.none')
                ),
              },
              {
                key: 'replacedBy',
                label: t('regulations.detail.replacedBy'),
                children:
                  data.replacedBy.length === 0
                    ? t('regulations.detail.none')
                    : data.replacedBy.map((r) => (
                        <div key={r.id}>
                          <Link to={linkTo(r.id)}>
                            {r.code} {r.title}
                          </Link>
                        </div>
                      )),
              },
            ]}
          />
          <Typography.Title level={5} className="regulation-documents-title">
            {t('regulations.detail.documents')}
          </Typography.Title>
          {data.documents.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('regulations.detail.documentsNone')} />
          ) : (
            <DocumentList documents={data.documents} hrefOf={(document, disposition) => regulationDocumentHref(data.id, document.id, disposition)} />
          )}
        </>
      )}
    </Drawer>
  );
}
