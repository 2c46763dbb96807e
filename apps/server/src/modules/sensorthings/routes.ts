/**
 * The SensorThings API service roots `/api/v1.0` and `/api/v1.1` (OGC 15-078r6 and 18-088;
 * docs/sensorthings.md): reading every entity type with the standard's resource paths and query
 * options. Answers are the standard's JSON, not the portal's envelope; errors are the envelope
 * (400 STA_QUERY_INVALID, 404 STA_ENTITY_NOT_FOUND), as on the rest of the API. Public: anyone
 * may read, as they may read /api/sensing.
 *
 * These routes answer a path grammar rather than fixed paths, so they are registered here rather
 * than from endpoint declarations, and left out of /api/openapi.json; docs/sensorthings.md is
 * their reference.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STA_CONFORMANCE, STA_DEFAULT_TOP, STA_MAX_TOP, STA_VERSIONS, type StaVersion } from '@eco/contracts/sensorthings';
import type { Db } from '../../db/client';
import { hasPostgis } from '../../db/postgis';
import { AppError } from '../../http/app-error';
import { geoFunctionOption } from './geo-sql';
import { QueryOptionError } from './odata/ast';
import { parseQueryOptions } from './odata/parse-options';
import { readResource, serviceRoot } from './read';
import { PathNotFound, parseResourcePath } from './resource-path';

/** SQLSTATE class 22 (data exception): a filter whose arithmetic overflows, say. The request's fault, not the server's. */
function isDataException(error: unknown): boolean {
  // drizzle wraps the driver's error in `cause`
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/** The query string's parameters, percent-decoded once; `+` stays `+` (a time zone offset, not a space). */
function queryOf(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  // no prototype: a parameter named `__proto__` is a parameter like any other (and refused)
  const query: Record<string, string | string[]> = Object.create(null);
  if (at < 0) return query;
  for (const part of url.slice(at + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text);
      } catch {
        throw new AppError('STA_QUERY_INVALID', `the query string is not valid percent-encoding: ${text.slice(0, 80)}`);
      }
    };
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** The service root of `version` as the client reached it (scheme and host of the request). */
function baseOf(request: FastifyRequest, version: StaVersion): string {
  return `${request.protocol}://${request.host}/api/${version}`;
}

function cacheControl(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('cache-control', request.user ? 'no-store' : 'no-cache');
}

export async function sensorThingsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const version of STA_VERSIONS) {
    app.get(`/${version}`, { schema: { hide: true } }, async (request, reply) => {
      cacheControl(request, reply);
      const query = queryOf(request.url);
      if (Object.keys(query).length > 0) throw new AppError('STA_QUERY_INVALID', 'the service root takes no query options');
      return serviceRoot({ base: baseOf(request, version), version }, STA_CONFORMANCE);
    });
    app.get(`/${version}/*`, { schema: { hide: true } }, async (request, reply) => {
      cacheControl(request, reply);
      const raw = request.url.split('?')[0]!.slice(`/api/${version}/`.length);
      try {
        const segments = raw
          .split('/')
          .filter((s, i, all) => s !== '' || i < all.length - 1)
          .map((s) => decodeURIComponent(s));
        const path = parseResourcePath(segments);
        const options = parseQueryOptions(queryOf(request.url), { defaultTop: STA_DEFAULT_TOP, maxTop: STA_MAX_TOP });
        const last = path.steps.at(-1)!;
        if (last.single || path.property) {
          const given = (['filter', 'orderby', 'top', 'skip', 'count'] as const).filter((o) => options[o] !== undefined);
          if (given.length > 0) throw new QueryOptionError(`$${given[0]}`, `$${given[0]} applies to a set of entities, not to one`);
        }
        const geo = geoFunctionOption(options);
        if (geo && !(await hasPostgis(db))) {
          throw new QueryOptionError(geo, 'the geospatial functions are not available: the database has no PostGIS (docs/sensorthings.md §Reading)');
        }
        const answer = await readResource(path, options, {
          db,
          version,
          base: baseOf(request, version),
          requestUrl: new URL(request.url, `${request.protocol}://${request.host}`),
        });
        if ('text' in answer) return reply.type('text/plain; charset=utf-8').send(answer.text);
        return answer.json;
      } catch (error) {
        if (error instanceof QueryOptionError) throw new AppError('STA_QUERY_INVALID', `${error.option}: ${error.message}`);
        if (error instanceof PathNotFound) throw new AppError('STA_ENTITY_NOT_FOUND', error.message);
        if (error instanceof URIError) throw new AppError('STA_ENTITY_NOT_FOUND', 'the path is not valid percent-encoding');
        if (isDataException(error)) throw new AppError('STA_QUERY_INVALID', 'the filter cannot be evaluated on these values (e.g. a number out of range)');
        throw error;
      }
    });
  }
}
