/**
 * A crowd does not queue behind a re-read (public-cache.ts `PublicCache.refreshed`): after a change,
 * the request that starts the read waits for it and sees the change; requests that arrive while it
 * runs get the answer from before the change when that is younger than the maximum age, and wait
 * for the read when it is not; one answer is read one read at a time, with a rest after each.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicCache, REREAD_REST_FACTOR, REREAD_REST_MAX_MS } from './public-cache';

/** A read the test finishes by hand: `release(value)`. */
function heldRead() {
  const reads: { release: (value: number) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve) => {
      reads.push({ release: resolve });
    });
  return { reads, read };
}

describe('public figures while a re-read runs', () => {
  let app: FastifyInstance;
  let clock = 0;
  afterEach(() => app.close());

  async function appWith(read: () => Promise<number>): Promise<PublicCache> {
    app = Fastify();
    const cache = new PublicCache(() => new Date(clock));
    app.get('/figure', (request, reply) => cache.answer(request, reply, 'sensing', read));
    await app.ready();
    return cache;
  }
  /** A cache whose first read (held until released) has answered 1. */
  async function answering1() {
    const { reads, read } = heldRead();
    const cache = await appWith(read);
    const first = get();
    await expect.poll(() => reads.length).toBe(1);
    reads[0]!.release(1);
    expect(await first).toBe(1);
    return { reads, cache };
  }
  const get = () => app.inject({ method: 'GET', url: '/figure' }).then((r) => JSON.parse(r.body).data as number);

  it('answers from before a change while the read started after it runs; whoever reads after it is done sees the change', async () => {
    const { reads, cache } = await answering1();

    cache.invalidate('sensing');
    const starter = get();
    await expect.poll(() => reads.length).toBe(2);
    // the crowd meanwhile: the answer of a moment ago, no new read
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    expect(reads).toHaveLength(2);
    reads[1]!.release(2);
    expect(await starter).toBe(2);
    expect(await get()).toBe(2);
    expect(reads).toHaveLength(2);
  });

  it('makes requests wait for the read when the answer from before the change is older than the maximum age', async () => {
    const { reads, cache } = await answering1();

    cache.invalidate('sensing');
    const starter = get();
    await expect.poll(() => reads.length).toBe(2);
    clock += 5_000;
    const late = get();
    reads[1]!.release(2);
    expect(await starter).toBe(2);
    // it waited for the read under way (single flight) rather than starting one or answering 1
    expect(await late).toBe(2);
    expect(reads).toHaveLength(2);
  });

  it('reads again after a second change once the read under way has ended, so a writer never gets the figures from before its write', async () => {
    const { reads, cache } = await answering1();

    cache.invalidate('sensing');
    const before = get();
    await expect.poll(() => reads.length).toBe(2);
    cache.invalidate('sensing');
    const after = get();
    // one read of an answer at a time: the next waits for this one
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toHaveLength(2);
    reads[1]!.release(2);
    expect(await before).toBe(2);
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBe(3);
    reads[2]!.release(3);
    expect(await after).toBe(3);
  });

  it('rests between two reads of an answer in proportion to what the last one took, answering from before the change meanwhile', async () => {
    const starts: number[] = [];
    const { reads, read } = heldRead();
    const cache = await appWith(() => {
      starts.push(performance.now());
      return read();
    });
    const first = get();
    await expect.poll(() => reads.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const released = performance.now();
    reads[0]!.release(1);
    expect(await first).toBe(1);

    cache.invalidate('sensing');
    const writer = get();
    expect(await get()).toBe(1);
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBe(2);
    // the first read took at least released - starts[0] ms; its rest is REREAD_REST_FACTOR times that
    const rest = Math.min(REREAD_REST_MAX_MS, REREAD_REST_FACTOR * (released - starts[0]!));
    expect(starts[1]! - released).toBeGreaterThanOrEqual(rest - 2);
    reads[1]!.release(2);
    expect(await writer).toBe(2);
    expect(await get()).toBe(2);
  });
});
