import fs from 'node:fs/promises';
import { minify, type Plugin, type Rolldown } from 'vite';

/** What the page draws of a public screen before the app runs (build/boot.js), in one locale. */
export type ScreenHead = { intro: string } | { crumbs: string[]; title: string; subtitle: string };

/**
 * Writes the meta tags that build/boot.js reads, and that script itself, minified, as an inline
 * script at the end of the page's body, so a first visit paints the page's header and the screen's
 * heading before the app runs and then fetches the screen's code beside the entry chunk rather than
 * after it has run (issue 13 item 9):
 *
 * - `eco-route-chunks`: for each public screen, the last segment of its route (`home`) and the
 *   files its code needs beyond the app's entry chunk — the screen's chunk, the chunks it imports
 *   statically, their stylesheets — relative to the page (`./assets/HomePage-….js`);
 * - `eco-entry`: the entry chunk and the chunks it imports, first the entry; Vite's
 *   `<script type="module">` and `modulepreload` links for them leave the page (boot.js fetches them
 *   once the first paint is done, and runs the entry);
 * - `eco-entry-css`: the entry's stylesheets, whose `<link rel="stylesheet">` become `preload`
 *   links: fetched at once but no longer holding the first paint (the page styles what it draws
 *   itself), applied by boot.js before it runs the entry chunk;
 * - `eco-route-reads`: `reads` as it is given;
 * - `eco-route-heads`: `heads` as it is given (locale → route segment → heading).
 *
 * `screens`: route segment → the screen's module file (absolute path), e.g. `{ home: '/…/HomePage.tsx' }`;
 * `reads`: route segment → the API reads its default view starts with, relative to the page
 * (`api/notices?page=1&pageSize=10`).
 */
export function routePreload(screens: Record<string, string>, reads: Record<string, string[]>, heads: Record<string, Record<string, ScreenHead>>): Plugin {
  return {
    name: 'eco:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        /** `from` and the chunks it imports statically, directly or not, with their stylesheets; none of `skip`. */
        const reached = (from: Rolldown.OutputChunk, skip = new Set<string>()): Set<string> => {
          const found = new Set<string>();
          const visit = (chunk: Rolldown.OutputChunk) => {
            if (skip.has(chunk.fileName) || found.has(chunk.fileName)) return;
            found.add(chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
            for (const imported of chunk.imports) {
              const next = byFile.get(imported);
              if (next) visit(next);
            }
          };
          visit(from);
          return found;
        };
        // what the page loads anyway: the entry chunk and its imports (index.html names them)
        const entry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...reached(chunk)]));
        const filesOf = (screenFile: string): string[] => {
          const start = chunks.find((chunk) => chunk.moduleIds.includes(screenFile));
          if (!start) throw new Error(`route-preload: no chunk holds ${screenFile}`);
          return [...reached(start, entry)].map((file) => `./${file}`);
        };
        const routeChunks = Object.fromEntries(Object.entries(screens).map(([segment, file]) => [segment, filesOf(file)]));
        const entryScript = /<script type="module" crossorigin src="(\.\/assets\/[^"]+\.js)"><\/script>\s*/;
        const entryFile = entryScript.exec(html)?.[1];
        if (!entryFile) throw new Error('route-preload: index.html has no entry <script type="module"> to start from boot.js');
        const modulePreload = /<link rel="modulepreload" crossorigin href="(\.\/assets\/[^"]+\.js)">\s*/g;
        const entryFiles = [entryFile, ...[...html.matchAll(modulePreload)].map((match) => match[1]!)];
        const stylesheet = /<link rel="stylesheet" crossorigin href="(\.\/assets\/[^"]+\.css)">/g;
        const entryCss = [...html.matchAll(stylesheet)].map((match) => match[1]!);
        const boot = await minify('boot.js', await fs.readFile(new URL('boot.js', import.meta.url), 'utf8'), { compress: true, mangle: true });
        if (boot.errors.length > 0) throw new Error(`route-preload: boot.js: ${boot.errors.map((error) => error.message).join('; ')}`);
        return {
          html: html
            .replace(entryScript, '')
            .replace(modulePreload, '')
            .replace(stylesheet, (_link, href: string) => `<link rel="preload" as="style" crossorigin href="${href}">`),
          tags: [
            { tag: 'meta', attrs: { name: 'eco-route-chunks', content: JSON.stringify(routeChunks) }, injectTo: 'head' },
            { tag: 'meta', attrs: { name: 'eco-entry', content: JSON.stringify(entryFiles) }, injectTo: 'head' },
            { tag: 'meta', attrs: { name: 'eco-entry-css', content: JSON.stringify(entryCss) }, injectTo: 'head' },
            { tag: 'meta', attrs: { name: 'eco-route-reads', content: JSON.stringify(reads) }, injectTo: 'head' },
            { tag: 'meta', attrs: { name: 'eco-route-heads', content: JSON.stringify(heads) }, injectTo: 'head' },
            { tag: 'script', children: boot.code.trim(), injectTo: 'body' },
          ],
        };
      },
    },
  };
}
