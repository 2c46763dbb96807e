import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NearScreen } from './NearScreen';

// React's act() environment flag for a hand-rolled test renderer
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in for the browser's IntersectionObserver that the test tells when the place comes near. */
class FakeObserver {
  static last: FakeObserver | undefined;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe = vi.fn();
  disconnect = vi.fn();
  comeNear(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('NearScreen', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    FakeObserver.last = undefined;
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  const show = () =>
    act(() =>
      root.render(
        <NearScreen placeholder={<p>loading…</p>}>
          <p>the latest notices</p>
        </NearScreen>,
      ),
    );

  it('shows the placeholder until the place is near the screen, then the content for good', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    show();
    expect(container.textContent).toBe('loading…');
    act(() => FakeObserver.last!.comeNear(false));
    expect(container.textContent).toBe('loading…');
    act(() => FakeObserver.last!.comeNear(true));
    expect(container.textContent).toBe('the latest notices');
    expect(FakeObserver.last!.disconnect).toHaveBeenCalled();
  });

  it('shows the content at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    show();
    expect(container.textContent).toBe('the latest notices');
  });
});
