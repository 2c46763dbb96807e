/**
 * A timing client for answers the benches time one request at a time (the series query in
 * series-scale.ts and sensing-ingest.ts). It asks as a browser does (`accept-encoding: br, gzip`)
 * on one kept-alive connection, and decompresses the whole body in one call once it has arrived.
 *
 * Why not `fetch`: its decompression stream runs on libuv's thread pool, in this very process,
 * beside the server being timed. On a 2-core machine one of its hops now and then waits 10–40 ms,
 * which the figure then counted as the server's (docs/scale-out.md §Partitioned observations).
 */
import http from 'node:http';
import zlib from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function decode(body: Buffer, encoding: string | undefined): unknown {
  const raw = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
  return JSON.parse(raw.toString('utf8'));
}

/** GET `url` and its JSON body; rejects on a network error or a body that is not JSON (any status is resolved). */
export function getJson(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            resolve(decode(Buffer.concat(chunks), response.headers['content-encoding']));
          } catch (error) {
            reject(error);
          }
        });
      })
      .on('error', reject);
  });
}
