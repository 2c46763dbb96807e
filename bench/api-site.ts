/** Requests per second of `GET /api/site` under autocannon (10 connections, 10 s). */
import autocannon from 'autocannon';

export async function measureApiSite(baseUrl: string, seconds = 10) {
  const result = await autocannon({ url: `${baseUrl}/api/site`, connections: 10, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
