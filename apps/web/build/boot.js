/**
 * Starts the app, and first draws what the page can show without it (issue 13 item 9: a lighter
 * first load). Plain JavaScript, written into the page as an inline script at the end of its body
 * (build/route-preload.ts: a file would cost a round trip before the first paint; the server allows
 * it by its hash, apps/server/src/http/web-index.ts). It runs before the first paint, and reads the
 * meta tags the build writes:
 *
 * - `eco-route-heads`: per locale and public screen (the last segment of #/home,
 *   #/notification-announcement, #/technical-regulations; an empty route is /home), the screen's
 *   heading: /home's introduction under the site's title (which the server writes into the header,
 *   `.boot-title`), a list screen's breadcrumbs, title and subtitle. Drawn under the header in the
 *   reader's language (localStorage `eco.locale`, as src/i18n/i18n.ts) with the app's sizes (the
 *   page's own styles, index.html), so a phone on a slow network shows the screen's heading in a
 *   second instead of once the app has arrived and run; the app's first screen replaces it. Not
 *   drawn in a larger text size or high contrast (localStorage `eco.display`,
 *   src/app/display-mode/display-mode.ts), whose styles come with the app.
 * - `eco-route-reads`: per public screen, the API reads its default view starts with (the first page
 *   of notices, say). Asked for at once, as `<link rel="preload" as="fetch">` like api/site in
 *   index.html, when the address has no query (a query may ask for another page or filter).
 * - `eco-entry-css`: the app's stylesheets, which the page preloads without waiting for them to
 *   paint (it styles what it draws itself). Applied here; the app starts once they have loaded (or
 *   failed), so its first screen is never drawn unstyled.
 * - `eco-entry` (the app's entry chunk and the chunks it imports) and `eco-route-chunks` (per public
 *   screen, the files its code needs beyond those): fetched once the browser reports the first
 *   contentful paint, as modulepreload links (styles as preload), the screen's files beside the
 *   entry's instead of after it has run; then the entry chunk is imported. A page that paints
 *   nothing soon (opened in a background tab) or cannot tell starts after 250 ms. Any other address
 *   fetches no screen's files early.
 */
(() => {
  const meta = (name) => {
    const content = document.querySelector(`meta[name="${name}"]`)?.content;
    return content ? JSON.parse(content) : undefined;
  };
  /** A `<link>` with `attributes` for `href`, asked for as the app's own loader asks (anonymous CORS), so the browser uses what is fetched here. */
  const addLink = (attributes, href) => {
    const link = Object.assign(document.createElement('link'), attributes, { crossOrigin: '', href });
    document.head.appendChild(link);
  };
  const stored = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // storage can be blocked (private mode, sandboxed frames)
    }
  };
  /** An element `tag` with `className` and the text or children given. */
  const element = (tag, className, ...content) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.append(...content);
    return node;
  };

  const path = location.hash.slice(1).split('?')[0].replace(/\/+$/, '');
  const screen = path.slice(path.lastIndexOf('/') + 1) || 'home';

  const locale = stored('eco.locale') === 'en-US' ? 'en-US' : 'zh-CN';
  let display = {};
  try {
    display = JSON.parse(stored('eco.display') ?? '{}') ?? {};
  } catch {
    // not a mode: the standard one
  }
  const head = meta('eco-route-heads')?.[locale]?.[screen];
  const root = document.getElementById('root');
  if (head && root && (display.fontSize ?? 'standard') === 'standard' && display.highContrast !== true) {
    document.documentElement.lang = locale;
    const main = element('main', 'boot-main');
    if (head.intro) {
      const title = document.querySelector('.boot-title')?.textContent ?? '';
      main.append(element('section', 'boot-hero', element('h1', '', title), element('p', '', head.intro)));
    } else {
      const crumbs = element('ol', '', ...head.crumbs.map((crumb) => element('li', '', crumb)));
      main.append(element('nav', 'boot-crumbs', crumbs), element('div', 'boot-page', element('h1', '', head.title), element('p', '', head.subtitle)));
    }
    root.append(main);
  }

  const reads = location.hash.includes('?') ? undefined : meta('eco-route-reads')?.[screen];
  for (const href of Array.isArray(reads) ? reads : []) addLink({ rel: 'preload', as: 'fetch' }, href);

  const styled = (meta('eco-entry-css') ?? []).map((href) => new Promise((resolve) => addLink({ rel: 'stylesheet', onload: resolve, onerror: resolve }, href)));

  const entry = meta('eco-entry');
  if (!Array.isArray(entry) || entry.length === 0) return;
  const chunks = meta('eco-route-chunks')?.[screen];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const file of [...entry, ...(Array.isArray(chunks) ? chunks : [])]) {
      addLink(file.endsWith('.css') ? { rel: 'preload', as: 'style' } : { rel: 'modulepreload' }, file);
    }
    Promise.all(styled).then(() => import(new URL(entry[0], document.baseURI).href));
  };
  try {
    // 'first-paint' can come before anything is drawn (a background colour): wait for the content
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing in this browser: the timer below starts the app
  }
  setTimeout(start, 250);
})();
