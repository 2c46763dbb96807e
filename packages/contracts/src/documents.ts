/** Documents attached to notices and regulations: stored once by content hash, downloaded by name. */
import { Type, type Static } from 'typebox';

/** The kinds of file accepted (recognised from content, never from the name): PDF, Office, images, zip. */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.png,.jpg,.jpeg,.gif,.webp,.zip';

export const DocumentSchema = Type.Object({
  id: Type.Integer(),
  /** the name the uploader gave it, e.g. `森林防火视频监控系统技术规范.pdf` */
  fileName: Type.String(),
  /** bytes */
  size: Type.Integer({ minimum: 1 }),
  /** the MIME type recognised from the content at upload */
  mime: Type.String(),
  sha256: Type.String({ description: 'SHA-256 of the content, hex' }),
  /** where to download it (`?disposition=inline` previews a PDF or an image in the page) */
  url: Type.String(),
});
export type Document = Static<typeof DocumentSchema>;
