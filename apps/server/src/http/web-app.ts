/**
 * Serves the built web app (apps/web/dist) at `/`: hashed files under `assets/` are cached for a
 * year, `index.html` is revalidated on every load so a new release is picked up at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn(`web app not built (${webDist}/index.html missing): serving the API only; run npm run build`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
