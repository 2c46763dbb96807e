import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

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

/** The screens a visitor lands on first (issue 13 item 9), by the name of their chunk. */
const PUBLIC_SCREENS = {
  HomePage: 'src/features/home/HomePage.tsx',
  NoticesPage: 'src/features/notices/NoticesPage.tsx',
  RegulationsPage: 'src/features/technical-regulations/RegulationsPage.tsx',
};

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/**
 * Which of the public screens import each module statically (directly or through others), by module id;
 * worked out once per build from the module graph.
 */
function publicScreenUsers(): (moduleId: string, ctx: ChunkingContext) => string[] {
  let users: Map<string, string[]> | undefined;
  return (moduleId, ctx) => {
    if (!users) {
      const found = new Map<string, string[]>();
      for (const [screen, file] of Object.entries(PUBLIC_SCREENS)) {
        const queue = [fileURLToPath(new URL(file, import.meta.url))];
        const seen = new Set(queue);
        while (queue.length > 0) {
          const id = queue.pop()!;
          found.set(id, [...(found.get(id) ?? []), screen]);
          for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
            if (!seen.has(next)) {
              seen.add(next);
              queue.push(next);
            }
          }
        }
      }
      users = found;
    }
    return users.get(moduleId) ?? [];
  };
}

/**
 * Chunk groups for the public screens' code that the initial chunk does not hold: one chunk per set of public
 * screens using a module: the screen's own chunk (`HomePage-…`) for what one alone uses, `public-notices-regulations`,
 * `public-home-notices-regulations`… for what several share. Left to
 * itself, Rolldown gives each combination of lazy screens, back-office sections included, a file of its own: /home
 * fetched 40 files, each a request with about 1 KB of response headers, half of them under 3 KB. A module's imports
 * are used by at least the same screens, so the groups with more screens go first (priority), and no public screen
 * fetches code it does not use.
 */
function publicScreenGroups(): Rolldown.CodeSplittingGroup[] {
  const usersOf = publicScreenUsers();
  const screens = Object.keys(PUBLIC_SCREENS).length;
  return Array.from({ length: screens }, (_, i) => {
    const count = screens - i;
    return {
      name: (id: string, ctx: ChunkingContext) => {
        const users = usersOf(id, ctx);
        if (users.length !== count) return null;
        return count === 1 ? users[0]! : `public-${users.map((screen) => screen.replace(/Page$/, '').toLowerCase()).join('-')}`;
      },
      priority: count,
    };
  });
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
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'], priority: 10 }, ...publicScreenGroups()] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8000' } },
});
