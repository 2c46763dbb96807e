import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { SearchResults } from '@eco/contracts/search';
import { highlightParts } from './highlight';
import SearchModal from './SearchModal';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const RESULTS: SearchResults = {
  words: ['森林', '防火'],
  groups: [
    {
      kind: 'notice',
      total: 1,
      items: [{ kind: 'notice', id: 7, title: '关于做好森林草原防火工作的通知', snippet: '进入防火期后，<b>严禁</b>野外用火', code: null, date: '2026-11-20' }],
    },
    { kind: 'regulation', total: 0, items: [] },
    {
      kind: 'application',
      total: 21,
      items: [{ kind: 'application', id: 3, title: '森林草原防火智能监控管理系统', snippet: '林火视频监控', code: null, date: null }],
    },
    { kind: 'tool', total: 0, items: [] },
  ],
};

let fetchMock: Mock<typeof fetch>;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: RESULTS }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Types `text` into the search box as a person would (React reads the native value setter) and presses 搜索. */
async function search(text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('.site-search-input input')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    [...document.querySelectorAll<HTMLButtonElement>('.site-search-input button')].find((b) => b.textContent?.replace(/\s/g, '') === '搜索')!.click();
  });
  await act(async () => {
    await vi.waitFor(() => expect(document.querySelector('.site-search-results, .site-search-note')).not.toBeNull());
  });
}

async function open(): Promise<void> {
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <SearchModal open onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

describe('the site search dialog', () => {
  it('asks for the words typed and shows the results grouped by kind with counts, linking to their screens', async () => {
    await open();
    await search('森林 防火');
    const [url] = fetchMock.mock.calls.at(-1)!;
    expect(new URL(String(url), 'http://x/').searchParams.get('q')).toBe('森林 防火');
    const headings = [...document.querySelectorAll('.site-search-group-title')].map((h) => h.textContent);
    expect(document.querySelector('.site-search-summary')?.textContent).toBe('共找到 22 条结果');
    // empty kinds are left out
    expect(headings).toEqual(['通知公告（1）', '应用系统（21）']);
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.site-search-hit')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/notification-announcement?id=7', `/application-platform?keyword=${encodeURIComponent('森林草原防火智能监控管理系统')}`]);
    expect(document.querySelector('.site-search-more')?.textContent).toBe('另有 20 条未列出，请使用更具体的关键词');
  });

  it('marks every word in titles and snippets, and shows markup in a snippet as text', async () => {
    await open();
    await search('森林 防火');
    const marks = [...document.querySelectorAll('.site-search-hit')[0]!.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['森林', '防火', '防火']);
    const snippet = document.querySelector('.site-search-snippet')!;
    expect(snippet.querySelector('b')).toBeNull();
    expect(snippet.textContent).toBe('进入防火期后，<b>严禁</b>野外用火');
  });

  it('refuses more than 10 words without asking the server', async () => {
    await open();
    await search(Array.from({ length: 11 }, (_, i) => `词${i}`).join(' '));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('.site-search-note')?.textContent).toContain('最多 10 个关键词');
  });
});

describe('highlightParts', () => {
  it('finds words ignoring case, merging overlaps, keeping the text as it was', () => {
    expect(highlightParts('GB 3095 与 gb3095', ['gb', '309'])).toEqual([
      { text: 'GB', match: true },
      { text: ' ', match: false },
      { text: '309', match: true },
      { text: '5 与 ', match: false },
      { text: 'gb309', match: true },
      { text: '5', match: false },
    ]);
    expect(highlightParts('森林防火', ['森林', '林防'])).toEqual([
      { text: '森林防', match: true },
      { text: '火', match: false },
    ]);
    expect(highlightParts('无匹配', ['森林'])).toEqual([{ text: '无匹配', match: false }]);
  });
});
