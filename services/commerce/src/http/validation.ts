import type { z } from 'zod';
import { ApiError } from './api-error';
import { assertAcceptableJson } from './input-guard';

/**
 * Parses a JSON request body with a zod schema. Malformed JSON and every invalid or missing field are
 * reported at once: one OrderCloud error per problem, each naming its property. Text PostgreSQL refuses
 * and JSON nested too deep or too wide are refused first (`input-guard.ts`).
 */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  let json: unknown;
  try {
    const text = await request.text();
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw ApiError.of(400, 'InvalidRequest', 'The request body is not valid JSON.');
  }
  assertAcceptableJson(json);
  return validate(json, schema);
}

export function validate<T extends z.ZodType>(value: unknown, schema: T): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError(
    400,
    result.error.issues.map((issue) => {
      const property = issue.path.join('.') || '(body)';
      const missing = issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined;
      // A refinement may name OrderCloud's own code: `.refine(fn, { params: { errorCode: '…' } })`.
      const named =
        issue.code === 'custom' && typeof issue.params?.errorCode === 'string'
          ? issue.params.errorCode
          : null;
      return {
        ErrorCode: named ?? (missing ? 'Required' : 'ValidationFailure'),
        Message: missing ? `${property} is required.` : `${property} ${issue.message}.`,
        Data: { Property: property },
      };
    }),
  );
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
