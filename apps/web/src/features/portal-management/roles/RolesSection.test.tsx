import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rolesApi } from '@eco/contracts/api/roles';
import type { RolesAnswer } from '@eco/contracts/users';
import { keyOf } from '../../../api/client';
import { i18n, setLocale } from '../../../i18n/i18n';
import '../../../i18n/management';
import RolesSection from './RolesSection';
import { assumeWideScreen } from '../../../test/wide-screen';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What `GET /api/roles` answers, in part: the server derives it from its endpoint declarations. */
const ANSWER: RolesAnswer = {
  roles: [
    {
      role: 'admin',
      nameZh: '管理员',
      nameEn: 'Administrator',
      descriptionZh: '全部权限',
      descriptionEn: 'Everything',
      permissions: ['browse', 'things', 'audit'],
    },
    {
      role: 'editor',
      nameZh: '编辑',
      nameEn: 'Editor',
      descriptionZh: '门户内容与感知设备',
      descriptionEn: 'Content and devices',
      permissions: ['browse', 'things'],
    },
    { role: 'staff', nameZh: '工作人员', nameEn: 'Staff', descriptionZh: '登录使用门户', descriptionEn: 'Signed-in use', permissions: ['browse'] },
  ],
  permissions: [
    {
      key: 'browse',
      nameZh: '浏览门户公开内容',
      nameEn: 'Read the public portal',
      noteZh: '无需登录',
      noteEn: 'No sign-in needed',
      public: true,
      endpoints: [{ method: 'GET', path: '/api/notices' }],
    },
    {
      key: 'things',
      nameZh: '登记设备，创建、轮换和吊销设备密钥',
      nameEn: 'Register devices and manage device keys',
      noteZh: '市、县级用户只能管理本单位及下级单位的数据',
      noteEn: 'Users of a city or county act only for their own organisation',
      public: false,
      endpoints: [{ method: 'POST', path: '/api/things/{id}/keys' }],
    },
    {
      key: 'audit',
      nameZh: '查看和导出审计日志',
      nameEn: 'Read and export the audit log',
      noteZh: null,
      noteEn: null,
      public: false,
      endpoints: [{ method: 'GET', path: '/api/audit-log' }],
    },
  ],
};

let root: Root | undefined;
let container: HTMLDivElement | undefined;

beforeAll(assumeWideScreen);

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  setLocale('zh-CN');
});

/** The page with the server's answer already loaded; each permission row as [name, admin, editor, staff]. */
function rows(): string[][] {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(keyOf(rolesApi.listRoles, {}), ANSWER);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <QueryClientProvider client={client}>
        <RolesSection />
      </QueryClientProvider>,
    ),
  );
  const cell = (td: Element) => td.querySelector('[aria-label]')?.getAttribute('aria-label') ?? td.textContent ?? '';
  return [...container.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].slice(1).map(cell));
}

describe('角色权限', () => {
  it('lists each permission the server enforces with the roles that have it: editors manage device keys', () => {
    expect(rows()).toEqual([
      ['浏览门户公开内容无需登录', '可以', '可以', '可以'],
      ['登记设备，创建、轮换和吊销设备密钥市、县级用户只能管理本单位及下级单位的数据', '可以', '可以', '不可以'],
      ['查看和导出审计日志', '可以', '不可以', '不可以'],
    ]);
    expect(container!.textContent).not.toContain('随相应模块上线');
    expect(container!.textContent).toContain('门户内容与感知设备');
  });

  it('speaks English in en-US, names and descriptions included', () => {
    act(() => setLocale('en-US'));
    expect(rows()[1]).toEqual([
      'Register devices and manage device keysUsers of a city or county act only for their own organisation',
      'Allowed',
      'Allowed',
      'Not allowed',
    ]);
    expect(container!.textContent).toContain('Content and devices');
    expect(i18n.language).toBe('en-US');
  });
});
