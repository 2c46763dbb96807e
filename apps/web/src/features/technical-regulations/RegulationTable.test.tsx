import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Regulation } from '@eco/contracts/regulations';
import '../../i18n/i18n';
import { assumeWideScreen } from '../../test/wide-screen';
import { RegulationTable, type RegulationTableProps } from './RegulationTable';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FIRE: Regulation = {
  id: 7,
  code: 'LY/T 2581-2016',
  title: '森林防火视频监控系统技术规范',
  issuer: '国家林业局',
  category: '森林防火',
  issuedOn: '2016-01-18',
  effectiveOn: '2016-06-01',
  status: 'current',
  replacesCode: null,
  abolishedOn: null,
};
const UNDATED: Regulation = { ...FIRE, id: 8, code: 'DB61/T 1-2001', title: '旧规范', effectiveOn: null, status: 'repealed' };

beforeAll(assumeWideScreen);

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** The table drawn with `props` over the defaults (page 1 of the two regulations). */
function draw(props: Partial<RegulationTableProps> = {}): HTMLDivElement {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <MemoryRouter>
        <h2 id="heading">技术规范</h2>
        <RegulationTable
          items={[FIRE, UNDATED]}
          total={2}
          page={1}
          pageSize={10}
          fetching={false}
          labelledBy="heading"
          linkTo={(id) => `/technical-regulations?id=${id}`}
          onPageChange={() => {}}
          {...props}
        />
      </MemoryRouter>,
    ),
  );
  return container;
}

const cells = (root: HTMLElement) => [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('the public regulations table', () => {
  it('is a table named by the page heading, with a column header for each column and a row per regulation', () => {
    const shown = draw();
    const table = shown.querySelector('table')!;
    expect(table.getAttribute('aria-labelledby')).toBe('heading');
    expect(table.getAttribute('aria-busy')).toBe('false');
    const headers = [...table.querySelectorAll('thead th')];
    expect(headers.map((th) => th.textContent)).toEqual(['标准编号', '标准名称', '类别', '发布机构', '实施日期', '状态']);
    expect(headers.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
    expect(cells(shown)).toEqual([
      // the title cell also holds the code that phones show under the title
      ['LY/T 2581-2016', '森林防火视频监控系统技术规范LY/T 2581-2016', '森林防火', '国家林业局', '2016-06-01', '现行'],
      ['DB61/T 1-2001', '旧规范DB61/T 1-2001', '森林防火', '国家林业局', '未注明', '废止'],
    ]);
    const links = [...shown.querySelectorAll('tbody tr:first-child a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/technical-regulations?id=7', '/technical-regulations?id=7']);
    expect(shown.querySelector('.ant-pagination-total-text')?.textContent).toBe('共 2 条');
  });

  it('says nothing matched only once the answer is in, and then offers no pages', () => {
    const waiting = draw({ items: [], total: 0, fetching: true });
    expect(waiting.querySelector('table')!.getAttribute('aria-busy')).toBe('true');
    expect(waiting.textContent).not.toContain('没有符合条件的技术规范');
    act(() => root!.unmount());
    container!.remove();

    const none = draw({ items: [], total: 0 });
    expect(none.querySelector('tbody')?.textContent).toBe('没有符合条件的技术规范');
    expect(none.querySelector('.ant-pagination')).toBeNull();
  });

  it('asks for the page a reader picks', () => {
    const onPageChange = vi.fn();
    const shown = draw({ items: [FIRE], total: 25, onPageChange });
    act(() => shown.querySelector<HTMLElement>('.ant-pagination-item[title="3"]')!.click());
    expect(onPageChange).toHaveBeenCalledWith(3, 10);
  });
});
