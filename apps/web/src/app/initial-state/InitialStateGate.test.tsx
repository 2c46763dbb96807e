import { act, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { sessionApi } from '@eco/contracts/api/session';
import { siteApi } from '@eco/contracts/api/site';
import { usersApi } from '@eco/contracts/api/users';
import { call, urlOf } from '../../api/client';
import { setCsrfToken } from '../../request/request';
import { setErrorDisplay } from '../../request/show-error';
import { useInitialState } from '../../state/initial-state';
import { InitialStateGate, loadFirstState } from './InitialStateGate';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SETTINGS = { title: '陕西省生态云感知系统', provinceName: '陕西省', footer: '', recordNumber: '', opsPlatformUrl: null };
const ADMIN = { id: 1, account: 'admin', displayName: '系统管理员', role: 'admin', organisation: null, mustChangePassword: false };

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const expired = () => new Response(JSON.stringify({ success: false, errorCode: 'NOT_SIGNED_IN', errorMessage: '请先登录', showType: 2 }), { status: 401 });

/** Shows who the gate says is signed in. */
function Who() {
  const { currentUser } = useInitialState();
  return <span id="who">{currentUser ? currentUser.account : 'nobody'}</span>;
}

let fetchMock: Mock<typeof fetch>;
let session: { user: typeof ADMIN | null; csrfToken: string };
let container: HTMLDivElement;
let root: Root;

const SITE_URL = urlOf(siteApi.getSiteSettings);
const SESSION_URL = urlOf(sessionApi.getSession);
const isSessionLoad = (url: unknown, init?: RequestInit) => String(url).endsWith(SESSION_URL) && (init?.method ?? 'GET') === 'GET';

/** Answers the initial-state calls from `session`, anything else (e.g. the user list) with a 401. */
function serve(): void {
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url).endsWith(SITE_URL)) return ok(SETTINGS);
    if (isSessionLoad(url, init)) return ok(session);
    return expired();
  });
}

const sessionLoads = () => fetchMock.mock.calls.filter(([url, init]) => isSessionLoad(url, init)).length;
const who = () => container.querySelector('#who')?.textContent;

/** Renders the gate around <Who/>; given the first load started before it, in a transition, as main.tsx does. */
async function mount(first?: ReturnType<typeof loadFirstState>): Promise<void> {
  const app = (
    <QueryClientProvider client={new QueryClient()}>
      <InitialStateGate first={first}>
        <Who />
      </InitialStateGate>
    </QueryClientProvider>
  );
  await act(async () => {
    if (first) startTransition(() => root.render(app));
    else root.render(app);
  });
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  setErrorDisplay({ warn: () => {}, error: () => {}, notify: () => {}, redirect: () => {} });
  session = { user: ADMIN, csrfToken: 'token-1' };
  serve();
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
  setErrorDisplay();
  setCsrfToken(null);
});

describe('the initial-state gate', () => {
  it('hands the CSRF token of the session to the request layer', async () => {
    await mount();
    expect(who()).toBe('admin');
    fetchMock.mockClear();
    serve();
    await call(sessionApi.signOut, undefined, { skipErrorHandler: true }).catch(() => {});
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('x-csrf-token')).toBe('token-1');
  });

  it('loads the state again when a request answers 401 while someone is signed in', async () => {
    await mount();
    expect(sessionLoads()).toBe(1);
    session = { user: null, csrfToken: 'token-2' }; // the server ended the session
    await act(async () => {
      await call(usersApi.listUsers, {}, { skipErrorHandler: true }).catch(() => {});
    });
    await vi.waitFor(() => expect(who()).toBe('nobody'), { timeout: 60_000 });
    expect(sessionLoads()).toBe(2);
  });

  it('loads once for a burst of 401s', async () => {
    await mount();
    session = { user: null, csrfToken: 'token-2' };
    await act(async () => {
      await Promise.all([1, 2, 3].map(() => call(usersApi.listUsers, {}, { skipErrorHandler: true }).catch(() => {})));
    });
    await vi.waitFor(() => expect(who()).toBe('nobody'), { timeout: 60_000 });
    expect(sessionLoads()).toBe(2);
  });

  it("does not reload for an anonymous visitor's 401 (a refused sign-in)", async () => {
    session = { user: null, csrfToken: 'token-1' };
    await mount();
    expect(who()).toBe('nobody');
    await act(async () => {
      await call(sessionApi.signIn, { body: { account: 'someone', password: 'wrong password' } }, { skipErrorHandler: true }).catch(() => {});
    });
    expect(sessionLoads()).toBe(1);
  });

  it('given the first load started before it, leaves what the page drew until that load has come, then shows the app once', async () => {
    // what build/boot.js draws before the app runs
    container.innerHTML = '<p id="drawn-by-the-page">通知公告</p>';
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const first = loadFirstState();
    await mount(first);
    expect(container.querySelector('#drawn-by-the-page')?.textContent).toBe('通知公告');
    expect(who()).toBeUndefined();

    await act(async () => {
      answer(ok(SETTINGS));
      await first;
    });
    expect(who()).toBe('admin');
    expect(container.querySelector('#drawn-by-the-page')).toBeNull();
    // the gate did not ask again on mounting
    expect(sessionLoads()).toBe(1);
  });

  it('offers the retry when the first load started before it has failed', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('bad gateway', { status: 502 }));
    const first = loadFirstState();
    await mount(first);
    expect(who()).toBeUndefined();
    await act(async () => {
      await first;
    });
    const retry = [...container.querySelectorAll('button')].find((button) => button.textContent?.replace(/\s/g, '') === '重试');
    expect(retry).toBeDefined();
    await act(async () => retry!.click());
    await vi.waitFor(() => expect(who()).toBe('admin'), { timeout: 60_000 });
  });
});
