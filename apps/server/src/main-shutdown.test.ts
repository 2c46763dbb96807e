/**
 * `main.ts` stopped as an orchestrator or an operator stops it (README §Operations): on SIGTERM a
 * request in flight is answered, event streams are told to reconnect and closed, MQTT clients are
 * disconnected, new connections are refused, and the process exits 0. Also: `/metrics` of a real
 * process counts its MQTT clients.
 */
import http from 'node:http';
import mqtt from 'mqtt';
import { expect, it } from 'vitest';
import net from 'node:net';
import { runTsx, stop } from './test/child-process';
import { freePort } from './test/portal-processes';
import { createLoadedDatabase, DATA_DIR } from './test/test-database';

/** Whether a TCP connection to `port` of 127.0.0.1 is accepted or refused. */
function connects(port: number): Promise<'accepted' | 'refused'> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', () => resolve('refused'));
  });
}

it('on SIGTERM finishes the request in flight, sends event streams away, refuses new connections and exits 0', async ({ onTestFinished }) => {
  // a database of the kind under test with the bundled data loaded, handed over to main.ts
  const database = await createLoadedDatabase();
  await database.close();
  onTestFinished(() => database.dispose());
  const location: Record<string, string> =
    database.location.kind === 'pglite' ? { PGLITE_DIR: database.location.dir } : { DATABASE_URL: database.location.url };
  const mqttPort = await freePort();
  const main = runTsx('apps/server/src/main.ts', [], {
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    DATA_DIR,
    ...location,
    LOG_LEVEL: 'silent',
  });
  onTestFinished(async () => void (await stop(main, 'SIGKILL')));
  const ready = await main.waitForLine(/^portal ready at /);
  const port = Number(/:(\d+) /.exec(ready)![1]);
  await main.waitForLine(/^MQTT broker at /);

  // an MQTT client, counted by the process's metrics
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0 });
  onTestFinished(async () => void (await device.endAsync(true)));
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  expect(metrics).toMatch(/^eco_mqtt_clients 1$/m);

  // a control-room wall's event stream
  let streamed = '';
  const streamEnded = new Promise<void>((resolve) => {
    http.get({ host: '127.0.0.1', port, path: '/api/sensing/stream' }, (response) => {
      response.setEncoding('utf8').on('data', (chunk: string) => (streamed += chunk));
      response.on('end', () => resolve());
      response.on('error', () => resolve());
    });
  });
  await expect.poll(() => streamed).toContain(': connected');

  // a request in flight: the server has its headers (100 Continue) and half of its body
  const body = JSON.stringify({ mode: 'hourly', pm2_5: 80, pm10: 120 });
  const slow = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/tools/aqi',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    slow.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    slow.on('error', reject);
  });
  await new Promise<void>((resolve) => slow.once('continue', () => resolve()));
  slow.write(body.slice(0, 10));

  main.child.kill('SIGTERM');
  await main.waitForLine(/^SIGTERM: shutting down/);
  // the stream is told to come back (to another process, behind a load balancer) and ends
  await streamEnded;
  expect(streamed).toMatch(/\nretry: \d+\n/);
  expect(streamed).toContain(': server shutting down, reconnect');
  await expect.poll(() => connects(port)).toBe('refused');
  await expect.poll(() => device.connected).toBe(false);

  slow.end(body.slice(10));
  const response = await answered;
  expect(response.status).toBe(200);
  expect(JSON.parse(response.text)).toMatchObject({ success: true, data: { aqi: expect.any(Number) } });

  const exited = await main.exited;
  expect([exited.code, exited.stderr]).toEqual([0, '']);
  expect(exited.stdout).toMatch(/^stopped$/m);
});
