import { jsonProblem } from '@catalogue/service-kit/input-guard';
import type { z } from 'zod';
import { AdminError } from './errors';

function issuePath(path: PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** A value read through `schema`, or a 400 naming each problem's path (at most 20). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, where = 'body'): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 20)
    .map((issue) => `${[where, issuePath(issue.path)].filter(Boolean).join('.')}: ${issue.message}`);
  throw new AdminError('invalid_request', `Invalid ${where}: ${problems.slice(0, 5).join('; ')}`, {
    problems,
  });
}

/** The request's JSON body checked by the services' input rules (NUL, surrogates, depth), then by `schema`. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw new AdminError('invalid_request', 'The request body is not valid JSON.');
  }
  const problem = jsonProblem(body);
  if (problem) throw new AdminError('invalid_request', problem.message, { field: problem.where });
  return parseWith(schema, body);
}

/** The query string's parameters read through `schema` (each parameter once; repeated ones are refused). */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    if (all.length > 1)
      throw new AdminError('invalid_request', `Query parameter '${key}' is given ${all.length} times.`, {
        field: `query.${key}`,
      });
    values[key] = all[0] as string;
  }
  return parseWith(schema, values, 'query');
}
