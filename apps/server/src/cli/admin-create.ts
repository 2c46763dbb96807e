/**
 * `npm run admin:create`: creates an administrator in the configured database (the same
 * environment as the server: DATABASE_URL or PGLITE_DIR), applying the account rules and the
 * password policy, and records it in the audit log. Prints one line.
 *
 *   npm run admin:create                                 asks for account, name and password (hidden, twice)
 *   npm run admin:create -- --account zhang.wei --name 张伟 --password-stdin < password.txt
 *
 * PGlite serves one process per data folder: while the server runs on it this command is refused
 * (stop the server, or let the server create the first administrator from ADMIN_ACCOUNT and
 * ADMIN_PASSWORD). Exit status 0 when created, 1 otherwise (one line on stderr saying why).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from '../db/client';
import { DataFolderLockedError } from '../db/pglite-lock';
import { AdminSetupError, createAdministrator, newAdminProblem } from '../modules/users/first-admin';

class CliError extends Error {}

const USAGE = 'usage: npm run admin:create [-- --account <account> --name <display name> --password-stdin]';

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || ch === '\u0004') return finish(new CliError('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // one trailing line break is the end of the line, not part of the password
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<string> {
  const args = (() => {
    try {
      return parseArgs({
        options: { account: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
        strict: true,
      }).values;
    } catch (error) {
      throw new CliError(`${(error as Error).message}; ${USAGE}`);
    }
  })();
  if (args.help) return USAGE;
  const config = loadConfig();
  const interactive = process.stdin.isTTY === true;
  if (!args['password-stdin'] && !interactive) throw new CliError(`standard input is not a terminal: give the password with --password-stdin; ${USAGE}`);
  if ((args.account === undefined || args.name === undefined) && !interactive) throw new CliError(`give --account and --name; ${USAGE}`);

  const account = args.account ?? (await ask('Account (3–32 letters, digits, . _ -): ')).trim();
  const displayName = args.name ?? (await ask('Display name: ')).trim();
  let password: string;
  if (args['password-stdin']) {
    password = await readStdin();
  } else {
    password = await askHidden('Password (10–128 characters): ');
    if ((await askHidden('Password again: ')) !== password) throw new CliError('the two passwords differ');
  }
  const admin = { account, displayName, password };
  const problem = newAdminProblem(admin, { account: 'the account', name: 'the display name', password: 'the password' });
  if (problem) throw new CliError(problem);

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.database, (line) => process.stderr.write(`${line}\n`));
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      throw new CliError(
        `the PGlite data folder ${config.database.kind === 'pglite' ? config.database.dir : ''} is in use by the running portal: stop the server and run this again, or restart the server with ADMIN_ACCOUNT and ADMIN_PASSWORD set (used while no administrator exists)`,
      );
    }
    throw error;
  }
  try {
    await createAdministrator(database.db, admin, 'admin:create');
  } finally {
    await database.close();
  }
  return `created administrator ${account.toLowerCase()} (${displayName})`;
}

main().then(
  (line) => {
    console.log(line);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`Cannot create the administrator: ${error instanceof Error ? error.message : String(error)}`);
    const known = [CliError, ConfigError, AdminSetupError, DatabaseUnavailableError].some((k) => error instanceof k);
    if (!known && error instanceof Error && error.stack) console.error(error.stack);
    process.exit(1);
  },
);
