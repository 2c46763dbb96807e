/**
 * `npm test`: every test, in order, stopping at the first failure.
 *   1. typecheck (strict TypeScript, every workspace and the e2e specs)
 *   2. lint and format check (Biome: the code's shape and the web app's import boundaries)
 *   3. web and server units/API on the embedded database (PGlite)
 *   4. the server API suite again on a real PostgreSQL server
 *   5. end-to-end in Debian's Chromium against the built app served by the real server
 *
 * PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * when something answers there; the suite creates its own databases through that URL and drops
 * them. Without any PostgreSQL the step is reported as skipped (CI always has one: .ci/run).
 */
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { ROOT } from './web-build.mjs';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const results = [];
function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const { DATABASE_URL: _ignored, ...base } = process.env; // tests choose their databases themselves
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...base, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${result.status === 0 ? 'passed ' : 'FAILED '} ${name} (${seconds} s)`);
  if (result.status !== 0) {
    console.log(`\n${results.join('\n')}`);
    process.exit(result.status ?? 1);
  }
}

step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('lint and format', 'npx', ['biome', 'check', '.']);
step('web and server tests on PGlite', 'npx', ['vitest', 'run', '--project', 'web', '--project', 'server']);

let pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!pgUrl && (await answers('127.0.0.1', 5432))) pgUrl = DEFAULT_PG;
if (pgUrl) {
  // main.ts start-up and the PGlite folder lock run child processes on PGlite whatever TEST_DB
  // says, the two-process tests (alone and behind nginx) always run on PostgreSQL and db:move
  // from a PGlite folder to PostgreSQL: the first step covers them, a second run would repeat them
  // word for word
  const onceOnly = ['main.test.ts', 'db/pglite-lock.test.ts', 'scale-out.test.ts', 'scale-out-nginx.test.ts', 'cli/db-move.test.ts'];
  const pgliteOnly = onceOnly.flatMap((file) => ['--exclude', `**/src/${file}`]);
  step('server tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server', ...pgliteOnly], { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl });
} else {
  results.push('SKIPPED server tests on PostgreSQL: no TEST_DATABASE_URL/DATABASE_URL and nothing on 127.0.0.1:5432');
}
step('end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e']);
console.log(`\n${results.join('\n')}`);
