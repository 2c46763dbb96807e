/**
 * `npm test`: every test, stopping at the first failure.
 *   1. typecheck (strict TypeScript, every workspace and the e2e specs)
 *   2. lint and format check (Biome: the code's shape and the web app's import boundaries)
 *   3. web and server units/API on the embedded database (PGlite)
 *   4. the server API suite again on a real PostgreSQL server, and at the same time
 *   5. end-to-end in Debian's Chromium against the built app served by the real server
 * Steps 4 and 5 share nothing (their own databases, servers and ports) and each waits on the other's
 * idle time (PostgreSQL, the browser), so they run side by side: a minute less of the 10-minute
 * budget. Step 4's output is printed when it ends, so the two do not interleave.
 *
 * PostgreSQL: TEST_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * when something answers there; the suite creates its own databases through that URL and drops
 * them. Without any PostgreSQL the step is reported as skipped (CI always has one: .ci/run).
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
// three workers where vitest.config.ts says two: alone on the machine, this step's files wait on
// child processes, folder locks and PGlite often enough that a third keeps both cores busy (about
// 30 s less here); the PostgreSQL step keeps two, as it runs beside the end-to-end tests
step('web and server tests on PGlite', 'npx', ['vitest', 'run', '--project', 'web', '--project', 'server', '--maxWorkers=3']);

let pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!pgUrl && (await answers('127.0.0.1', 5432))) pgUrl = DEFAULT_PG;
let postgresStep = null;
if (pgUrl) {
  // main.ts start-up and the PGlite folder lock run child processes on PGlite whatever TEST_DB
  // says, the two-process tests (alone and behind nginx) always run on PostgreSQL and db:move
  // from a PGlite folder to PostgreSQL: the first step covers them, a second run would repeat them
  // word for word
  const onceOnly = ['main.test.ts', 'db/pglite-lock.test.ts', 'scale-out.test.ts', 'scale-out-nginx.test.ts', 'cli/db-move.test.ts'];
  const pgliteOnly = onceOnly.flatMap((file) => ['--exclude', `**/src/${file}`]);
  console.log('\n▶ server tests on PostgreSQL (beside the end-to-end tests; output when it ends)');
  // one worker: the end-to-end step beside it is the longer of the two, and a second worker here
  // took CPU from its browser and server (on CI the pair took 405 s with two, the suite 11.4 min)
  postgresStep = startStep('server tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server', '--maxWorkers=1', ...pgliteOnly], {
    env: { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl },
  });
} else {
  results.push('SKIPPED server tests on PostgreSQL: no TEST_DATABASE_URL/DATABASE_URL and nothing on 127.0.0.1:5432');
}
const e2eStarted = Date.now();
console.log('\n▶ end-to-end tests in Chromium');
const e2e = await startStep('end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--project', 'e2e'], { live: true });
const ended = [e2e, ...(postgresStep ? [await postgresStep] : [])];
for (const { name, status, seconds, output } of ended) {
  if (output.length > 0) {
    console.log(`\n▶ ${name}: its output\n`);
    process.stdout.write(output);
  }
  results.push(`${status === 0 ? 'passed ' : 'FAILED '} ${name} (${seconds} s)`);
}
results.push(`(the last two side by side: ${((Date.now() - e2eStarted) / 1000).toFixed(1)} s in all)`);
console.log(`\n${results.join('\n')}`);
process.exit(ended.some(({ status }) => status !== 0) ? 1 : 0);
