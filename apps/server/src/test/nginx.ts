/**
 * Debian's nginx in front of portal processes, run from the example configuration an operator
 * copies (deploy/nginx/eco-portal.conf) with the addresses of a test or a benchmark: its HTTP port
 * in front of the portals, its stream (TCP) port in front of their MQTT brokers, everything it
 * writes in one folder. Used by scale-out-nginx.test.ts and bench/crowd-nginx.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { runProgram, type Running, stop } from './child-process';

const STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

/** Debian's nginx: /usr/sbin is not on every user's PATH */
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** Throws, saying which package to install, when nginx or its stream module is missing. */
export function requireNginx(): void {
  try {
    execFileSync(NGINX, ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error("nginx is not installed: it is Debian's package nginx (.ci/run installs it)");
  }
  if (!fs.existsSync(STREAM_MODULE)) throw new Error(`${STREAM_MODULE} is missing: it is Debian's package libnginx-mod-stream (.ci/run installs it)`);
}

/** A portal process as nginx reaches it. */
export interface NginxUpstream {
  /** host:port of its HTTP server, as nginx's $upstream_addr names it */
  http: string;
  mqttPort: number;
}

export interface NginxOptions {
  /** nginx's worker processes (deploy/nginx/eco-portal.conf: auto, one per core) */
  workers: number | 'auto';
  /** name the process that answered in an `X-Upstream` header (tests) */
  upstreamHeader: boolean;
}

/**
 * deploy/nginx/eco-portal.conf with these addresses: its upstreams are `portals`, it listens on
 * `httpPort` and `mqttPort` of 127.0.0.1 and writes only under `dir`.
 */
export function nginxConfig(dir: string, portals: [NginxUpstream, NginxUpstream], httpPort: number, mqttPort: number, options: NginxOptions): string {
  let conf = fs.readFileSync(path.join(REPO_ROOT, 'deploy/nginx/eco-portal.conf'), 'utf8');
  const swap = (line: string, replacement: string) => {
    if (!conf.includes(line)) throw new Error(`deploy/nginx/eco-portal.conf no longer has "${line}": update apps/server/src/test/nginx.ts with it`);
    conf = conf.replace(line, replacement);
  };
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir}/${name};`).join(' ');
  swap('worker_processes auto;', `worker_processes ${options.workers};`);
  swap('access_log /var/log/nginx/eco-portal.access.log;', `access_log off; ${temp}`);
  swap('server 127.0.0.1:8001 ', `server ${portals[0].http} `);
  swap('server 127.0.0.1:8002 ', `server ${portals[1].http} `);
  swap('listen 80;', `listen 127.0.0.1:${httpPort};${options.upstreamHeader ? ' add_header X-Upstream $upstream_addr always;' : ''}`);
  swap('server 127.0.0.1:1884 ', `server 127.0.0.1:${portals[0].mqttPort} `);
  swap('server 127.0.0.1:1885 ', `server 127.0.0.1:${portals[1].mqttPort} `);
  swap('listen 1883;', `listen 127.0.0.1:${mqttPort};`);
  return conf;
}

/**
 * Starts nginx on `conf` (written to `dir`, which it also writes its temp files to) and resolves
 * once `readyUrl` answers 200 through it; rejects with nginx's errors if it exits first.
 */
export async function startNginx(dir: string, conf: string, readyUrl: string): Promise<Running> {
  // nginx run as root hands its temp folders to an unprivileged worker user, which must reach them
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const nginx = runProgram(NGINX, ['-p', `${dir}/`, '-e', 'stderr', '-c', `${dir}/nginx.conf`, '-g', `daemon off; pid ${dir}/nginx.pid; error_log stderr;`]);
  for (;;) {
    if (nginx.child.exitCode !== null || nginx.child.signalCode !== null) throw new Error(`nginx exited before it answered:\n${nginx.stderr()}`);
    const status = await fetch(readyUrl).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return nginx;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops nginx at once (SIGTERM is its fast shutdown: it does not wait for open event streams, as SIGQUIT would). */
export async function stopNginx(nginx: Running): Promise<void> {
  await stop(nginx, 'SIGTERM');
}
