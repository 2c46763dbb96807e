import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Document } from '@eco/contracts/documents';
import { noticeAttachmentHref } from '../../api/notices';
import { regulationDocumentHref } from '../../api/regulations';
import '../../i18n/i18n';
import { DocumentList } from './DocumentList';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PDF: Document = {
  id: 7,
  fileName: '森林防火视频监控系统技术规范.pdf',
  size: 123_456,
  mime: 'application/pdf',
  sha256: 'a'.repeat(64),
  url: '/api/technical-regulations/3/documents/7',
};
const DOCX: Document = {
  id: 8,
  fileName: '报名表.docx',
  size: 900,
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  sha256: 'b'.repeat(64),
  url: '/api/notices/1/attachments/8',
};

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** Each document's address from its area's download endpoint, as the screens pass it. */
const hrefOf = (d: Document, disposition: 'attachment' | 'inline') =>
  d === DOCX ? noticeAttachmentHref(1, d.id, disposition) : regulationDocumentHref(3, d.id, disposition);

describe('DocumentList', () => {
  it('links each document for download under its own name, relative to the page, with its size', () => {
    act(() => root.render(<DocumentList documents={[PDF, DOCX]} hrefOf={hrefOf} />));
    const links = [...container.querySelectorAll<HTMLAnchorElement>('a.document-name')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('download')])).toEqual([
      [PDF.fileName, 'api/technical-regulations/3/documents/7', PDF.fileName],
      [DOCX.fileName, 'api/notices/1/attachments/8', DOCX.fileName],
    ]);
    expect([...container.querySelectorAll('.document-size')].map((s) => s.textContent)).toEqual(['120.6 KB', '900 B']);
  });

  it('previews only a PDF, in a frame of the inline download, and hides it again', () => {
    act(() => root.render(<DocumentList documents={[PDF, DOCX]} hrefOf={hrefOf} />));
    const previews = [...container.querySelectorAll('button')].filter((b) => b.textContent?.includes('在线预览'));
    expect(previews).toHaveLength(1);
    act(() => previews[0]!.click());
    expect(container.querySelector('iframe.document-preview')?.getAttribute('src')).toBe('api/technical-regulations/3/documents/7?disposition=inline');
    act(() => previews[0]!.click());
    expect(container.querySelector('iframe')).toBeNull();
  });
});
