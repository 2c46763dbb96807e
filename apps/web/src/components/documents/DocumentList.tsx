import { useState } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import FileOutlined from '@ant-design/icons/es/icons/FileOutlined';
import type { Document } from '@eco/contracts/documents';
import { formatBytes } from '../../request/upload-limit';
import { useTranslation } from 'react-i18next';
import '../../i18n/notices';
import './documents.css';

/** The address of a document, to download it (`attachment`) or show it in the page (`inline`). */
export type DocumentHref = (document: Document, disposition: 'attachment' | 'inline') => string;

/**
 * Attached documents (of a notice or a regulation): each with its name and size, a download link
 * (the server sends it with its original name), and for a PDF an in-page preview (an <iframe> of
 * the same file sent `inline`; the server allows only this site to frame it). `hrefOf` gives each
 * document's address from its area's download endpoint (apps/web/src/api/, docs/web.md §API);
 * `onRemove` adds a remove button with a confirmation (back office).
 */
export function DocumentList({
  documents,
  hrefOf,
  onRemove,
}: {
  documents: Document[];
  hrefOf: DocumentHref;
  onRemove?: (document: Document) => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [previewId, setPreviewId] = useState<number | null>(null);
  const previewed = documents.find((d) => d.id === previewId && d.mime === 'application/pdf');
  return (
    <div className="document-list">
      <ul>
        {documents.map((document) => (
          <li key={document.id} className="document-item">
            <FileOutlined className="document-icon" aria-hidden />
            <a className="document-name" href={hrefOf(document, 'attachment')} download={document.fileName}>
              {document.fileName}
            </a>
            <span className="document-size">{formatBytes(document.size)}</span>
            <span className="document-actions">
              {document.mime === 'application/pdf' && (
                <Button
                  type="link"
                  size="small"
                  icon={<EyeOutlined aria-hidden />}
                  aria-expanded={previewId === document.id}
                  onClick={() => setPreviewId(previewId === document.id ? null : document.id)}
                >
                  {t(previewId === document.id ? 'nt.documents.hidePreview' : 'nt.documents.preview')}
                </Button>
              )}
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined aria-hidden />}
                href={hrefOf(document, 'attachment')}
                download={document.fileName}
                aria-label={`${t('nt.documents.download')} ${document.fileName}`}
              >
                {t('nt.documents.download')}
              </Button>
              {onRemove && (
                <Popconfirm
                  title={t('nt.documents.removeTitle', { name: document.fileName })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onRemove(document)}
                >
                  <Button type="link" size="small" danger>
                    {t('nt.documents.remove')}
                  </Button>
                </Popconfirm>
              )}
            </span>
          </li>
        ))}
      </ul>
      {previewed && <iframe className="document-preview" src={hrefOf(previewed, 'inline')} title={t('nt.detail.previewTitle', { name: previewed.fileName })} />}
    </div>
  );
}
