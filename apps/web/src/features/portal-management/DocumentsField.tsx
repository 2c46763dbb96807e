import { useState } from 'react';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { DOCUMENT_ACCEPT, type Document } from '@eco/contracts/documents';
import { useTranslation } from 'react-i18next';
import { DocumentList, type DocumentHref } from '../../components/documents/DocumentList';
import '../../i18n/notices';

/**
 * The documents of a notice or a regulation in its form drawer: the list (download, preview,
 * remove) and an upload button taking one or more files, each uploaded on its own (PDF, Office
 * documents, images, zip; the server recognises the type from the content and says why it
 * refuses one). Before the item is saved there is nothing to attach to: `documents` is null and
 * `pending` says so.
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
  onUpload(file: File): Promise<unknown>;
  onRemove(document: Document): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(0);
  if (documents === null) return <span className="pm-muted">{pending}</span>;
  return (
    <>
      <DocumentList
        documents={documents}
        hrefOf={hrefOf}
        onRemove={(document) =>
          onRemove(document).then(
            () => undefined,
            () => undefined,
          )
        }
      />
      <Upload
        accept={DOCUMENT_ACCEPT}
        showUploadList={false}
        multiple
        customRequest={async ({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          try {
            await onUpload(file as File);
            void message.success(t('nt.manage.uploaded', { name: (file as File).name }));
            onSuccess?.(null);
          } catch (error) {
            // the request layer has said why (type, size)
            onError?.(error as Error);
          } finally {
            setUploading((n) => n - 1);
          }
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={uploading > 0}>
          {uploadLabel}
        </Button>
      </Upload>
    </>
  );
}
