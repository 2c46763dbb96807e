/**
 * The kinds of file the portal accepts, recognised from their content (magic numbers, via the
 * `file-type` library), never from the name a user gave them.
 */
export const FILE_KINDS = ['pdf', 'office', 'image', 'zip', 'archive', 'program'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** MIME types `file-type` reports, by kind. Legacy Office files (.doc/.xls/.ppt) are OLE compound files (`x-cfb`). */
export const MIME_BY_KIND: Record<FileKind, readonly string[]> = {
  pdf: ['application/pdf'],
  office: [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/x-cfb',
  ],
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  zip: ['application/zip'],
  // downloadable tools (docs/product.md §Screens, 应用工具): other archives, and programs and installers. A Windows .msi is an
  // OLE compound file, so it is recognised as `office` (x-cfb); there is no magic number to tell them apart.
  archive: ['application/gzip', 'application/x-tar', 'application/x-7z-compressed', 'application/x-xz', 'application/x-bzip2', 'application/zstd'],
  program: [
    'application/x-msdownload',
    'application/x-elf',
    'application/x-mach-binary',
    'application/vnd.android.package-archive',
    'application/java-archive',
    'application/x-deb',
    'application/x-rpm',
    'application/x-apple-diskimage',
  ],
};

/** The MIME types of `kinds`, e.g. for the media types of a download in the OpenAPI document. */
export function mimeTypesOf(kinds: readonly FileKind[]): string[] {
  return kinds.flatMap((kind) => MIME_BY_KIND[kind]);
}

/** What notice attachments and regulation documents may be: PDF, Office documents, images and zip archives (docs/product.md §Notices). */
export const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', 'office', 'image', 'zip'];

/**
 * What a downloadable tool's file may be: archives, programs and installers (a Windows .msi is an
 * OLE compound file, recognised as `office`), and PDF for a manual (docs/product.md §Screens, 应用工具).
 */
export const TOOL_KINDS: readonly FileKind[] = ['zip', 'archive', 'program', 'office', 'pdf'];

/** The kind a detected MIME type belongs to, or null when the portal does not accept it. */
export function kindOf(mime: string): FileKind | null {
  return FILE_KINDS.find((kind) => MIME_BY_KIND[kind].includes(mime)) ?? null;
}

/** Kinds a browser may show in the page (the rest is always downloaded). */
export function isPreviewable(mime: string): boolean {
  const kind = kindOf(mime);
  return kind === 'pdf' || kind === 'image';
}
