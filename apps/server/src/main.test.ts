/**
 * `main.ts` as an operator runs it (a child process): a start-up failure prints one line and exits 1;
 * ADMIN_ACCOUNT / ADMIN_PASSWORD create the first administrator, who can then sign in; the MQTT
 * broker starts on MQTT_PORT beside the portal (and an HTTP push reaches its subscribers), is off
 * with MQTT_PORT=0, and is off with one line when its port is taken, the portal serving either way.
 * A second main.ts on a folder in use: db/pglite-lock.test.ts. A good start (listen, serve, SIGTERM)
 * is what e2e/global-setup.ts does for every end-to-end run.
 */
import net from 'node:net';
import path from 'node:path';
import mqtt from 'mqtt';
import { describe, it } from 'vitest';
import { runTsx, stop, type Running } from './test/child-process';
import { copyTemplateFolder, DATA_DIR, makeTempDir, removeTempDir } from './test/test-database';

const MAIN = 'apps/server/src/main.ts';

function startMain(env: Record<string, string>, onTestFinished: (fn: () => Promise<void>) => void): Running {
  // no MQTT broker unless a test asks for one: the default port, 1883, may be another broker's
  const running = runTsx(MAIN, [], { HOST: '127.0.0.1', PORT: '0', MQTT_PORT: '0', DATA_DIR, LOG_LEVEL: 'silent', ...env });
  onTestFinished(async () => void (await stop(running, 'SIGKILL')));
  return running;
}

/**
 * A PGlite data folder in a fresh temp folder: a copy of the run's template database (`loaded`: migrated
 * with the bundled data, no administrator; `empty`: migrated only), so a start spends its seconds on
 * what the test is about rather than on loading the bundled data again. A first start on a folder that
 * does not exist yet is what e2e/global-setup.ts does for every end-to-end run.
 */
function tempDataFolder(onTestFinished: (fn: () => Promise<void>) => void, template: 'loaded' | 'empty' = 'loaded'): string {
  const tmp = makeTempDir();
  onTestFinished(async () => removeTempDir(tmp));
  const dir = path.join(tmp, 'db');
  copyTemplateFolder(dir, template);
  return dir;
}

const stderrLines = (stderr: string) => stderr.split('\n').filter((line) => line.trim() !== '');

/** A TCP server on a free port of 127.0.0.1, closed when the test finishes: a port that is taken. */
async function takenPort(onTestFinished: (fn: () => Promise<void>) => void): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The base URL in the "portal ready at" line. */
const baseOf = (ready: string) => /(http:\/\/\S+?) /.exec(ready)![1]!.replace('localhost', '127.0.0.1');

const mqttLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('MQTT'));

/** The cookies of a fetch response, as a Cookie header value. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe.concurrent('main.ts', () => {
  it('exits 1 with one "Cannot start the portal:" line naming PORT when PORT=abc', async ({ expect, onTestFinished }) => {
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished), PORT: 'abc' }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    // every ConfigError takes this path; config.test.ts covers each bad value
    expect(stderrLines(stderr)).toEqual([expect.stringMatching(/^Cannot start the portal: PORT .*"abc"/)]);
  });

  it('exits 1 with one line naming DATABASE_URL when PostgreSQL cannot be reached', async ({ expect, onTestFinished }) => {
    // port 1 on the loopback: nothing listens there, the connection is refused at once
    const main = startMain({ DATABASE_URL: 'postgres://eco@127.0.0.1:1/eco' }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    expect(stderrLines(stderr)).toEqual([
      expect.stringMatching(/^Cannot start the portal: cannot use PostgreSQL database eco at 127\.0\.0\.1:1 \(DATABASE_URL\)/),
    ]);
  });

  it('exits 1 with one line naming the missing file when DATA_DIR has no bundled data', async ({ expect, onTestFinished }) => {
    const empty = makeTempDir();
    onTestFinished(async () => removeTempDir(empty));
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished, 'empty'), DATA_DIR: empty }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    expect(stderrLines(stderr)).toEqual([
      expect.stringMatching(/^Cannot start the portal: shaanxi-divisions\.json: missing from the data folder .* \(DATA_DIR\)$/),
    ]);
  });

  it('exits 1 with one line naming ADMIN_PASSWORD when it breaks the password policy', async ({ expect, onTestFinished }) => {
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished), ADMIN_ACCOUNT: 'root.admin', ADMIN_PASSWORD: 'password123' }, onTestFinished);
    const { code, stderr } = await main.exited;
    expect(code).toBe(1);
    expect(stderrLines(stderr)).toEqual(['Cannot start the portal: ADMIN_PASSWORD does not meet the password policy: it is a commonly used password']);
  });

  it('creates the first administrator from ADMIN_ACCOUNT and ADMIN_PASSWORD, who can sign in', async ({ expect, onTestFinished }) => {
    const password = 'first light over Qinling';
    const main = startMain(
      { PGLITE_DIR: tempDataFolder(onTestFinished), ADMIN_ACCOUNT: 'Root.Admin', ADMIN_PASSWORD: password, ADMIN_NAME: '省级管理员', LOG_LEVEL: 'warn' },
      onTestFinished,
    );
    await main.waitForLine(/^created the first administrator root\.admin \(ADMIN_ACCOUNT\)$/);
    const ready = await main.waitForLine(/^portal ready at /);
    const base = baseOf(ready);
    const visit = await fetch(`${base}/api/session`);
    const { data } = (await visit.json()) as { data: { csrfToken: string } };
    const signIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookiesOf(visit), 'x-csrf-token': data.csrfToken, origin: base },
      body: JSON.stringify({ account: 'root.admin', password }),
    });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({
      success: true,
      data: { user: { account: 'root.admin', displayName: '省级管理员', role: 'admin', mustChangePassword: false } },
    });
    expect(cookiesOf(signIn)).toMatch(/^eco_session=/);
  });

  it('starts no MQTT broker with MQTT_PORT=0, and says so', async ({ expect, onTestFinished }) => {
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished), MQTT_PORT: '0' }, onTestFinished);
    await main.waitForLine(/^portal ready at /);
    await main.waitForLine(/^MQTT: /);
    expect(mqttLines(main.stdout())).toEqual(['MQTT: the broker is off (MQTT_PORT=0)']);
  });

  it('says in one line that the MQTT port is in use, and serves the portal anyway', async ({ expect, onTestFinished }) => {
    const port = await takenPort(onTestFinished);
    const main = startMain({ PGLITE_DIR: tempDataFolder(onTestFinished), MQTT_PORT: String(port) }, onTestFinished);
    const base = baseOf(await main.waitForLine(/^portal ready at /));
    await main.waitForLine(/^MQTT: /);
    expect(mqttLines(main.stdout())).toEqual([`MQTT: port ${port} is in use; the broker is off (set MQTT_PORT)`]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(stderrLines(main.stderr())).toEqual([]);
  });

  it('starts the MQTT broker on MQTT_PORT, where an Observation pushed over HTTP reaches a subscriber', async ({ expect, onTestFinished }) => {
    const password = 'first light over Qinling';
    const mqttPort = await freePort();
    const main = startMain(
      { PGLITE_DIR: tempDataFolder(onTestFinished), MQTT_PORT: String(mqttPort), ADMIN_ACCOUNT: 'root.admin', ADMIN_PASSWORD: password },
      onTestFinished,
    );
    const base = baseOf(await main.waitForLine(/^portal ready at /));
    await main.waitForLine(new RegExp(`^MQTT broker at mqtt://127\\.0\\.0\\.1:${mqttPort} `));

    // a Datastream (SensorThings, public) and a key for its Thing (an administrator's)
    const found = await fetch(`${base}/api/v1.1/Datastreams?$top=1&$filter=properties/observedPropertyCode eq 'pm2_5'&$expand=Thing($select=id)`);
    const stream = ((await found.json()) as { value: { '@iot.id': number; Thing: { '@iot.id': number } }[] }).value[0]!;
    const visit = await fetch(`${base}/api/session`);
    const { data } = (await visit.json()) as { data: { csrfToken: string } };
    const signIn = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookiesOf(visit), 'x-csrf-token': data.csrfToken, origin: base },
      body: JSON.stringify({ account: 'root.admin', password }),
    });
    const created = await fetch(`${base}/api/things/${stream.Thing['@iot.id']}/keys`, {
      method: 'POST',
      // the CSRF cookie of the visit and the session cookie of the sign-in
      headers: { cookie: `${cookiesOf(visit)}; ${cookiesOf(signIn)}`, 'x-csrf-token': data.csrfToken, origin: base },
    });
    expect(created.status).toBe(201);
    const { key } = ((await created.json()) as { data: { key: string } }).data;

    const topic = `v1.1/Datastreams(${stream['@iot.id']})/Observations`;
    const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0 });
    onTestFinished(() => subscriber.endAsync(true));
    await subscriber.subscribeAsync(topic);
    const message = new Promise<Record<string, unknown>>((resolve) => subscriber.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))));
    const phenomenonTime = new Date(Date.now() - 60_000).toISOString();
    const pushed = await fetch(`${base}/api/sensing/observations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ observations: [{ datastreamId: stream['@iot.id'], phenomenonTime, result: 21 }] }),
    });
    expect(((await pushed.json()) as { data: { accepted: number } }).data.accepted).toBe(1);
    // no OIDC_ISSUER and PORT=0: links start where the portal listens
    expect(await message).toMatchObject({
      result: 21,
      phenomenonTime,
      '@iot.selfLink': expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\.1\/Observations\(\d+\)$/),
    });
  });
});
