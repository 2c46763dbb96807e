/** Validation failures in the shape Fastify and the error handler read (Ajv's), whoever found them. */

/** One problem, as Ajv reports it (`keyword`, `instancePath`, `params`), which ajv-i18n can word. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A 400 validation error of `context` (http/error-handler.ts answers it as VALIDATION_FAILED with field details). */
export function validationError(context: 'body' | 'querystring' | 'params', issues: ValidationIssue[]): Error {
  return Object.assign(new Error(`${context} ${issues.map((i) => `${i.instancePath} ${i.message ?? i.keyword}`).join('; ')}`), {
    statusCode: 400,
    validation: issues,
    validationContext: context,
  });
}

/** The issue of a property (or multipart text part) `name` that the input does not declare (docs/api.md §Input). */
export function unknownPropertyIssue(name: string): ValidationIssue {
  return {
    keyword: 'additionalProperties',
    instancePath: '',
    schemaPath: '#',
    params: { additionalProperty: name },
    message: 'must NOT have additional properties',
  };
}
