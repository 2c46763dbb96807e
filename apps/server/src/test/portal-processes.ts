/**
 * Real server processes (`main.ts`) on one PostgreSQL database, and what a browser or device does
 * with them over the network: sign in, read the event stream. For the scale-out tests
 * (scale-out.test.ts, scale-out-nginx.test.ts).
 */
import net from 'node:net';
import { expect } from 'vitest';
import { runTsx, type Running } from './child-process';
import { DATA_DIR } from './test-database';

/** A free TCP port of 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Credentials {
  account: string;
  password: string;
}

export interface Portal {
  running: Running;
  /** its HTTP address, `http://127.0.0.1:<port>` */
  base: string;
  mqttPort: number;
}

/**
 * Starts `main.ts` on PostgreSQL database `url` with its MQTT broker on a free port and `admin` as
 * the first administrator (`env` adds to or overrides its environment); resolves once both listen.
 */
export async function startPortal(url: string, admin: Credentials, env: Record<string, string> = {}): Promise<Portal> {
  const mqttPort = await freePort();
  const running = runTsx('apps/server/src/main.ts', [], {
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    DATA_DIR,
    LOG_LEVEL: 'silent',
    ADMIN_ACCOUNT: admin.account,
    ADMIN_PASSWORD: admin.password,
    ...env,
  });
  const ready = await running.waitForLine(/^portal ready at /);
  await running.waitForLine(/^MQTT broker at /);
  return { running, base: /at (http:\/\/\S+)/.exec(ready)![1]!.replace('localhost', '127.0.0.1'), mqttPort };
}

/** The cookies of `responses`, later ones replacing earlier ones of the same name, as a Cookie header. */
function cookiesOf(...responses: Response[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      jar.set(pair!.split('=')[0]!, pair!);
    }
  }
  return [...jar.values()].join('; ');
}

/** Signs `admin` in at `base` as a browser does; the cookie and CSRF token of the session. */
export async function signIn(base: string, admin: Credentials): Promise<{ cookie: string; csrf: string }> {
  const visit = await fetch(`${base}/api/session`);
  const { data } = (await visit.json()) as { data: { csrfToken: string } };
  const signedIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookiesOf(visit), 'x-csrf-token': data.csrfToken, origin: base },
    body: JSON.stringify(admin),
  });
  expect(signedIn.status).toBe(200);
  const cookie = cookiesOf(visit, signedIn);
  const again = await fetch(`${base}/api/session`, { headers: { cookie } });
  const { data: session } = (await again.json()) as { data: { csrfToken: string } };
  return { cookie: cookiesOf(visit, signedIn, again), csrf: session.csrfToken };
}

export interface StreamEvent {
  event: string;
  data: { thingId?: number; count?: number };
}

export interface Stream {
  /** the answer's `X-Upstream` header (set by a test's nginx): the process that answered, last of those tried */
  upstream: string;
  /** the events it sent, as they arrive */
  events: StreamEvent[];
  /** whether the stream has ended (its process went away, say) */
  ended: () => boolean;
  close: () => void;
}

/** Opens the public event stream (`GET /api/sensing/stream`) at `base`. */
export async function openStream(base: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/sensing/stream`, { signal: controller.signal });
  expect(response.status).toBe(200);
  const events: StreamEvent[] = [];
  let ended = false;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += value;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as StreamEvent['data'] });
          end = buffered.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close(), or cut off with its process
    }
    ended = true;
  })();
  // nginx lists every process it tried ("127.0.0.1:8002, 127.0.0.1:8001"): the last one answered
  const upstream = (response.headers.get('x-upstream') ?? '').split(', ').at(-1)!;
  return { upstream, events, ended: () => ended, close: () => controller.abort() };
}
