import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useFontScale } from './use-font-scale';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Shown() {
  return <span>{useFontScale()}</span>;
}

// the files of a worker share one document (vitest.config.ts: isolate false), and another may have set it
const clear = () => document.documentElement.style.removeProperty('--eco-font-scale');
beforeEach(clear);
afterEach(clear);

it('follows the text size set on the page, 1 until one is set', async () => {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<Shown />));
  expect(container.textContent).toBe('1');
  // as app/display-mode sets it when the visitor picks 特大
  await act(async () => {
    document.documentElement.style.setProperty('--eco-font-scale', String(20 / 14));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(Number(container.textContent)).toBeCloseTo(20 / 14);
  act(() => root.unmount());
});
