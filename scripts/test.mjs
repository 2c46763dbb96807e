/**
 * `npm test`: every test.
 *   1. typecheck (strict TypeScript, every workspace and the e2e specs); stops here on a failure
 *   2. lint and format check (Biome: the code's shape and the web app's import boundaries); likewise
 *   3. end-to-end in Debian's Chromium against the built app served by the real server, and beside it
 *   4. web and server units/API on the embedded database (PGlite) and
 *   5. the server API suite again on a real PostgreSQL server, but for the files that step 4 alone
 *      runs (`PGLITE_ONLY`); and the files whose outcome does not depend on the database engine
 *      (`ENGINE_NEUTRAL`) run in step 5 only, where the same tests cost less than half the CPU
 *      (no PostgreSQL compiled to WebAssembly in the test's own process).
 * Steps 3 to 5 share nothing (their own databases, servers and ports). The end-to-end step is a
 * long chain of small waits on its browser and server, so steps 4 and 5 run at the lowest CPU
 * priority and use what it leaves idle: on this 2-core machine the suite took 9.8 min with the
 * PGlite step first and only the PostgreSQL step beside the browser, 7.6 min this way. Steps 4
 * and 5's output is printed when they end, so it does not interleave with step 3's.
 *
 * PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * when something answers there; the suite creates its own databases through that URL and drops
 * them. Without any PostgreSQL the step is reported as skipped (CI always has one: .ci/run), and
 * step 4 runs every file.
 */
import { spawn, spawnSync } from 'node:child_process';
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

/** The environment of a step: tests choose their databases themselves. */
function stepEnv(env) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  return { ...base, ...env };
}

/**
 * Runs a step without waiting for it: its output shown as it comes (`live`) or kept until it ends;
 * resolves to its status and the output kept.
 */
function startStep(name, command, args, { env = {}, live = false } = {}) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: stepEnv(env) });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => resolve({ name, status, seconds: ((Date.now() - started) / 1000).toFixed(1), output: Buffer.concat(output) }));
  });
}

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: stepEnv(env) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${result.status === 0 ? 'passed ' : 'FAILED '} ${name} (${seconds} s)`);
  if (result.status !== 0) {
    console.log(`\n${results.join('\n')}`);
    process.exit(result.status ?? 1);
  }
}

step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('lint and format', 'npx', ['biome', 'check', '.']);
let pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!pgUrl && (await answers('127.0.0.1', 5432))) pgUrl = DEFAULT_PG;

/** Vitest with `args` at the lowest CPU priority (`nice -n 19`), as a step's command and arguments. */
const nicedVitest = (args) => ['nice', ['-n', '19', 'npx', 'vitest', 'run', ...args]];

/**
 * Server test files (under apps/server/src) that step 4 alone runs: main.ts start-up and the PGlite folder lock run
 * child processes on PGlite whatever TEST_DB says, the two-process tests (alone and behind nginx) always run on
 * PostgreSQL and db:move from a PGlite folder to PostgreSQL, and db/pglite-turns.test.ts drives a PGlite of its own:
 * step 5 would repeat them word for word.
 */
const PGLITE_ONLY = [
  'main.test.ts',
  'db/pglite-lock.test.ts',
  'db/pglite-turns.test.ts',
  'scale-out.test.ts',
  'scale-out-nginx.test.ts',
  'cli/db-move.test.ts',
];

/**
 * Server test files whose outcome does not depend on the database engine, run once, in step 5: input refused
 * before any query (every declaration with hostile input), the OpenAPI document and security headers, sign-in,
 * sessions and lock-outs, users, site settings, the application catalogue and single sign-on, whose queries are
 * plain reads and writes of rows that both engines answer alike. They were the slowest files on PGlite (users, site
 * settings and sessions: about 2 minutes each beside the other steps). Everything else, and every file added later,
 * runs on both.
 */
const ENGINE_NEUTRAL = [
  'http/declarations.test.ts',
  'app.test.ts',
  'modules/users/routes.test.ts',
  'modules/site/routes.test.ts',
  'modules/session/routes.test.ts',
  'modules/applications/routes.test.ts',
  'modules/oidc/sso.test.ts',
];

/** Vitest's arguments that leave out `files` (paths under apps/server/src). */
const excluding = (files) => files.flatMap((file) => ['--exclude', `**/src/${file}`]);

/** Steps 4 and 5, side by side and niced (see above); resolves to their results. */
function serverSteps() {
  // three workers where vitest.config.ts says two: these files wait on child processes, folder
  // locks and PGlite often enough that a third keeps the cores busy
  const pgliteArgs = ['--project', 'web', '--project', 'server', '--maxWorkers=3', ...(pgUrl ? excluding(ENGINE_NEUTRAL) : [])];
  const pglite = startStep('web and server tests on PGlite', ...nicedVitest(pgliteArgs));
  if (!pgUrl) return Promise.all([pglite]);
  const postgres = startStep('server tests on PostgreSQL', ...nicedVitest(['--project', 'server', '--maxWorkers=2', ...excluding(PGLITE_ONLY)]), {
    env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
  });
  return Promise.all([pglite, postgres]);
}

const besideStarted = Date.now();
console.log('\n▶ end-to-end tests in Chromium, and beside them (output when they end):');
console.log('▶ web and server tests on PGlite, and server tests on PostgreSQL');
const [e2e, server] = await Promise.all([
  startStep('end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e'], { live: true }),
  serverSteps(),
]);
const ended = [e2e, ...server];
for (const { name, status, seconds, output } of ended) {
  if (output.length > 0) {
    console.log(`\n▶ ${name}: its output\n`);
    process.stdout.write(output);
  }
  results.push(`${status === 0 ? 'passed ' : 'FAILED '} ${name} (${seconds} s)`);
}
if (!pgUrl) {
  results.push('SKIPPED server tests on PostgreSQL: no TEST_DATABASE_URL/DATABASE_URL and nothing on 127.0.0.1:5432');
}
results.push(`(the end-to-end tests beside the server tests: ${((Date.now() - besideStarted) / 1000).toFixed(1)} s in all)`);
console.log(`\n${results.join('\n')}`);
process.exit(ended.some(({ status }) => status !== 0) ? 1 : 0);
