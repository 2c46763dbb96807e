import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { setUploadMaxBytes } from '../../request/upload-limit';
import { DocumentsField } from './DocumentsField';

/**
 * The messages the field shows, in order. antd's own would render in a React root of their own that
 * closes them 3 s later, after this file's jsdom is gone: React then failed on `window` (an
 * unhandled error that failed the run on CI).
 */
const shown = vi.hoisted(() => [] as string[]);
vi.mock('antd/es/message', () => {
  const show = (text: string) => {
    shown.push(text);
    return Promise.resolve(true);
  };
  return { default: { success: show, error: show, warning: show, info: show } };
});

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  setUploadMaxBytes(50 * 1024 * 1024);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  setUploadMaxBytes(null);
  shown.length = 0;
});

/** A file of `size` bytes without allocating them. */
function fileOf(name: string, size: number): File {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function choose(file: File) {
  const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('DocumentsField', () => {
  it('refuses a file over the server limit before sending it, naming the limit as people read it', async () => {
    const onUpload = vi.fn(() => Promise.resolve());
    act(() => root.render(<DocumentsField documents={[]} hrefOf={() => '#'} pending="" uploadLabel="上传附件" onUpload={onUpload} onRemove={vi.fn()} />));
    await choose(fileOf('航拍视频.zip', 60 * 1024 * 1024));
    await vi.waitFor(() => expect(shown.join('\n')).toContain('文件超过大小上限：50 MB（航拍视频.zip，60 MB）'));
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('sends a file within the limit, showing its progress, and says when it is uploaded', async () => {
    let finish!: () => void;
    let report!: (fraction: number) => void;
    const onUpload = vi.fn((_file: File, onProgress: (fraction: number) => void) => {
      report = onProgress;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    act(() => root.render(<DocumentsField documents={[]} hrefOf={() => '#'} pending="" uploadLabel="上传附件" onUpload={onUpload} onRemove={vi.fn()} />));
    await choose(fileOf('防火责任书.pdf', 2048));
    await vi.waitFor(() => expect(onUpload).toHaveBeenCalledOnce());
    await act(async () => report(0.5));
    expect(container.querySelector('.document-uploads')?.textContent).toContain('正在上传 防火责任书.pdf');
    expect(container.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('50');
    await act(async () => finish());
    await vi.waitFor(() => expect(shown.join('\n')).toContain('已上传 防火责任书.pdf'));
    expect(container.querySelector('.document-uploads')).toBeNull();
  });
});
