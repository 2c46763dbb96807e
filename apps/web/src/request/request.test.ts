import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setLocale } from '../i18n/i18n';
import { BizError, NetworkError, RequestTimeoutError, ResponseError } from './errors';
import { clearRequestCache, del, get, onUnauthorized, patch, post, put, request, setCsrfToken } from './request';
import { setErrorDisplay } from './show-error';

type Shown = { kind: 'warn' | 'error' | 'notify' | 'redirect'; text: string };

/** Installs a display that records what the user would see. */
function recordDisplay(): Shown[] {
  const shown: Shown[] = [];
  setErrorDisplay({
    warn: (text) => shown.push({ kind: 'warn', text }),
    error: (text) => shown.push({ kind: 'error', text }),
    notify: ({ title, description }) => shown.push({ kind: 'notify', text: `${title}: ${description}` }),
    redirect: (hash) => shown.push({ kind: 'redirect', text: hash }),
  });
  return shown;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const ok = (data: unknown) => json({ success: true, data });

let fetchMock: Mock<typeof fetch>;
let shown: Shown[];

/** The url and init of the n-th fetch call. */
function call(n = 0): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls[n]!;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

/** Makes the stubbed fetch answer every call with a fresh response from `make`. */
function answer(make: () => Response): void {
  fetchMock.mockImplementation(async () => make());
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  shown = recordDisplay();
  clearRequestCache();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setErrorDisplay();
  setCsrfToken(null);
  setLocale('zh-CN');
  localStorage.clear();
});

describe('a successful request', () => {
  it("resolves with the envelope's data", async () => {
    answer(() => ok({ items: [1, 2], total: 2 }));
    await expect(request('/api/notices')).resolves.toEqual({ items: [1, 2], total: 2 });
    expect(call().init.method).toBe('GET');
    expect(shown).toEqual([]);
  });

  it('sends credentials same-origin, Accept JSON and the current locale as Accept-Language', async () => {
    answer(() => ok(null));
    await request('/api/a');
    setLocale('en-US');
    await request('/api/b', { method: 'POST', data: { x: 1 } });
    expect(call(0).init.credentials).toBe('same-origin');
    expect(call(1).init.credentials).toBe('same-origin');
    expect(call(0).headers.get('Accept')).toBe('application/json');
    expect(call(0).headers.get('Accept-Language')).toBe('zh-CN');
    expect(call(1).headers.get('Accept-Language')).toBe('en-US');
  });

  it('resolves with undefined for 204 No Content', async () => {
    answer(() => new Response(null, { status: 204 }));
    await expect(del('/api/notices/1')).resolves.toBeUndefined();
    expect(call().init.method).toBe('DELETE');
  });
});

describe('params', () => {
  it('appends params to the query string, arrays as repeated keys, skipping undefined and null', async () => {
    answer(() => ok([]));
    await get('/api/stations', {
      params: { city: '西安 市', kind: ['air', 'water'], page: 1, draft: false, q: undefined, tag: null, at: new Date('2024-01-08T00:00:00Z') },
    });
    const url = new URL(call().url, 'http://localhost');
    expect(url.pathname).toBe('/api/stations');
    expect(url.searchParams.get('city')).toBe('西安 市');
    expect(url.searchParams.getAll('kind')).toEqual(['air', 'water']);
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('draft')).toBe('false');
    expect(url.searchParams.get('at')).toBe('2024-01-08T00:00:00.000Z');
    expect(url.searchParams.has('q')).toBe(false);
    expect(url.searchParams.has('tag')).toBe(false);
  });

  it('adds to a query string already in the url', async () => {
    answer(() => ok([]));
    await get('/api/x?a=1', { params: { b: 2 } });
    expect(call().url).toBe('/api/x?a=1&b=2');
  });

  it('leaves the url alone when every param is empty', async () => {
    answer(() => ok([]));
    await get('/api/x', { params: { a: undefined, b: [] } });
    expect(call().url).toBe('/api/x');
  });
});

describe('bodies', () => {
  it('sends data as JSON by default', async () => {
    answer(() => ok({ id: 7 }));
    await expect(post('/api/notices', { title: '通知 & 公告', tags: ['a'] })).resolves.toEqual({ id: 7 });
    expect(call().init.method).toBe('POST');
    expect(call().headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(call().init.body as string)).toEqual({ title: '通知 & 公告', tags: ['a'] });
  });

  it("sends data url-encoded with requestType 'form'", async () => {
    answer(() => ok(null));
    await put('/api/profile', { name: '张 三', roles: ['a', 'b'], note: undefined }, { requestType: 'form' });
    expect(call().init.method).toBe('PUT');
    expect(call().headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(call().init.body as string);
    expect(body.get('name')).toBe('张 三');
    expect(body.getAll('roles')).toEqual(['a', 'b']);
    expect(body.has('note')).toBe(false);
  });

  it('passes FormData through as multipart, leaving the content type to the browser', async () => {
    answer(() => ok(null));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await patch('/api/upload', form);
    expect(call().init.method).toBe('PATCH');
    expect(call().init.body).toBe(form);
    expect(call().headers.has('Content-Type')).toBe(false);
  });

  it('sends no body with GET', async () => {
    answer(() => ok(null));
    await request('/api/x', { data: { ignored: true } });
    expect(call().init.body).toBeUndefined();
  });
});

describe('business errors (2xx with success: false)', () => {
  const failure = { success: false, errorCode: 'NOTICE_NOT_FOUND', errorMessage: '公告不存在', showType: 4 };

  it('rejects with a BizError carrying errorCode, errorMessage and showType, and shows it', async () => {
    answer(() => json(failure));
    const error = await request('/api/notices/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BizError);
    expect(error).toMatchObject({ name: 'BizError', message: '公告不存在', info: { errorCode: 'NOTICE_NOT_FOUND', errorMessage: '公告不存在', showType: 4 } });
    expect(shown).toEqual([{ kind: 'notify', text: 'NOTICE_NOT_FOUND: 公告不存在' }]);
  });

  it('shows nothing with skipErrorHandler, but still rejects', async () => {
    answer(() => json(failure));
    const errorHandler = vi.fn();
    await expect(request('/api/notices/9', { skipErrorHandler: true, errorHandler })).rejects.toBeInstanceOf(BizError);
    expect(shown).toEqual([]);
    expect(errorHandler).not.toHaveBeenCalled();
  });

  it('hands the error to a per-request errorHandler instead of the generic display, and still rejects', async () => {
    answer(() => json(failure));
    const errorHandler = vi.fn();
    const error = await request('/api/notices/9', { errorHandler }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BizError);
    expect(errorHandler).toHaveBeenCalledExactlyOnceWith(error);
    expect(shown).toEqual([]);
  });
});

describe('HTTP errors', () => {
  it('rejects any status outside 200–299 with a ResponseError carrying the status', async () => {
    answer(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ name: 'ResponseError', status: 502, type: 'HttpError', info: undefined });
    expect(shown).toEqual([{ kind: 'error', text: '服务器返回错误（HTTP 502），请稍后重试。' }]);
  });

  it('rejects a 300 status even when its body is a success envelope', async () => {
    answer(() => json({ success: true, data: 1 }, 300));
    await expect(request('/api/x')).rejects.toMatchObject({ status: 300, type: 'HttpError' });
  });

  it("uses the error envelope's errorCode, errorMessage and showType for display", async () => {
    answer(() => json({ success: false, errorCode: 'NOT_SIGNED_IN', errorMessage: '请先登录', showType: 9 }, 401));
    const error = await request('/api/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, type: 'HttpError', info: { errorCode: 'NOT_SIGNED_IN', errorMessage: '请先登录', showType: 9 } });
    expect(shown).toEqual([{ kind: 'redirect', text: `#/exception?errorCode=NOT_SIGNED_IN&errorMessage=${encodeURIComponent('请先登录')}` }]);
  });

  it('keeps validation details of a 400', async () => {
    const details = [{ field: '/pageSize', message: 'must be <= 100' }];
    answer(() => json({ success: false, errorCode: 'VALIDATION_FAILED', errorMessage: '参数错误', showType: 2, details }, 400));
    await expect(request('/api/x', { skipErrorHandler: true })).rejects.toMatchObject({ status: 400, info: { details } });
  });
});

describe('parse errors', () => {
  it('rejects a 2xx body that is not JSON with a ResponseError of type ParseError', async () => {
    answer(() => new Response('<!doctype html><p>index</p>', { status: 200 }));
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ status: 200, type: 'ParseError' });
    expect(shown).toHaveLength(1);
  });

  it('rejects a 2xx JSON body that is not an envelope with a ParseError', async () => {
    answer(() => json([1, 2, 3]));
    await expect(request('/api/x')).rejects.toMatchObject({ name: 'ResponseError', type: 'ParseError' });
  });
});

describe('network failures', () => {
  it.each([
    ['Chrome', 'Failed to fetch'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
    ['Safari', 'Load failed'],
  ])('rejects with exactly "Network request failed" whatever %s says', async (_browser, wording) => {
    fetchMock.mockRejectedValue(new TypeError(wording));
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network request failed');
    expect(shown).toEqual([{ kind: 'error', text: '网络请求失败，请检查网络连接后重试。' }]);
  });

  it('treats a connection lost while reading the body as a network failure', async () => {
    answer(() => new Response(new ReadableStream({ start: (c) => c.error(new TypeError('network error')) })));
    await expect(request('/api/x')).rejects.toThrow(/^Network request failed$/);
  });
});

describe('aborting', () => {
  function hangingFetch(): void {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
  }

  it("rejects with the caller's AbortError when the caller aborts, shown nowhere", async () => {
    hangingFetch();
    const controller = new AbortController();
    const errorHandler = vi.fn();
    const pending = request('/api/x', { signal: controller.signal, errorHandler });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(errorHandler).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('times out with a RequestTimeoutError and aborts the fetch', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = request('/api/slow', { timeout: 5000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4999);
    expect(call().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect((error as Error).message).toBe('timeout of 5000ms exceeded');
    expect(call().init.signal?.aborted).toBe(true);
    expect(shown).toEqual([{ kind: 'error', text: '请求超时，请稍后重试。' }]);
  });

  it('times out even when fetch ignores the abort', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    const pending = request('/api/slow', { timeout: 100, skipErrorHandler: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(await pending).toBeInstanceOf(RequestTimeoutError);
  });

  it('has no timeout by default and clears its timer once answered', async () => {
    vi.useFakeTimers();
    answer(() => ok(1));
    await request('/api/x');
    await request('/api/x', { timeout: 5000 });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('caching GET responses (useCache)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    let n = 0;
    answer(() => ok({ n: ++n }));
  });

  it('serves a second GET within 60000 ms from the cache without a fetch', async () => {
    await expect(get('/api/cities', { useCache: true, params: { p: 1 } })).resolves.toEqual({ n: 1 });
    vi.advanceTimersByTime(59_999);
    await expect(get('/api/cities', { useCache: true, params: { p: 1 } })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetches again after 60000 ms', async () => {
    await get('/api/cities', { useCache: true });
    vi.advanceTimersByTime(60_000);
    await expect(get('/api/cities', { useCache: true })).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('honours a custom ttl', async () => {
    await get('/api/cities', { useCache: true, ttl: 1000 });
    vi.advanceTimersByTime(999);
    await expect(get('/api/cities', { useCache: true, ttl: 1000 })).resolves.toEqual({ n: 1 });
    vi.advanceTimersByTime(1);
    await expect(get('/api/cities', { useCache: true, ttl: 1000 })).resolves.toEqual({ n: 2 });
  });

  it('keys the cache by url and params', async () => {
    await get('/api/cities', { useCache: true, params: { p: 1 } });
    await expect(get('/api/cities', { useCache: true, params: { p: 2 } })).resolves.toEqual({ n: 2 });
    await expect(get('/api/towns', { useCache: true, params: { p: 1 } })).resolves.toEqual({ n: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not cache without useCache', async () => {
    await get('/api/cities');
    await expect(get('/api/cities')).resolves.toEqual({ n: 2 });
    await get('/api/cities', { useCache: true });
    await expect(get('/api/cities')).resolves.toEqual({ n: 4 });
  });

  it('does not cache a failed response', async () => {
    let n = 0;
    answer(() => (++n === 1 ? json({ success: false, errorCode: 'BUSY', errorMessage: '忙', showType: 0 }) : ok({ n })));
    await expect(get('/api/cities', { useCache: true })).rejects.toBeInstanceOf(BizError);
    await expect(get('/api/cities', { useCache: true })).resolves.toEqual({ n: 2 });
    await expect(get('/api/cities', { useCache: true })).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not let a caller that mutates its result change what the cache serves', async () => {
    const first = await get<{ n: number }>('/api/cities', { useCache: true });
    first.n = 99;
    const second = await get<{ n: number }>('/api/cities', { useCache: true });
    expect(second).toEqual({ n: 1 });
    second.n = 98;
    await expect(get('/api/cities', { useCache: true })).resolves.toEqual({ n: 1 });
  });

  it('never caches other methods', async () => {
    await post('/api/cities', {}, { useCache: true });
    await expect(post('/api/cities', {}, { useCache: true })).resolves.toEqual({ n: 2 });
  });
});

describe('the CSRF token', () => {
  it('sends x-csrf-token with POST, PUT, PATCH and DELETE once a token is set', async () => {
    answer(() => ok(null));
    setCsrfToken('tok-1');
    await post('/api/a', { x: 1 });
    await put('/api/a', { x: 1 });
    await patch('/api/a', { x: 1 });
    await del('/api/a');
    expect([0, 1, 2, 3].map((n) => call(n).headers.get('x-csrf-token'))).toEqual(['tok-1', 'tok-1', 'tok-1', 'tok-1']);
  });

  it('never sends it with GET', async () => {
    answer(() => ok(null));
    setCsrfToken('tok-1');
    await get('/api/a');
    expect(call().headers.has('x-csrf-token')).toBe(false);
  });

  it('sends no header before a token is set, and none after it is cleared', async () => {
    answer(() => ok(null));
    await post('/api/a');
    setCsrfToken('tok-1');
    setCsrfToken(null);
    await post('/api/a');
    expect(call(0).headers.has('x-csrf-token')).toBe(false);
    expect(call(1).headers.has('x-csrf-token')).toBe(false);
  });

  it('sends the newest token after it changes (a sign-in or sign-out brings a new one)', async () => {
    answer(() => ok(null));
    setCsrfToken('before-sign-in');
    await post('/api/session', { account: 'a', password: 'b' });
    setCsrfToken('after-sign-in');
    await del('/api/session');
    expect(call(0).headers.get('x-csrf-token')).toBe('before-sign-in');
    expect(call(1).headers.get('x-csrf-token')).toBe('after-sign-in');
  });

  it("leaves a caller's own x-csrf-token header alone", async () => {
    answer(() => ok(null));
    setCsrfToken('tok-1');
    await post('/api/a', {}, { headers: { 'X-CSRF-Token': 'explicit' } });
    expect(call().headers.get('x-csrf-token')).toBe('explicit');
  });
});

describe('401 answers (the session ended)', () => {
  const expired = { success: false, errorCode: 'NOT_SIGNED_IN', errorMessage: '登录已失效，请重新登录', showType: 2 };

  it('tells every listener, before the error is shown, and still rejects and shows it', async () => {
    answer(() => json(expired, 401));
    const seen: string[] = [];
    const first = vi.fn((error: ResponseError) => seen.push(`first ${error.status} shown=${shown.length}`));
    const second = vi.fn(() => seen.push('second'));
    const offFirst = onUnauthorized(first);
    const offSecond = onUnauthorized(second);
    try {
      const error = await request('/api/users').catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ResponseError', status: 401, info: { errorCode: 'NOT_SIGNED_IN' } });
      expect(first).toHaveBeenCalledExactlyOnceWith(error);
      expect(seen).toEqual(['first 401 shown=0', 'second']);
      expect(shown).toEqual([{ kind: 'error', text: '登录已失效，请重新登录' }]);
    } finally {
      offFirst();
      offSecond();
    }
  });

  it('tells the listeners even when the request opts out of error display', async () => {
    answer(() => json(expired, 401));
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    try {
      await expect(request('/api/users', { skipErrorHandler: true })).rejects.toMatchObject({ status: 401 });
      expect(listener).toHaveBeenCalledTimes(1);
      expect(shown).toEqual([]);
    } finally {
      off();
    }
  });

  it('does not tell them about other failures: 403, 400, a 200 business error, no answer', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    try {
      answer(() => json({ ...expired, errorCode: 'FORBIDDEN' }, 403));
      await request('/api/users').catch(() => {});
      answer(() => json({ ...expired, errorCode: 'VALIDATION_FAILED' }, 400));
      await request('/api/users').catch(() => {});
      answer(() => json(expired));
      await request('/api/users').catch(() => {});
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await request('/api/users').catch(() => {});
      expect(listener).not.toHaveBeenCalled();
    } finally {
      off();
    }
  });

  it('stops telling a listener once it unregisters, and a failing listener does not stop the others', async () => {
    answer(() => json(expired, 401));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = vi.fn(() => {
      throw new Error('listener bug');
    });
    const after = vi.fn();
    const offFailing = onUnauthorized(failing);
    const offAfter = onUnauthorized(after);
    try {
      await expect(request('/api/users')).rejects.toMatchObject({ status: 401 });
      expect(after).toHaveBeenCalledTimes(1);
      offAfter();
      await expect(request('/api/users')).rejects.toMatchObject({ status: 401 });
      expect(after).toHaveBeenCalledTimes(1);
      expect(failing).toHaveBeenCalledTimes(2);
    } finally {
      offFailing();
      offAfter();
      consoleError.mockRestore();
    }
  });
});
