import { useState } from 'react';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import Progress from 'antd/es/progress';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { DOCUMENT_ACCEPT, type Document } from '@eco/contracts/documents';
import { useTranslation } from 'react-i18next';
import { DocumentList, type DocumentHref } from '../../components/documents/DocumentList';
import { formatBytes, sizeLimitExceeded } from '../../request/upload-limit';
import '../../i18n/notices';

/** One file on its way up. */
interface Sending {
  uid: string;
  name: string;
  /** 0–100 */
  percent: number;
}

/**
 * The documents of a notice or a regulation in its form drawer: the list (download, preview,
 * remove) and an upload button taking one or more files, each uploaded on its own with its
 * progress (PDF, Office documents, images, zip; the server recognises the type from the content
 * and says why it refuses one). A file over the server's upload limit (`UPLOAD_MAX_BYTES`, from
 * the initial state) is refused here before a byte is sent, naming the limit as people read it.
 * Each upload and removal says it succeeded.
 *
 * `documents` null: the item is not saved and cannot take uploads yet; `pending` says so. (The
 * notice drawer instead passes `[]` and saves a draft in `onUpload` before the first file.)
 */
export function DocumentsField({
  documents,
  hrefOf,
  pending,
  uploadLabel,
  onUpload,
  onRemove,
}: {
  documents: Document[] | null;
  hrefOf: DocumentHref;
  /** shown while the item is not saved yet */
  pending: string;
  uploadLabel: string;
  /** sends one file; `onProgress` takes the share sent (0–1) */
  onUpload(file: File, onProgress: (fraction: number) => void): Promise<unknown>;
  onRemove(document: Document): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Sending[]>([]);
  if (documents === null) return <span className="pm-muted">{pending}</span>;
  const progressOf = (uid: string, percent: number) => setSending((all) => all.map((s) => (s.uid === uid ? { ...s, percent } : s)));
  return (
    <>
      <DocumentList
        documents={documents}
        hrefOf={hrefOf}
        onRemove={(document) =>
          onRemove(document).then(
            () => void message.success(t('nt.manage.attachmentRemoved', { name: document.fileName })),
            () => undefined, // the request layer has said why
          )
        }
      />
      {sending.length > 0 && (
        <ul className="document-uploads" aria-live="polite">
          {sending.map((s) => (
            <li key={s.uid}>
              <span className="document-upload-name">{t('nt.manage.uploading', { name: s.name })}</span>
              <Progress percent={s.percent} size="small" aria-label={t('nt.manage.uploading', { name: s.name })} />
            </li>
          ))}
        </ul>
      )}
      <Upload
        accept={DOCUMENT_ACCEPT}
        showUploadList={false}
        multiple
        beforeUpload={(file) => {
          const limit = sizeLimitExceeded(file);
          if (limit === null) return true;
          void message.error(t('nt.documents.tooLarge', { limit: formatBytes(limit), name: file.name, size: formatBytes(file.size) }));
          return Upload.LIST_IGNORE;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const f = file as File & { uid: string };
          setSending((all) => [...all, { uid: f.uid, name: f.name, percent: 0 }]);
          try {
            // the last few per cent wait for the server's answer (the file is checked and stored)
            await onUpload(f, (fraction) => progressOf(f.uid, Math.min(99, Math.round(fraction * 100))));
            void message.success(t('nt.manage.uploaded', { name: f.name }));
            onSuccess?.(null);
          } catch (error) {
            // the request layer has said why (type, size)
            onError?.(error as Error);
          } finally {
            setSending((all) => all.filter((s) => s.uid !== f.uid));
          }
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={sending.length > 0}>
          {uploadLabel}
        </Button>
      </Upload>
    </>
  );
}
