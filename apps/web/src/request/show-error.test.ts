import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import message from 'antd/es/message';
import notification from 'antd/es/notification';
import { setLocale } from '../i18n/i18n';
import { BizError, NetworkError, RequestTimeoutError, ResponseError, type ErrorInfo } from './errors';
import { antdErrorDisplay, exceptionHash, setErrorDisplay, showError } from './show-error';

type Shown = { kind: 'warn' | 'error'; text: string } | { kind: 'notify'; title: string; description: string } | { kind: 'redirect'; hash: string };

/** Installs a display that records what the user would see. */
function recordDisplay(): Shown[] {
  const shown: Shown[] = [];
  setErrorDisplay({
    warn: (text) => shown.push({ kind: 'warn', text }),
    error: (text) => shown.push({ kind: 'error', text }),
    notify: ({ title, description }) => shown.push({ kind: 'notify', title, description }),
    redirect: (hash) => shown.push({ kind: 'redirect', hash }),
  });
  return shown;
}

function biz(info: ErrorInfo): BizError {
  return new BizError({ errorCode: 'NOTICE_NOT_FOUND', errorMessage: '公告不存在', ...info });
}

let shown: Shown[];
beforeEach(() => {
  shown = recordDisplay();
});
afterEach(() => {
  setErrorDisplay();
  setLocale('zh-CN');
  localStorage.clear();
  delete window.routerBase;
  window.location.hash = '';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('showError follows the error display of docs/request-layer.md', () => {
  it('shows nothing for showType 0 (silent)', () => {
    showError(biz({ showType: 0 }));
    expect(shown).toEqual([]);
  });

  it('shows a warning message for showType 1', () => {
    showError(biz({ showType: 1 }));
    expect(shown).toEqual([{ kind: 'warn', text: '公告不存在' }]);
  });

  it('shows an error message for showType 2', () => {
    showError(biz({ showType: 2 }));
    expect(shown).toEqual([{ kind: 'error', text: '公告不存在' }]);
  });

  it('shows a notification with errorCode as title and errorMessage as description for showType 4', () => {
    showError(biz({ showType: 4 }));
    expect(shown).toEqual([{ kind: 'notify', title: 'NOTICE_NOT_FOUND', description: '公告不存在' }]);
  });

  it('redirects to the error page with errorCode and errorMessage for showType 9', () => {
    showError(biz({ showType: 9 }));
    expect(shown).toEqual([
      {
        kind: 'redirect',
        hash: '#/exception?errorCode=NOTICE_NOT_FOUND&errorMessage=%E5%85%AC%E5%91%8A%E4%B8%8D%E5%AD%98%E5%9C%A8',
      },
    ]);
  });

  it('shows an error message when showType is missing', () => {
    showError(biz({ showType: undefined }));
    expect(shown).toEqual([{ kind: 'error', text: '公告不存在' }]);
  });

  it('shows an error message when showType is unknown', () => {
    showError(biz({ showType: 3 }));
    expect(shown).toEqual([{ kind: 'error', text: '公告不存在' }]);
  });

  it('uses the envelope info of an HTTP error', () => {
    showError(new ResponseError({ status: 403, type: 'HttpError', info: { errorCode: 'FORBIDDEN', errorMessage: '无权访问', showType: 1 } }));
    expect(shown).toEqual([{ kind: 'warn', text: '无权访问' }]);
  });
});

describe('the redirect hash (showType 9)', () => {
  const code = 'A&B?C D';
  const text = '参数 错误 & ? 再试';
  const encoded = 'errorCode=A%26B%3FC%20D&errorMessage=%E5%8F%82%E6%95%B0%20%E9%94%99%E8%AF%AF%20%26%20%3F%20%E5%86%8D%E8%AF%95';

  it('URI-encodes spaces, &, ? and Chinese so both values read back intact', () => {
    showError(biz({ errorCode: code, errorMessage: text, showType: 9 }));
    expect(shown).toEqual([{ kind: 'redirect', hash: `#/exception?${encoded}` }]);
    const query = new URLSearchParams((shown[0] as { hash: string }).hash.split('?').slice(1).join('?'));
    expect(query.get('errorCode')).toBe(code);
    expect(query.get('errorMessage')).toBe(text);
  });

  it('starts with window.routerBase, normalised to start and end with /', () => {
    window.routerBase = 'portal';
    expect(exceptionHash(code, text)).toBe(`#/portal/exception?${encoded}`);
    window.routerBase = '/eco/web/';
    showError(biz({ errorCode: code, errorMessage: text, showType: 9 }));
    expect(shown).toEqual([{ kind: 'redirect', hash: `#/eco/web/exception?${encoded}` }]);
  });

  // The default display hands the words to antd's message and notification; what antd then draws
  // is seen in Chromium (e2e/request-errors.e2e.ts). Rendering it here would leave antd's timers and
  // React's scheduler running past the end of the test environment on a busy machine.
  it('hands messages to antd message and notifications (errorCode as title) to antd notification by default, once fetched', async () => {
    const error = vi.spyOn(message, 'error').mockReturnValue(undefined as never); // its result is never used
    const warning = vi.spyOn(message, 'warning').mockReturnValue(undefined as never);
    const open = vi.spyOn(notification, 'open').mockImplementation(() => {});
    setErrorDisplay(antdErrorDisplay);
    showError(biz({ errorMessage: '默认 错误提示', showType: 2 }));
    showError(biz({ errorMessage: '默认 警告', showType: 1 }));
    showError(biz({ errorCode: 'DEFAULT_NOTICE', errorMessage: '默认 通知', showType: 4 }));
    // antd's message and notification are fetched with the first error (show-message.ts)
    await expect.poll(() => open.mock.calls).toEqual([[{ title: 'DEFAULT_NOTICE', description: '默认 通知' }]]);
    await expect.poll(() => error.mock.calls).toEqual([['默认 错误提示']]);
    await expect.poll(() => warning.mock.calls).toEqual([['默认 警告']]);
  });

  it('sets window.location.hash with the default display', () => {
    setErrorDisplay(antdErrorDisplay);
    showError(biz({ errorCode: code, errorMessage: text, showType: 9 }));
    expect(window.location.hash).toBe(`#/exception?${encoded}`);
  });
});

describe('the text shown without error info', () => {
  it("shows the error's own message", () => {
    showError(new Error('Something specific broke'));
    expect(shown).toEqual([{ kind: 'error', text: 'Something specific broke' }]);
  });

  it('shows the zh-CN fallback when the error has no message', () => {
    showError(new Error(''));
    showError(undefined);
    expect(shown).toEqual([
      { kind: 'error', text: '请求错误，请重试。' },
      { kind: 'error', text: '请求错误，请重试。' },
    ]);
  });

  it('shows the en-US fallback when the locale is en-US', () => {
    setLocale('en-US');
    showError({});
    expect(shown).toEqual([{ kind: 'error', text: 'Request error, please retry.' }]);
  });

  it('falls back to the own message, localised, when the envelope has no errorMessage, keeping its showType', () => {
    const error = new ResponseError({ status: 502, type: 'HttpError', info: { errorCode: 'BAD_GATEWAY', showType: 1 } });
    showError(error);
    setLocale('en-US');
    showError(error);
    expect(shown).toEqual([
      { kind: 'warn', text: '服务器返回错误（HTTP 502），请稍后重试。' },
      { kind: 'warn', text: 'The server answered with an error (HTTP 502). Please retry later.' },
    ]);
    expect(error.message).toBe('Request failed with status code 502');
  });

  it('shows the localised wording of a response that cannot be read', () => {
    showError(new ResponseError({ status: 200, type: 'ParseError' }));
    expect(shown).toEqual([{ kind: 'error', text: '服务器返回的内容无法识别，请稍后重试。' }]);
  });

  it('shows the localised wording of a network failure, while the error keeps its English message', () => {
    const error = new NetworkError(new TypeError('Failed to fetch'));
    showError(error);
    setLocale('en-US');
    showError(error);
    expect(shown).toEqual([
      { kind: 'error', text: '网络请求失败，请检查网络连接后重试。' },
      { kind: 'error', text: 'Network request failed. Check your connection and retry.' },
    ]);
    expect(error.message).toBe('Network request failed');
  });

  it('shows the localised wording of a timeout, while the error keeps its English message', () => {
    const error = new RequestTimeoutError(5000);
    showError(error);
    expect(shown).toEqual([{ kind: 'error', text: '请求超时，请稍后重试。' }]);
    expect(error.message).toBe('timeout of 5000ms exceeded');
  });

  it('shows nothing for an aborted request', () => {
    showError(new DOMException('The operation was aborted.', 'AbortError'));
    expect(shown).toEqual([]);
  });
});
