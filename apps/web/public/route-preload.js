/**
 * Starts fetching the code of the screen the address names (#/home, #/notification-announcement,
 * #/technical-regulations; an empty route is /home) while the app's own script still downloads,
 * instead of after it has run (issue 13 item 9: a lighter first load). The files come from the
 * `eco-route-chunks` meta tag the build writes (build/route-preload.ts); any other address fetches
 * nothing early. Plain JavaScript: it is served as it is, before the app, and must not wait for it.
 */
(() => {
  const meta = document.querySelector('meta[name="eco-route-chunks"]');
  if (!meta) return;
  const path = location.hash.slice(1).split('?')[0].replace(/\/+$/, '');
  const screen = path.slice(path.lastIndexOf('/') + 1) || 'home';
  const files = JSON.parse(meta.content)[screen];
  if (!Array.isArray(files)) return;
  for (const file of files) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // as the app's own loader asks for them (anonymous CORS), so the browser uses what is fetched here
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
})();
