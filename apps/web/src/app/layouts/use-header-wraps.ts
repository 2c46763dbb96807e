import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * True when the main header's title, menu and actions do not fit on one row of `header` (a flex row:
 * `.brand`, `.main-nav`, `.header-actions`), so the menu must take a row of its own under the title
 * (app.css, `.main-header-wrapped`), as it does at the larger text sizes: at 1280 px the English
 * menu is wider than the room beside the title and ran under the search button. Measured from the
 * menu items' own widths, so it holds for every locale, text size and signed-in name, and again
 * whenever any of them or the header changes size. False while there is no menu (phones: a drawer).
 */
export function useHeaderWraps(header: RefObject<HTMLElement | null>, hasMenu: boolean): boolean {
  const [wraps, setWraps] = useState(false);
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || !hasMenu || typeof ResizeObserver !== 'function') {
      setWraps(false);
      return;
    }
    const measure = () => {
      const brand = element.querySelector<HTMLElement>('.brand');
      const nav = element.querySelector<HTMLElement>('.main-nav');
      const actions = element.querySelector<HTMLElement>('.header-actions');
      if (!brand || !nav || !actions) return;
      const style = getComputedStyle(element);
      const gap = Number.parseFloat(style.columnGap) || 0;
      const padding = (Number.parseFloat(style.paddingLeft) || 0) + (Number.parseFloat(style.paddingRight) || 0);
      const items = [...nav.children].reduce((sum, item) => sum + (item as HTMLElement).offsetWidth, 0);
      setWraps(brand.offsetWidth + items + actions.offsetWidth + 2 * gap + padding > element.clientWidth);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const part of element.querySelectorAll('.brand, .header-actions, .main-nav > *')) observer.observe(part);
    measure();
    return () => observer.disconnect();
  }, [header, hasMenu]);
  return wraps;
}
