import path from 'node:path';
import type { Plugin } from 'vite';

/** What the web app reads of a declaration (src/api/client.ts, features/portal-management/sections.ts). */
const KEPT = ['method', 'path', 'operationId', 'tags', 'access', 'bodyMediaType'] as const;

/** The declaration modules (`packages/contracts/src/api/<area>.ts`); not the shared helpers beside them. */
const DECLARATIONS = /[\\/]packages[\\/]contracts[\\/]src[\\/]api[\\/](?!endpoint\.ts$|tags\.ts$|all-endpoints\.ts$)[\w-]+\.ts$/;

const isEndpointMap = (value: unknown): value is Record<string, Record<string, unknown>> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((e) => typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'operationId' in e);

/**
 * The web app's copy of each endpoint declaration module (docs/api.md §Endpoints) holds only what a
 * browser uses to call the endpoint — method, path, operationId, tags, access and the body's media
 * type — not the schemas, summaries and descriptions that the server validates with and the OpenAPI
 * document shows: those are most of the declarations' bytes, and the schemas' construction pulled
 * TypeBox into the first load of every page (issue 13 item 9). The declarations themselves are
 * unchanged: the server, the OpenAPI document and the type checker (which checks every call's
 * inputs and answers against them) read the full ones. Each module is run in Node at build time
 * (tsx) and written out as data; an export that is not an endpoint map is left out, so a web import
 * of one fails the build instead of breaking at run time.
 */
export function slimEndpoints(): Plugin {
  return {
    name: 'eco:slim-endpoints',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!DECLARATIONS.test(file)) return null;
      const { tsImport } = await import('tsx/esm/api');
      const exports = (await tsImport(path.resolve(file), import.meta.url)) as Record<string, unknown>;
      const lines = Object.entries(exports)
        .filter(([, value]) => isEndpointMap(value))
        .map(([name, map]) => {
          const slim = Object.fromEntries(
            Object.entries(map as Record<string, Record<string, unknown>>).map(([key, spec]) => [
              key,
              Object.fromEntries(KEPT.filter((field) => spec[field] !== undefined).map((field) => [field, spec[field]])),
            ]),
          );
          return `export const ${name} = ${JSON.stringify(slim)};`;
        });
      if (lines.length === 0) this.error(`${file}: no endpoint map to keep`);
      return lines.join('\n');
    },
  };
}
