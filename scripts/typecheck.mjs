/**
 * `npm run typecheck`: strict TypeScript over every workspace, the end-to-end specs and the
 * benchmarks, as many `tsc` at once as the machine has cores (each is single-threaded). Prints
 * each project's errors together and exits non-zero when any project has one.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './web-build.mjs';

// the two largest first, so they run side by side on a 2-core machine
const PROJECTS = ['apps/web', 'apps/server', 'e2e', 'packages/contracts', 'bench'];
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const queue = [...PROJECTS];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(os.availableParallelism(), PROJECTS.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      if (result.code !== 0) {
        failed.push(project);
        process.stdout.write(`\n${project}:\n${result.output}`);
      }
    }
  }),
);
if (failed.length > 0) {
  console.error(`type errors in ${failed.join(', ')}`);
  process.exit(1);
}
