/**
 * `npm start`: builds the web app if needed, then runs the server (web app and API on one port,
 * default http://localhost:8000) with the same configuration environment (see README.md).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, ROOT } from './web-build.mjs';

try {
  ensureWebBuild();
} catch (error) {
  console.error(`Cannot start the portal: ${error.message}`);
  process.exit(1);
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
