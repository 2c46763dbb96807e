import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

const ORIGIN = 'https://eco.example.gov.cn';

describe('where the sign-in page sends someone back to (returnTo)', () => {
  it('accepts the single sign-on interaction that sent them here', () => {
    expect(safeReturnTo('/api/oidc/interaction/Xy_12-ab', ORIGIN)).toBe('/api/oidc/interaction/Xy_12-ab');
    expect(safeReturnTo('/api/oidc/auth?client_id=a&state=b', ORIGIN)).toBe('/api/oidc/auth?client_id=a&state=b');
  });

  it('ignores a missing or empty value', () => {
    expect(safeReturnTo(null, ORIGIN)).toBeNull();
    expect(safeReturnTo(undefined, ORIGIN)).toBeNull();
    expect(safeReturnTo('', ORIGIN)).toBeNull();
  });

  it.each([
    ['another origin', 'https://evil.example'],
    ['another origin with the prefix', 'https://evil.example/api/oidc/interaction/x'],
    ['this origin, written out', `${ORIGIN}/api/oidc/interaction/x`],
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with the prefix', '//evil.example/api/oidc/x'],
    ['a backslash address', '/\\evil.example'],
    ['a backslash address with the prefix', '/\\evil.example/api/oidc/x'],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a javascript: URL in capitals with spaces', ' JavaScript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/api/oidc/x\nSet-Cookie: a=b'],
    ['a path outside the provider', '/api/session'],
    ['a hash route of the app', '/#/home'],
    ['a path climbing out of the provider', '/api/oidc/../../evil'],
    ['a path climbing out, percent-encoded', '/api/oidc/%2e%2e/%2e%2e/evil'],
    ['a relative path', 'api/oidc/interaction/x'],
    ['a very long value', `/api/oidc/${'a'.repeat(3000)}`],
  ])('ignores %s', (_name, value) => {
    expect(safeReturnTo(value, ORIGIN)).toBeNull();
  });
});
