/**
 * Runs repository scripts as child processes (`node --import tsx …`) the way an operator would,
 * and other programs the way a user would (Debian's `mosquitto_pub`, say).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../config';

export interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  /** resolves when the process has exited, with everything it printed */
  exited: Promise<Exited>;
  /** resolves with the first stdout line matching `re`; rejects if the process exits first */
  waitForLine(re: RegExp): Promise<string>;
  stdout(): string;
  stderr(): string;
}

/**
 * Starts `node --import tsx <script> …args` in the repository root with exactly `env` (plus PATH,
 * HOME and TMPDIR), so nothing from the test process's environment (DATABASE_URL, …) leaks in;
 * PGLITE_POSTGIS is `off` unless `env` says otherwise, as PostGIS adds seconds to every start
 * (test/test-database.ts). `stdin`: text written to its standard input, which is then closed
 * (default: no input at all).
 */
export function runTsx(script: string, args: string[], env: Record<string, string>, stdin?: string): Running {
  return runProgram(process.execPath, ['--import', 'tsx', script, ...args], { PGLITE_POSTGIS: 'off', ...env }, stdin);
}

/**
 * Starts `program …args` in the repository root with exactly `env` (plus PATH, HOME and TMPDIR),
 * as runTsx does. A program that cannot be started (not installed) rejects `exited`.
 */
export function runProgram(program: string, args: string[], env: Record<string, string> = {}, stdin?: string): Running {
  const child = spawn(program, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin!.end(stdin);
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exited>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
      for (const listener of listeners) listener();
    });
  });
  const waitForLine = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = stdout.split('\n').find((l) => re.test(l));
        if (line !== undefined) {
          listeners.delete(check);
          resolve(line);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          listeners.delete(check);
          reject(new Error(`process exited before printing ${re}; stdout:\n${stdout}\nstderr:\n${stderr}`));
        }
      };
      listeners.add(check);
      check();
    });
  return { child, exited, waitForLine, stdout: () => stdout, stderr: () => stderr };
}

/** Ends a child this test started (by its own handle), if it is still running. */
export async function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<Exited> {
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill(signal);
  return running.exited;
}
