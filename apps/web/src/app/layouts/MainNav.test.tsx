import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSettings } from '@eco/contracts/site';
import '../../i18n/i18n';
import { InitialStateContext } from '../../state/initial-state';
import { MainNav } from './MainNav';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SETTINGS: SiteSettings = {
  title: '陕西省生态云感知系统',
  provinceName: '陕西省',
  footer: '',
  recordNumber: '',
  opsPlatformUrl: null,
  sponsor: '',
  operator: '',
  publicSecurityRecordNumber: '',
  siteCode: '',
  contact: '',
};

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** The main menu's links (text and href) with these site settings. */
function linksWith(settings: SiteSettings): { text: string; href: string; target: string | null }[] {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <InitialStateContext.Provider value={{ settings, currentUser: null, refresh: async () => {} }}>
        <MemoryRouter>
          <MainNav selected="home" />
        </MemoryRouter>
      </InitialStateContext.Provider>,
    ),
  );
  return [...container.querySelectorAll('a')].map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '', target: a.getAttribute('target') }));
}

describe('MainNav', () => {
  it('shows no 运维平台 entry while no operations platform is set (/ywpt has no screen)', () => {
    const links = linksWith(SETTINGS);
    expect(links.map((link) => link.text)).toEqual(['首页', '通知公告', '技术规范', '应用平台', '应用工具', '生态感知', '门户管理']);
  });

  it('opens the operations platform in a new tab once one is set', () => {
    const links = linksWith({ ...SETTINGS, opsPlatformUrl: 'https://ops.example.cn/' });
    expect(links.find((link) => link.text === '运维平台')).toEqual({ text: '运维平台', href: 'https://ops.example.cn/', target: '_blank' });
    expect(links).toHaveLength(8);
  });
});
