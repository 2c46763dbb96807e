import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/i18n';
import '../../../i18n/management';
import { PasswordPolicy, type PolicyLine } from './PasswordPolicy';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  setLocale('zh-CN');
});

/** The checklist rendered; each line as a screen reader reads it (aria-hidden parts left out). */
function lines(policy: PolicyLine[]): string[] {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<PasswordPolicy lines={policy} />));
  return [...container.querySelectorAll('li')].map((li) => {
    const copy = li.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return copy.textContent ?? '';
  });
}

const TYPED: PolicyLine[] = [
  { key: 'length', text: '长度为 10–128 个字符', ok: true },
  { key: 'account', text: '不能包含账号名', ok: false },
  { key: 'common', text: '不能是常见的弱密码', ok: null, serverChecked: true },
];

describe('the password policy checklist', () => {
  it('says in words whether each rule is met, not by the icon’s colour alone', () => {
    expect(lines(TYPED)).toEqual(['长度为 10–128 个字符（已满足）', '不能包含账号名（未满足）', '不能是常见的弱密码（提交后由服务器检查）']);
  });

  it('hides the icons from screen readers: they only repeat the state', () => {
    lines(TYPED);
    const icons = [...container!.querySelectorAll('li > .anticon')];
    expect(icons).toHaveLength(3);
    for (const icon of icons) expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(container!.querySelector('ul')?.getAttribute('aria-label')).toBe('密码要求');
  });

  it('says nothing about a rule before anything is typed', () => {
    expect(lines([{ key: 'length', text: '长度为 10–128 个字符', ok: null }])).toEqual(['长度为 10–128 个字符']);
  });

  it('speaks English in en-US', () => {
    act(() => setLocale('en-US'));
    expect(
      lines([
        { key: 'length', text: '10 to 128 characters', ok: true },
        { key: 'account', text: 'Does not contain your account name', ok: false },
        { key: 'common', text: 'Not a common password', ok: null, serverChecked: true },
      ]),
    ).toEqual(['10 to 128 characters (met)', 'Does not contain your account name (not met)', 'Not a common password (checked when you submit)']);
  });
});
