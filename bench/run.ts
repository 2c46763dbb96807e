/**
 * `npm run bench`: prints figures, asserts nothing. Starts the real server on a fresh PGlite
 * folder, then measures the cold load of /home and the API's throughput on /api/site.
 */
import { measureApiSite } from './api-site';
import { measureHomeLoad } from './home-load';
import { startTestServer } from '../e2e/support/server';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const server = await startTestServer();
try {
  const home = await measureHomeLoad(server.baseUrl);
  const m = home.median;
  console.log('\n/home cold load in headless Chromium (median of 5 runs)');
  console.log(`  JavaScript transferred   ${kb(m.jsBytes)}  (content-encoding: ${m.encodings.join(', ')})`);
  console.log(`  CSS transferred          ${kb(m.cssBytes)}`);
  console.log(`  JavaScript + CSS         ${kb(m.jsBytes + m.cssBytes)}`);
  console.log(`  first contentful paint   ${m.fcpMs.toFixed(0)} ms`);
  console.log(`  load event               ${m.loadMs.toFixed(0)} ms`);
  console.log(`  map drawn                ${m.mapMs.toFixed(0)} ms`);
  const api = await measureApiSite(server.baseUrl);
  console.log('\nGET /api/site under autocannon (10 connections, 10 s)');
  console.log(`  requests per second      ${api.requestsPerSecond.toFixed(0)}`);
  console.log(`  latency p50 / p99        ${api.latencyP50Ms} ms / ${api.latencyP99Ms} ms`);
  console.log(`  non-2xx / errors         ${api.non2xx} / ${api.errors}`);
} finally {
  await server.stop();
}
