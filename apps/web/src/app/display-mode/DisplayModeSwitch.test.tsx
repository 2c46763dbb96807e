import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { DISPLAY_MODE_STORAGE_KEY, readDisplayMode, reloadDisplayMode, setDisplayMode } from './display-mode';
import { DisplayModeSwitch } from './DisplayModeSwitch';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLDivElement | undefined;

beforeEach(() => {
  localStorage.clear();
  reloadDisplayMode();
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** Renders the header's switch, as a page load would after the mode was read from storage. */
function renderSwitch(): HTMLDivElement {
  reloadDisplayMode();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<DisplayModeSwitch />));
  return container;
}

function radio(view: HTMLElement, label: string): HTMLInputElement {
  const match = [...view.querySelectorAll('label')].find((l) => l.textContent === label);
  if (!match) throw new Error(`no option ${label}`);
  return match.querySelector('input') as HTMLInputElement;
}

describe('the 无障碍 switch', () => {
  it('opens its panel from the header button and closes it with Escape, focus back on the button', () => {
    const view = renderSwitch();
    const button = view.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toContain('无障碍');
    expect(view.querySelector('.display-mode-panel')?.hasAttribute('hidden')).toBe(true);
    act(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(view.querySelector('.display-mode-panel')?.hasAttribute('hidden')).toBe(false);
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('remembers 特大 and high contrast across a reload, and shows them on <html>', () => {
    let view = renderSwitch();
    expect(radio(view, '标准').checked).toBe(true);
    act(() => radio(view, '特大').click());
    act(() => (view.querySelector('input[role="switch"]') as HTMLInputElement).click());
    expect(document.documentElement.dataset.fontSize).toBe('extraLarge');
    expect(document.documentElement.dataset.contrast).toBe('high');
    expect(document.documentElement.style.getPropertyValue('--eco-font-scale')).toBe(String(20 / 14));

    // a new page load in the same browser
    act(() => root?.unmount());
    container?.remove();
    document.documentElement.removeAttribute('data-font-size');
    view = renderSwitch();
    expect(radio(view, '特大').checked).toBe(true);
    expect((view.querySelector('input[role="switch"]') as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.dataset.fontSize).toBe('extraLarge');

    // 恢复默认 forgets both
    act(() => (view.querySelector('.display-mode-reset') as HTMLButtonElement).click());
    expect(readDisplayMode()).toEqual({ fontSize: 'standard', highContrast: false });
    expect(document.documentElement.dataset.contrast).toBe('standard');
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['an unknown size', JSON.stringify({ fontSize: 'huge', highContrast: 'yes' })],
    ['a number', '42'],
  ])('starts at the standard mode when storage holds %s', (_what, stored) => {
    if (stored !== null) localStorage.setItem(DISPLAY_MODE_STORAGE_KEY, stored);
    expect(readDisplayMode()).toEqual({ fontSize: 'standard', highContrast: false });
  });

  it('keeps the valid half of a stored mode', () => {
    localStorage.setItem(DISPLAY_MODE_STORAGE_KEY, JSON.stringify({ fontSize: 'large', highContrast: 'yes' }));
    expect(readDisplayMode()).toEqual({ fontSize: 'large', highContrast: false });
  });

  it('still applies the choice when the storage refuses it', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => setDisplayMode({ fontSize: 'large' }, refusing)).not.toThrow();
    expect(document.documentElement.dataset.fontSize).toBe('large');
    expect(localStorage.getItem(DISPLAY_MODE_STORAGE_KEY)).toBeNull();
  });
});
