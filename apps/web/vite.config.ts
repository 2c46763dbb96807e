import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/api': 'http://localhost:8000' } },
});
