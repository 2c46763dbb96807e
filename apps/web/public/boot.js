/**
 * Starts the app once the page has painted its header (index.html), and meanwhile fetches what the
 * screen the address names needs (issue 13 item 9: a lighter first load). Plain JavaScript, served
 * as it is and loaded `async` from the page's head; its lists come from meta tags the build writes
 * (build/route-preload.ts):
 *
 * - `eco-route-chunks`: per public screen (the last segment of #/home, #/notification-announcement,
 *   #/technical-regulations; an empty route is /home), the files its code needs beyond the entry
 *   chunk. They are fetched now, beside the entry chunk, instead of after it has run; any other
 *   address fetches nothing early.
 * - `eco-route-reads`: per public screen, the API reads its default view starts with (the first page
 *   of notices, say). Asked for now, as `<link rel="preload" as="fetch">` like api/site in
 *   index.html, when the address has no query (a query may ask for another page or filter).
 * - `eco-entry-css`: the app's stylesheets, which the page preloads without waiting for them to
 *   paint its header (it styles the header itself). They are applied here, and the app starts once
 *   they have loaded (or failed), so its first screen is never drawn unstyled.
 * - `eco-entry`: the app's entry chunk, which the page preloads but does not run. It is imported
 *   once the browser reports the first contentful paint (the header), so a slow phone shows the
 *   header at once instead of after the entry chunk has run (about a second of its CPU); a page
 *   that paints nothing soon (opened in a background tab) or cannot tell starts it after 250 ms.
 */
(() => {
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
  /** A `<link>` with `attributes` for `href`, asked for as the app's own loader asks (anonymous CORS), so the browser uses what is fetched here. */
  const addLink = (attributes, href) => {
    const link = Object.assign(document.createElement('link'), attributes, { crossOrigin: '', href });
    document.head.appendChild(link);
  };

  const chunks = meta('eco-route-chunks');
  const path = location.hash.slice(1).split('?')[0].replace(/\/+$/, '');
  const screen = path.slice(path.lastIndexOf('/') + 1) || 'home';
  const files = chunks ? JSON.parse(chunks)[screen] : undefined;
  for (const file of Array.isArray(files) ? files : []) {
    addLink(file.endsWith('.css') ? { rel: 'preload', as: 'style' } : { rel: 'modulepreload' }, file);
  }

  const reads = meta('eco-route-reads');
  const wanted = reads && !location.hash.includes('?') ? JSON.parse(reads)[screen] : undefined;
  for (const href of Array.isArray(wanted) ? wanted : []) addLink({ rel: 'preload', as: 'fetch' }, href);

  const css = meta('eco-entry-css');
  const styled = (css ? JSON.parse(css) : []).map((href) => new Promise((resolve) => addLink({ rel: 'stylesheet', onload: resolve, onerror: resolve }, href)));

  const entry = meta('eco-entry');
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    Promise.all(styled).then(() => import(new URL(entry, document.baseURI).href));
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
