import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreload, type ScreenHead } from './build/route-preload';
import enUS from './src/i18n/en-US';
import ntEnUS from './src/i18n/notices.en-US';
import ntZhCN from './src/i18n/notices.zh-CN';
import zhCN from './src/i18n/zh-CN';
import { slimEndpoints } from './build/slim-endpoints';
import { antdFirstStyles } from './build/antd-first-styles';
import { formContextOnly } from './build/form-context-only';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The built files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) copy beside every text file of the build, at the
 * highest levels, once at build time, so the server sends them as they are (apps/server/src/http/web-app.ts) instead
 * of compressing each response again at a level fast enough for per-request work (issue 13 item 9). A copy that
 * would not be smaller than its file is not written: the file is then sent as it is.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'eco:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const source = await fs.readFile(full);
          const copies = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all((['.br', '.gz'] as const).map((ext, i) => (copies[i]!.length < source.length ? fs.writeFile(full + ext, copies[i]!) : undefined)));
        }),
      );
    },
  };
}

/** The screens a visitor lands on first (issue 13 item 9), by the name of their chunk, with their routes. */
const PUBLIC_SCREENS = {
  HomePage: 'src/features/home/HomePage.tsx',
  NoticesPage: 'src/features/notices/NoticesPage.tsx',
  RegulationsPage: 'src/features/technical-regulations/RegulationsPage.tsx',
};
const PUBLIC_ROUTES: Record<string, keyof typeof PUBLIC_SCREENS> = {
  home: 'HomePage',
  'notification-announcement': 'NoticesPage',
  'technical-regulations': 'RegulationsPage',
};

/**
 * The reads a public screen's default view (its address without a query) starts with, relative to the page: boot.js
 * asks for them beside the code, so the first rows arrive with the screen instead of a round trip after it has run
 * (issue 13 item 9). They must be the exact URLs the screens ask for (apps/web/src/api/notices.ts and regulations.ts,
 * 10 a page): e2e/lazy-screens.e2e.ts holds that each is asked for once.
 */
const PUBLIC_READS: Record<string, string[]> = {
  'notification-announcement': ['api/notices?page=1&pageSize=10'],
  'technical-regulations': ['api/technical-regulations?page=1&pageSize=10', 'api/technical-regulations/categories'],
};

/**
 * What the page draws of each public screen before the app runs (build/boot.js), in each locale: the texts the
 * screens' own headings show (HomePage, NoticesPage and RegulationsPage, components/breadcrumbs/Breadcrumbs.tsx).
 */
function screenHeads(messages: typeof zhCN, notices: typeof ntZhCN): Record<string, ScreenHead> {
  return {
    home: { intro: messages.home.intro },
    'notification-announcement': { crumbs: [messages.menu.home, messages.menu.notices], title: messages.menu.notices, subtitle: notices.list.subtitle },
    'technical-regulations': {
      crumbs: [messages.menu.home, messages.menu.regulations],
      title: messages.regulations.title,
      subtitle: messages.regulations.subtitle,
    },
  };
}
const SCREEN_HEADS = { 'zh-CN': screenHeads(zhCN, ntZhCN), 'en-US': screenHeads(enUS, ntEnUS) };

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/** The module the app starts from (index.html's script). */
const MAIN = fileURLToPath(new URL('src/main.tsx', import.meta.url));

/** Who imports a module statically: which public screens (chunk names), and whether any other lazily loaded part. */
interface Users {
  screens: string[];
  elsewhere: boolean;
}

/** The modules `from` imports statically, itself included, directly or through others. */
function staticallyReached(from: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    for (const next of ctx.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * The {@link Users} of each module, worked out once per build from the module graph: every target of an `import()`
 * is a lazily loaded part (a screen, a back-office section, the map…), and uses what it reaches statically.
 */
function usersOfModules(): (moduleId: string, ctx: ChunkingContext) => Users {
  let users: Map<string, Users> | undefined;
  return (moduleId, ctx) => {
    if (!users) {
      const all = new Set([MAIN]);
      const lazyParts = new Set<string>();
      const queue = [MAIN];
      while (queue.length > 0) {
        const info = ctx.getModuleInfo(queue.pop()!);
        for (const next of info?.dynamicallyImportedIds ?? []) lazyParts.add(next);
        for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
          if (!all.has(next)) {
            all.add(next);
            queue.push(next);
          }
        }
      }
      const screens = new Map(Object.entries(PUBLIC_SCREENS).map(([name, file]) => [fileURLToPath(new URL(file, import.meta.url)), name]));
      const found = new Map<string, Users>();
      for (const part of lazyParts) {
        const screen = screens.get(part);
        for (const id of staticallyReached(part, ctx)) {
          const entry = found.get(id) ?? { screens: [], elsewhere: false };
          if (screen) entry.screens.push(screen);
          else entry.elsewhere = true;
          found.set(id, entry);
        }
      }
      users = found;
    }
    return users.get(moduleId) ?? { screens: [], elsewhere: false };
  };
}

/**
 * Chunk groups for the public screens' code that the initial chunk does not hold, one chunk per set of users: the
 * screen's own chunk (`HomePage-…`) for what one public screen alone uses, `public-home-notices`… for what several
 * share, and `shared-home`, `shared-home-notices`… for what they share with other parts of the app (the wall, the back
 * office), so those parts never fetch a public screen's own code. Left to itself, Rolldown gives each combination of
 * lazy parts a file of its own: /home fetched 40 files, each a request with about 1 KB of response headers, half of
 * them under 3 KB. A module's imports have at least its users, so the groups whose users include other parts go
 * first, then those with more screens (priority).
 */
function publicScreenGroups(): Rolldown.CodeSplittingGroup[] {
  const usersOf = usersOfModules();
  const count = Object.keys(PUBLIC_SCREENS).length;
  const short = (screens: string[]) => screens.map((screen) => screen.replace(/Page$/, '').toLowerCase()).join('-');
  return [true, false].flatMap((elsewhere) =>
    Array.from({ length: count }, (_, i) => {
      const size = count - i;
      return {
        name: (id: string, ctx: ChunkingContext) => {
          const users = usersOf(id, ctx);
          if (users.elsewhere !== elsewhere || users.screens.length !== size) return null;
          // what /home shares with one other public screen (and other parts) is one file for both pairs: one small file
          // fewer on /home (~1 KB of headers each) for ~3 KB more on /notification-announcement and /technical-regulations
          if (elsewhere && size === 2 && users.screens.includes('HomePage')) return 'shared-home-pair';
          if (elsewhere) return `shared-${short(users.screens)}`;
          return size === 1 ? users.screens[0]! : `public-${short(users.screens)}`;
        },
        priority: (elsewhere ? 20 : 10) + size,
      };
    }),
  );
}

/**
 * `base: './'` makes every chunk and stylesheet load relative to the page (docs/request-layer.md §Requests: "Lazy
 * chunk files are fetched relative to './'"), so the built app works from any sub-path.
 *
 * Code splitting: everything the entry imports statically (`$initial`: React, the router, the
 * layout and the antd pieces it uses) goes into one chunk. Left to itself, Rolldown cuts that set
 * into a chunk per combination of lazy screens sharing a module (button, tag, the query core…),
 * and every first load fetched all of them, each compressed on its own: with the portal-management
 * screens that came to 25 files and 14 KB more gzip on /home than this one chunk (9 files).
 */
export default defineConfig({
  base: './',
  plugins: [
    formContextOnly(),
    slimEndpoints(),
    antdFirstStyles(),
    react(),
    routePreload(
      Object.fromEntries(Object.entries(PUBLIC_ROUTES).map(([segment, screen]) => [segment, fileURLToPath(new URL(PUBLIC_SCREENS[screen], import.meta.url))])),
      PUBLIC_READS,
      SCREEN_HEADS,
    ),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'], priority: 100 }, ...publicScreenGroups()] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8000' } },
});
