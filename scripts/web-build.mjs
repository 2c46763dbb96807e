/**
 * Builds the web app when its build is missing or older than any of its sources
 * (apps/web/src, build, index.html, public, vite.config.ts, package.json, packages/contracts/src).
 * Used by `npm start` and the end-to-end tests, so both serve what the sources say.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps/web');
const BUILT = path.join(WEB, 'dist/index.html');
const SOURCES = ['src', 'build', 'index.html', 'public', 'vite.config.ts', 'package.json']
  .map((p) => path.join(WEB, p))
  .concat(path.join(ROOT, 'packages/contracts/src'));

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** True when apps/web/dist is missing or stale. */
export function webBuildIsStale() {
  if (!fs.existsSync(BUILT)) return true;
  const built = fs.statSync(BUILT).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/** Builds apps/web if needed; throws when the build fails. */
export function ensureWebBuild({ log = console.log } = {}) {
  if (!webBuildIsStale()) return false;
  log('building the web app (apps/web/dist)…');
  // always a production build: an inherited NODE_ENV (Vitest sets `test`) would make Vite build
  // React's development runtime
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', '@eco/web'], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('the web app build failed (npm run build)');
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild();
