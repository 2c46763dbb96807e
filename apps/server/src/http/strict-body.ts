/**
 * Request bodies are checked against their schema as sent, without type coercion.
 *
 * The app's Ajv coerces types (`coerceTypes: 'array'`) because query strings only carry text
 * (`?page=2`). On a JSON body that would accept `{"displayName": 123}` as "123", `null` as "" and
 * `0` as null. This `preValidation` hook runs before Fastify's own validation and refuses any
 * body that does not match its schema exactly (TypeBox's compiler, same JSON Schema); Fastify's
 * validation then finds nothing left to coerce.
 *
 * Unknown properties are not refused: body schemas say `additionalProperties: false` and Fastify's
 * validation (`removeAdditional`) drops them, so a handler never sees a field it did not declare.
 * Failures are ordinary validation errors: 400 VALIDATION_FAILED with field details.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Compile, type Validator } from 'typebox/compile';
import type { TSchema } from 'typebox';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** TypeBox reports in Ajv's shape; make the few differences match what the error handler and ajv-i18n read. */
function asAjvErrors(issues: ValidationIssue[]): ValidationIssue[] {
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
    // dropped by Fastify's validation, not refused
    if (issue.keyword === 'additionalProperties') continue;
    result.push(issue);
  }
  return result;
}

/** Registers the strict body check for every route of `app`. */
export function registerStrictBodies(app: FastifyInstance): void {
  const validators = new WeakMap<object, Validator>();
  app.addHook('preValidation', async (request) => {
    const schema = (request.routeOptions.schema as FastifySchema | undefined)?.body as TSchema | undefined;
    if (!schema || typeof schema !== 'object') return;
    let validator = validators.get(schema);
    if (!validator) {
      validator = Compile(schema);
      validators.set(schema, validator);
    }
    if (validator.Check(request.body)) return;
    const issues = asAjvErrors([...validator.Errors(request.body)] as ValidationIssue[]);
    if (issues.length === 0) return;
    throw Object.assign(new Error(`body ${issues.map((i) => `${i.instancePath} ${i.message ?? i.keyword}`).join('; ')}`), {
      statusCode: 400,
      validation: issues,
      validationContext: 'body',
    });
  });
}
