/**
 * While PGlite runs a chain of queries, the server still gets turns of its event loop between them
 * (pglite-turns.ts): what lets it accept a crowd's connections while a device writes.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { oneQueryPerTurn } from './pglite-turns';

/** Counts the turns of the event loop (one per check phase) until `stop()` is called. */
function turnCounter() {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      running = false;
      return turns;
    },
  };
}

describe('one PGlite query per turn of the event loop', () => {
  let client: PGlite | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('gives the event loop a turn between any two of twenty queries sent at once', async () => {
    client = await PGlite.create();
    oneQueryPerTurn(client);
    await client.query('select 1');
    const counter = turnCounter();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client!.query<{ n: number }>('select $1::int as n', [i])));
    const turns = counter.stop();
    expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(turns).toBeGreaterThanOrEqual(19);
  });

  it('keeps a transaction whole: queries outside it wait for it and see what it committed', async () => {
    client = await PGlite.create();
    oneQueryPerTurn(client);
    await client.query('create table t (n int)');
    const counter = turnCounter();
    const inside = client.transaction(async (tx) => {
      await tx.query('insert into t values (1)');
      await tx.query('insert into t values (2)');
      return (await tx.query<{ c: number }>('select count(*)::int as c from t')).rows[0]!.c;
    });
    const outside = client.query<{ c: number }>('select count(*)::int as c from t');
    expect(await inside).toBe(2);
    expect((await outside).rows[0]!.c).toBe(2);
    expect(counter.stop()).toBeGreaterThanOrEqual(3);
  });
});
