/**
 * Public figures that hold a crowd (docs/scale-out.md §Public figures): the anonymous reads behind
 * /home and /stgz — the sensing overview, latest values, recent detections, the map, the stations,
 * the verification headline and map tasks, the latest notices and regulations, the city
 * boundaries — are answered from a short cache of their serialised envelope instead of asking the
 * database for every visitor.
 *
 * An answer is served from the cache while all of these hold:
 * - it is younger than {@link PUBLIC_FIGURES_MAX_AGE_MS}, by the process's monotonic clock and by the
 *   app's clock (`now`, which tests move): figures that depend on the time — who is online, the
 *   last 24 hours, today in the province, overdue tasks, a notice whose publication time has
 *   come — are never older than that;
 * - nothing of its group changed since it was read: in this process, a successful write request
 *   under the group's paths (checked before the write's answer is sent, so the writer's next read
 *   shows it); in any process, an event on the sensing bus (observations stored, alerts,
 *   detections, verification tasks — across processes on PostgreSQL through the relay,
 *   modules/sensing/relay.ts).
 *   Writes in another process that are not sensing events reach this one within the maximum age.
 *
 * Concurrent misses of one answer wait for one query (single flight). After a change, the request
 * that starts the new read waits for it (and sees the change, as does every request after the read
 * is done); requests arriving meanwhile get the answer from before the change when it is younger
 * than the maximum age, so a crowd never queues behind a read that a stream of writes keeps
 * restarting. One answer is re-read one read at a time, and after a read that took d ms the next
 * waits until {@link REREAD_REST_FACTOR}·d ms (at most {@link REREAD_REST_MAX_MS}) have passed since
 * it ended: however fast a device pushes, re-reading one answer takes at most a fifth of the
 * database's time (on the embedded PGlite, of the thread that also accepts the crowd's connections,
 * docs/scale-out.md §A crowd). A read waiting for its turn reads the state of when it starts, so
 * it covers every change before that. The stored body is the
 * route's own serialisation of `{ success: true, data }`, so the bytes are those of an uncached
 * answer; each carries a weak `ETag`, and a request whose `If-None-Match` names it gets 304. A
 * client that accepts brotli or gzip gets the body compressed once, not once per request: once per
 * cached answer, and kept across re-reads while the bytes stay the same (most answers change far
 * less often than once a second).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusEventType, SensingBus } from '../modules/sensing/events';

/**
 * An answer is served from the cache for less than this, ms (see the module comment). One second
 * costs one query a second per cached answer — nothing beside a crowd's thousands of requests a
 * second — and keeps the figures that move with the clock (a notice due at 09:30:00, an overdue
 * task, a device going offline) as exact as a visitor can tell.
 */
export const PUBLIC_FIGURES_MAX_AGE_MS = 1_000;

/**
 * After a re-read of an answer that took d ms, the next one starts no sooner than this many times d
 * after it ended (see the module comment): re-reading one answer keeps the database busy at most
 * 1/(1 + 4) of the time. A visitor cannot tell; the writer's own next read waits for it (a few ms
 * when the server is quiet).
 */
export const REREAD_REST_FACTOR = 4;

/** The longest rest between two re-reads of one answer, ms, whatever the last one took. */
export const REREAD_REST_MAX_MS = 100;

/** The most answers kept (distinct query strings of the cached reads); beyond it answers are read, not kept. */
export const PUBLIC_FIGURES_MAX_ENTRIES = 256;

/**
 * Answers that change together, and the paths whose successful writes (POST, PUT, PATCH, DELETE)
 * change them (in this process; {@link GROUP_EVENTS} tells the others).
 */
const GROUP_WRITES = {
  sensing: ['/api/sensing', '/api/things', '/api/v1.0', '/api/v1.1', '/api/camera-trap'],
  verification: ['/api/verification'],
  notices: ['/api/notices'],
  regulations: ['/api/technical-regulations'],
  geography: ['/api/divisions', '/api/city-boundaries'],
} as const;

export type PublicGroup = keyof typeof GROUP_WRITES;
const GROUPS = Object.keys(GROUP_WRITES) as PublicGroup[];

/**
 * Bus events after which the answers of a group are read again — those of another process too, on
 * PostgreSQL. Not `observations`: ingest.ts reads the newest values for it only while somebody
 * listens, so `observations-stored` (ids only) stands for it.
 */
const GROUP_EVENTS = {
  sensing: ['observations-stored', 'alert', 'detection'],
  verification: ['verification'],
} as const satisfies Partial<Record<PublicGroup, readonly BusEventType[]>>;

/** Bodies shorter than this are sent as they are (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * brotli's quality for each group's answers. Those that change only when somebody edits them (the
 * geography, notices, regulations) are compressed at the highest quality, 11: slower (the city
 * boundaries' 93 KB take about 100 ms, in zlib's thread pool, once per change) but 40 % smaller
 * than at 4 (15 KB instead of 25), which is what a crowd's bandwidth and a phone's first load pay
 * for. The sensing and verification figures change with every push, so they keep quality 4
 * (@fastify/compress's default).
 */
const BROTLI_QUALITY: Record<PublicGroup, number> = { sensing: 4, verification: 4, notices: 11, regulations: 11, geography: 11 };

/** The encodings a cached body is kept in, best first; gzip at level 6 (zlib's default). */
const ENCODERS = {
  br: (body: string, group: PublicGroup) =>
    promisify(brotliCompress)(body, {
      params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[group] },
    }),
  gzip: (body: string, _group: PublicGroup) => promisify(gzip)(body, { level: 6 }),
};
type Encoding = keyof typeof ENCODERS;
const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

interface Entry {
  group: PublicGroup;
  /** the group's generation when the read started; undefined while it waits for its turn (it covers every change until it starts) */
  generation: number | undefined;
  /** performance.now() and the app clock (ms) when the read started */
  startedAt: number;
  startedAtApp: number;
  /** performance.now() when the read ended, and how long it took (ms) */
  endedAt?: number;
  readMs?: number;
  data: Promise<unknown>;
  /** the serialised envelope and its ETag, made by the first reply that sends it */
  body?: string;
  etag?: string;
  /** its read has succeeded */
  settled: boolean;
  /** a read for a newer state under way, while this one is still served (PublicCache.refreshed) */
  next?: Entry;
  /** the body compressed, made by the first request that accepts each encoding */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** the ETag and encodings of the answer this one re-reads, taken over if the bytes are the same */
  before?: { etag: string; encoded: Entry['encoded'] };
  /** the body's bytes in each encoding that is ready (identity: as sent uncompressed), for {@link PublicCache.lookup} */
  ready: Partial<Record<Encoding | 'identity', Buffer>>;
  /**
   * The headers Fastify sent with this answer to an anonymous visitor, less the request's id and
   * the encoding and length of the body, for {@link PublicCache.lookup}
   */
  headers?: Record<string, string | number | string[]>;
}

/** An answer ready to be sent as it is, without Fastify: {@link PublicCache.lookup}. */
export interface ReadyAnswer {
  /** the route's pattern (`/api/sensing/overview`), as the metrics name it */
  route: string;
  /** every header but `x-request-id` and `content-length` */
  headers: Record<string, string | number | string[]>;
  body: Buffer;
}

/** A request that nobody signed in to and that does not ask to revalidate: what the fast path answers. */
function anonymousGet(request: IncomingMessage): boolean {
  const h = request.headers;
  return request.method === 'GET' && h.cookie === undefined && h.authorization === undefined && h['if-none-match'] === undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the public figures' cache (http/public-cache.ts); decorated by app.ts */
    publicCache: PublicCache;
  }
}

const noop = () => {};

export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<PublicGroup, number>(GROUPS.map((g) => [g, 0]));
  /** replies to answer with 304 (their request named the answer's ETag) */
  readonly notModified = new WeakSet<FastifyReply>();
  /** replies to send compressed, with their bytes */
  readonly encodedReplies = new WeakMap<FastifyReply, Buffer>();
  /** replies sending a cached answer to an anonymous visitor: their headers are kept for lookup() */
  readonly anonymousReplies = new WeakMap<FastifyReply, Entry>();
  /** the key and route of each URL (path and query string as sent) answered from the cache to an anonymous visitor */
  private readonly urls = new Map<string, { key: string; route: string }>();

  constructor(
    private readonly now: () => Date,
    private readonly maxAgeMs = PUBLIC_FIGURES_MAX_AGE_MS,
  ) {}

  /**
   * The data of the route's answer to `request`, from the cache of `group` or else from `read`
   * (once for all concurrent requests); also makes `reply` send the stored serialisation with its
   * ETag. For public reads whose answer depends only on the path and the query, never on who asks.
   */
  async answer<T>(request: FastifyRequest, reply: FastifyReply, group: PublicGroup, read: () => Promise<T>): Promise<T> {
    const key = `${request.routeOptions.url} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(request.query ?? {})}`;
    let entry = this.entries.get(key);
    if (!entry || !this.fresh(entry)) entry = this.refreshed(key, entry, group, read);
    const data = (await entry.data) as T;
    if (anonymousGet(request.raw) && request.routeOptions.url !== undefined) {
      if (this.urls.size >= PUBLIC_FIGURES_MAX_ENTRIES && !this.urls.has(request.url)) this.urls.clear();
      this.urls.set(request.url, { key, route: request.routeOptions.url });
      this.anonymousReplies.set(reply, entry);
    }
    if (entry.body === undefined || entry.etag === undefined) {
      // the route's response schema serialises JSON to a string (Fastify's types allow buffers for other serialisers)
      const body = reply.serialize({ success: true, data }) as string;
      entry.body = body;
      entry.etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
      if (entry.before?.etag === entry.etag) entry.encoded = entry.before.encoded;
      entry.before = undefined;
    }
    const { body, etag } = entry;
    // a reply with its own serializer gets no content type from Fastify: the one of a JSON answer
    reply.type('application/json; charset=utf-8').header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      this.notModified.add(reply);
      reply.serializer(() => body);
      return data;
    }
    const encoding = body.length >= COMPRESS_FROM_BYTES ? negotiator.negotiate(request.headers['accept-encoding'] ?? '') : null;
    if (encoding === 'br' || encoding === 'gzip') {
      const encoded = entry.encoded[encoding] ?? ENCODERS[encoding](body, entry.group);
      entry.encoded[encoding] = encoded;
      const bytes = await encoded;
      entry.ready[encoding] = bytes;
      // @fastify/compress leaves a reply that already has a Content-Encoding alone; the onSend hook
      // (registerPublicCache) sends these bytes instead of the body
      reply.header('content-encoding', encoding);
      this.encodedReplies.set(reply, bytes);
    }
    reply.serializer(() => body);
    return data;
  }

  /**
   * The answer to `request` as it is in memory, when it can be sent without Fastify: an anonymous
   * GET (no cookie, no Authorization, no If-None-Match) of a URL answered from the cache before,
   * whose answer {@link answer} would send too (current, or the one from before a change while the
   * read of the change is under way) and has already been sent once, compressed as the request
   * accepts. Otherwise undefined, and Fastify answers.
   */
  lookup(request: IncomingMessage): ReadyAnswer | undefined {
    if (!anonymousGet(request)) return undefined;
    const url = this.urls.get(request.url ?? '');
    const entry = url && this.entries.get(url.key);
    if (!url || !entry?.headers || entry.body === undefined || !(this.fresh(entry) || this.servedWhileRefreshing(entry))) return undefined;
    const accepted = request.headers['accept-encoding'];
    if (entry.body.length < COMPRESS_FROM_BYTES || accepted === undefined) {
      entry.ready.identity ??= Buffer.from(entry.body);
      return { route: url.route, headers: entry.headers, body: entry.ready.identity };
    }
    const encoding = negotiator.negotiate(accepted);
    // identity for a client that accepts only deflate, say: @fastify/compress would answer it, not this
    if (encoding !== 'br' && encoding !== 'gzip') return undefined;
    const bytes = entry.ready[encoding];
    if (!bytes) return undefined;
    return { route: url.route, headers: { ...entry.headers, 'content-encoding': encoding }, body: bytes };
  }

  /** Forgets the answers of `groups` (this process). */
  invalidate(...groups: PublicGroup[]): void {
    for (const group of groups) this.generations.set(group, this.generations.get(group)! + 1);
  }

  /** Forgets the answers of the groups a successful write to `url` changes. */
  invalidateAfterWrite(url: string): void {
    const path = url.split('?', 1)[0]!;
    for (const group of GROUPS) {
      if (GROUP_WRITES[group].some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}(`))) this.invalidate(group);
    }
  }

  /**
   * The entry to answer from when `previous` (the one kept under `key`, if any) is no longer fresh:
   * - a read for the group's current state is under way (started by an earlier request since the
   *   change) and `previous` is younger than the maximum age: `previous`, so a crowd does not queue
   *   behind the read — only the request that started it waits, and every later one gets it once
   *   it is done (so whoever reads after a change, the writer included, sees it);
   * - such a read is under way and `previous` is too old: that read (single flight);
   * - otherwise a new read, which this request waits for.
   */
  private refreshed(key: string, previous: Entry | undefined, group: PublicGroup, read: () => Promise<unknown>): Entry {
    const refresh = previous?.next;
    if (previous && refresh && this.covers(refresh)) {
      return previous.settled && this.young(previous) ? previous : refresh;
    }
    const entry = this.start(group, read, previous, refresh);
    if (previous?.settled && this.young(previous)) {
      // kept, to serve while the read runs; replaced once it is done
      previous.next = entry;
      entry.data.then(
        () => {
          if (this.entries.get(key) === previous) this.entries.set(key, entry);
        },
        () => {
          if (previous.next === entry) previous.next = undefined;
        },
      );
      return entry;
    }
    if (previous) this.entries.delete(key);
    if (this.entries.size >= PUBLIC_FIGURES_MAX_ENTRIES) this.sweep();
    if (this.entries.size < PUBLIC_FIGURES_MAX_ENTRIES) this.entries.set(key, entry);
    // a failed read is not kept: the next request tries again
    entry.data.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }

  /**
   * A new read of `group`'s answer; `previous` is the answer it replaces, if any, and `running` a
   * re-read of it under way for an older state. The read starts at once when the last read of this
   * answer ended long enough ago ({@link REREAD_REST_FACTOR}), else when it has.
   */
  private start(group: PublicGroup, read: () => Promise<unknown>, previous?: Entry, running?: Entry): Entry {
    const entry: Entry = {
      group,
      generation: undefined,
      startedAt: performance.now(),
      startedAtApp: this.now().getTime(),
      data: Promise.resolve(),
      settled: false,
      encoded: {},
      ready: {},
      // only the ETag and the encodings, not the entry: a chain of re-reads keeps nothing older alive
      before: previous?.etag !== undefined ? { etag: previous.etag, encoded: previous.encoded } : previous?.before,
    };
    const begin = () => {
      entry.generation = this.generations.get(group)!;
      entry.startedAt = performance.now();
      entry.startedAtApp = this.now().getTime();
      return read();
    };
    // one read of an answer at a time, and a rest after each (see REREAD_REST_FACTOR)
    const last = running ?? previous;
    const turn =
      last === undefined ? undefined : last.endedAt === undefined ? last.data.then(noop, noop).then(() => this.restAfter(last)) : this.restAfter(last);
    entry.data = turn ? turn.then(begin) : begin();
    const ended = () => {
      entry.endedAt = performance.now();
      entry.readMs = entry.endedAt - entry.startedAt;
    };
    entry.data.then(() => {
      ended();
      entry.settled = true;
    }, ended);
    return entry;
  }

  /** Resolves when the rest after `last` (a read that has ended) is over; undefined when it is. */
  private restAfter(last: Entry): Promise<void> | undefined {
    const rest = last.endedAt! + Math.min(REREAD_REST_MAX_MS, REREAD_REST_FACTOR * last.readMs!) - performance.now();
    return rest > 0 ? new Promise((resolve) => setTimeout(resolve, rest)) : undefined;
  }

  /** A read of the group's current state: under way since its last change, or waiting for its turn (it will read the state of then). */
  private covers(entry: Entry): boolean {
    return entry.generation === undefined || entry.generation === this.generations.get(entry.group);
  }

  /** Kept to serve while a read of the group's current state is under way (see {@link refreshed}). */
  private servedWhileRefreshing(entry: Entry): boolean {
    return entry.settled && entry.next !== undefined && this.covers(entry.next) && this.young(entry);
  }

  /** Read (or waiting to read) after the group's last change and younger than the maximum age. */
  private fresh(entry: Entry): boolean {
    return this.covers(entry) && this.young(entry);
  }

  /** Younger than the maximum age, by the monotonic clock and by the app's. */
  private young(entry: Entry): boolean {
    const appAge = this.now().getTime() - entry.startedAtApp;
    return performance.now() - entry.startedAt < this.maxAgeMs && appAge >= 0 && appAge < this.maxAgeMs;
  }

  private sweep(): void {
    for (const [key, entry] of this.entries) if (!this.fresh(entry)) this.entries.delete(key);
  }
}

/**
 * Decorates `app` with its {@link PublicCache} and adds the hooks that keep it current: sensing
 * events on `bus` and successful writes forget what they change; 304 for a matching If-None-Match.
 * Register before @fastify/compress, so a 304 is decided before anything is compressed.
 */
export function registerPublicCache(app: FastifyInstance, { bus, now }: { bus: SensingBus; now: () => Date }): PublicCache {
  const cache = new PublicCache(now);
  app.decorate('publicCache', cache);
  const unsubscribe = [
    bus.subscribe(GROUP_EVENTS.sensing, () => cache.invalidate('sensing')),
    bus.subscribe(GROUP_EVENTS.verification, () => cache.invalidate('verification')),
  ];
  app.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (cache.notModified.has(reply) && reply.statusCode === 200) {
      reply.code(304);
      return null;
    }
    const anonymous = cache.anonymousReplies.get(reply);
    if (anonymous && !anonymous.headers && reply.statusCode === 200) {
      const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
      // a reply that sets a cookie is never sent again to somebody else
      if (headers['set-cookie'] === undefined) {
        for (const own of ['x-request-id', 'content-encoding', 'content-length']) delete headers[own];
        anonymous.headers = headers;
      }
    }
    const encoded = cache.encodedReplies.get(reply);
    if (encoded && reply.statusCode === 200) return encoded;
    // before the write's answer leaves, so the writer's next read sees the change
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && reply.statusCode < 400) {
      cache.invalidateAfterWrite(request.url);
    }
    return payload;
  });
  return cache;
}
