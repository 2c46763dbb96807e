import { afterEach, describe, expect, it } from 'vitest';
import { routerBase } from './router-base';

afterEach(() => {
  delete window.routerBase;
});

describe('routerBase', () => {
  it('is / when window.routerBase is not set', () => {
    expect(routerBase()).toBe('/');
  });

  it('reads window.routerBase and makes it start and end with /', () => {
    window.routerBase = 'portal';
    expect(routerBase()).toBe('/portal/');
    window.routerBase = '/a/b';
    expect(routerBase()).toBe('/a/b/');
    window.routerBase = '/x/';
    expect(routerBase()).toBe('/x/');
  });

  it('treats empty, blank and doubled slashes sensibly', () => {
    expect(routerBase('')).toBe('/');
    expect(routerBase('  ')).toBe('/');
    expect(routerBase('/')).toBe('/');
    expect(routerBase('//eco//web')).toBe('/eco/web/');
  });
});
