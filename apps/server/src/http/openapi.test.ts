/**
 * The served OpenAPI document (docs/api.md §OpenAPI) as an integrator's tools read it: valid for
 * `@apidevtools/swagger-parser`, free of errors under Redocly's recommended rules, and complete —
 * every operation with its id, words, security and error responses in the envelope.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@eco/contracts/api/all-endpoints';
import { REPO_ROOT } from '../config';
import { useTestApp } from '../test/test-app';
import { makeTempDir, removeTempDir } from '../test/test-database';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { properties?: Record<string, { enum?: string[] }> } }> }>;
}
interface Document {
  openapi: string;
  info: { license?: { name: string } };
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const ctx = useTestApp();

describe('the OpenAPI document', () => {
  let document: Document;
  let file: string;
  let tmp: string;

  beforeAll(async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    tmp = makeTempDir('eco-openapi-');
    file = path.join(tmp, 'openapi.json');
    fs.writeFileSync(file, response.body);
    return () => removeTempDir(tmp);
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([p, methods]) => Object.entries(methods).map(([method, op]) => ({ where: `${method.toUpperCase()} ${p}`, op })));

  it('is valid for @apidevtools/swagger-parser', async () => {
    // validate() dereferences in place: give it a copy
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('has no errors or warnings under Redocly’s recommended rules', () => {
    const cli = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', file, '--extends=recommended', '--format=json'], { encoding: 'utf8', cwd: tmp });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    console.log(`Redocly recommended: ${report.totals.errors} errors, ${report.totals.warnings} warnings`);
    // warnings too: the document is kept clean, so a new one stands out
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it('describes every declared endpoint, and nothing else', () => {
    const documented = operations()
      .map((o) => o.op.operationId)
      .sort();
    expect(documented).toEqual(ALL_ENDPOINTS.map((e) => e.operationId).sort());
  });

  it('gives every operation its id, words, security and error responses in the envelope', () => {
    for (const { where, op } of operations()) {
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toBeTruthy();
      expect(op.security?.length, where).toBeGreaterThan(0);
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      expect(
        errors.map(([status]) => status),
        where,
      ).toContain('500');
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema;
        expect(schema?.properties?.errorCode?.enum?.length, `${where} ${status}`).toBeGreaterThan(0);
        for (const code of schema!.properties!.errorCode!.enum!) expect(response.description, `${where} ${status}`).toContain(code);
      }
    }
  });

  it('declares the session cookie with the CSRF token, and the device key, as security schemes', () => {
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'eco_session' },
      csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
      deviceKey: { type: 'http', scheme: 'bearer' },
    });
    expect(document.servers?.length).toBeGreaterThan(0);
    expect(document.info.license?.name).toBeTruthy();
  });
});
