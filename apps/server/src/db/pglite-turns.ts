/**
 * The embedded PGlite runs on the server's own thread: while a query runs, nothing else does — no
 * answer from memory, no new connection accepted (libuv accepts one per turn of the event loop,
 * docs/scale-out.md §A crowd that connects all at once). A write and the re-read of the figures
 * after it are several queries, and chained by promises they would run back to back in one turn.
 *
 * {@link oneQueryPerTurn} makes each query start in a turn of its own: at most one query starts per
 * turn, so the server accepts a connection and answers every waiting visitor between any two
 * queries. Each query waits for one turn more than before (microseconds when the server is
 * quiet); a transaction still holds PGlite for itself, its queries in turns of their own.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** What a query needs: PGlite itself or one of its transactions. */
type Queryable = Pick<PGlite | Transaction, 'query'>;

/**
 * Makes every `query` of `client` (and of the transactions it opens) wait for the next turn of the
 * event loop in which no other of its queries has started. Changes `client` in place; call once,
 * before anything queries it.
 */
export function oneQueryPerTurn(client: PGlite): void {
  const waiting: (() => void)[] = [];
  const release = () => {
    waiting.shift()?.();
    if (waiting.length > 0) setImmediate(release);
  };
  const turn = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length === 1) setImmediate(release);
    });
  const wrap = (target: Queryable) => {
    const query = target.query.bind(target);
    target.query = (async (...args: Parameters<PGlite['query']>) => {
      await turn();
      return query(...args);
    }) as PGlite['query'];
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      wrap(tx);
      return work(tx);
    })) as PGlite['transaction'];
}
