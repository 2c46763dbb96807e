/**
 * Where the sign-in page may send someone back to after signing in: the single sign-on
 * interaction that sent them here (`/#/portal-management?returnTo=/api/oidc/interaction/<uid>`,
 * apps/server/src/modules/oidc/routes.ts). Anything else is ignored, because a sign-in page that
 * follows any address it is given is an open redirect (OWASP "Unvalidated Redirects and Forwards").
 */

/** The only paths `returnTo` may lead to: the portal's own OpenID provider. */
export const RETURN_TO_PREFIX = '/api/oidc/';

/**
 * The address to open after signing in for the `returnTo` query value `value` (null when absent),
 * on the page's origin `origin` (e.g. `https://eco.example.gov.cn`): the normalised path and query
 * when `value` is a same-origin path under {@link RETURN_TO_PREFIX}; null for anything else — other
 * origins (`https://evil.example`), protocol-relative (`//evil.example`) and backslash
 * (`/\evil.example`) addresses, `javascript:` and other schemes, control characters, and paths that
 * climb out of the prefix (`/api/oidc/../../x`).
 */
export function safeReturnTo(value: string | null | undefined, origin: string): string | null {
  if (!value || value.length > 2048) return null;
  // browsers read `\` as `/` and drop tabs and newlines, so `/\evil.example` is `//evil.example`
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a return address with control characters is refused, so the pattern names them
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith(RETURN_TO_PREFIX)) return null;
  return url.pathname + url.search;
}
