/**
 * How Fastify validates each part of a request (its `schemaController`): query strings and path
 * parameters with its own Ajv (which turns their text into numbers and repeated keys into
 * arrays), JSON bodies exactly as sent with TypeBox's compiler (the same JSON Schema).
 *
 * Ajv's coercion must not touch bodies: it would take `{"name": 123}` as "123" and `null` as "",
 * and in a union it coerces in the first branch, so `null` sent for "an id or null" became 0.
 * TypeBox does not apply `default`s either: a body carries what its sender sent.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { validationError, type ValidationIssue } from './validation-error';

type BuildCompiler = ReturnType<typeof AjvCompiler>;
interface RouteSchemaDefinition {
  schema: FastifySchema;
  httpPart?: string;
  method: string;
  url: string;
}

/** TypeBox reports in Ajv's shape; make the few differences match what the error handler and ajv-i18n read. */
function asAjvIssues(issues: ValidationIssue[]): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const issue of issues) {
    // the branches of a failed anyOf and `false` schemas of additionalProperties repeat what their summary says
    if (issue.schemaPath.includes('/anyOf/') || issue.keyword === 'boolean') continue;
    if (issue.keyword === 'required' && Array.isArray(issue.params.requiredProperties)) {
      for (const missing of issue.params.requiredProperties as string[]) {
        result.push({ ...issue, params: { missingProperty: missing }, message: `must have required property '${missing}'` });
      }
      continue;
    }
    if (issue.keyword === 'additionalProperties' && Array.isArray(issue.params.additionalProperties)) {
      for (const extra of issue.params.additionalProperties as string[]) {
        result.push({ ...issue, params: { additionalProperty: extra }, message: 'must NOT have additional properties' });
      }
      continue;
    }
    if (issue.keyword === 'dependentRequired' && Array.isArray(issue.params.dependencies)) {
      const deps = issue.params.dependencies as string[];
      result.push({ ...issue, params: { property: issue.params.property, missingProperty: deps[0], deps: deps.join(', '), depsCount: deps.length } });
      continue;
    }
    result.push(issue);
  }
  return result;
}

/** A body validator in Fastify's custom-compiler form: `{ value }` when valid, `{ error }` when not. */
function strictBodyValidator(schema: TSchema): (data: unknown) => { value?: unknown; error?: Error } {
  const validator = Compile(schema);
  return (data) => {
    if (validator.Check(data)) return { value: data };
    const issues = asAjvIssues([...validator.Errors(data)] as ValidationIssue[]);
    return {
      error: validationError(
        'body',
        issues.length > 0 ? issues : [{ keyword: 'type', instancePath: '', schemaPath: '#', params: {}, message: 'is not valid' }],
      ),
    };
  };
}

/** Fastify's `schemaController.compilersFactory.buildValidator`. */
export const buildValidator: BuildCompiler = (externalSchemas, ajvOptions) => {
  const ajv = AjvCompiler()(externalSchemas, ajvOptions);
  const build = (definition: RouteSchemaDefinition) =>
    definition.httpPart === 'body' ? strictBodyValidator(definition.schema as TSchema) : ajv(definition as Parameters<typeof ajv>[0]);
  // Fastify accepts `{ value } | { error }` validators (its custom-compiler form); Ajv's types know only Ajv's
  return build as unknown as ReturnType<BuildCompiler>;
};
