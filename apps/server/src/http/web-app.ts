/**
 * Serves the built web app (apps/web/dist) at `/`: hashed files under `assets/` are cached for a
 * year, the page itself (`/`, `/index.html`: web-index.ts, with the site's title) is revalidated on
 * every load so a new release is picked up at once.
 *
 * Compression: the build writes a brotli (quality 11) and a gzip (level 9) copy beside every text
 * file (apps/web/vite.config.ts, `precompress`). A client that accepts `br` gets the `.br` copy, else
 * one that accepts `gzip` the `.gz` copy, else the file itself; each answer carries the file's own
 * Content-Type, `Content-Encoding` when a copy was sent, `Vary: Accept-Encoding`, and the ETag and
 * Last-Modified of what was sent (so each encoding revalidates on its own). A file with no copy
 * (an image, or text too small to gain) is sent as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerWebIndex } from './web-index';

/**
 * Registers the static routes of the web app under `/` when `webDist/index.html` exists, the page
 * itself with the title `siteTitle()` gives; returns whether it did (false: the API is served
 * alone, with a warning in the log).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, siteTitle: () => Promise<string>): Promise<boolean> {
  const page = path.join(webDist, 'index.html');
  if (!fs.existsSync(page)) {
    app.log.warn(`web app not built (${webDist}/index.html missing): serving the API only; run npm run build`);
    return false;
  }
  registerWebIndex(app, { file: page, title: siteTitle });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    preCompressed: true,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
