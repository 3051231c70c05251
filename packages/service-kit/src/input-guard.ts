/**
 * What every public input is checked for before it reaches the code behind it (issue 20 item 8): text that
 * PostgreSQL refuses (NUL, U+0000, in `text` and `jsonb`, and UTF-16 surrogates without their pair, which
 * have no UTF-8 form), path segments that do not decode, and JSON nested deeper or wider than anything the
 * platform stores. The checks only find the problem; each service answers it in its own error format
 * (commerce's `Errors[]`, search's `errors[]`, GraphQL's `errors`, the storefront's `{error}`).
 */

/** The limits, in one place. */
export const INPUT_LIMITS = {
  /**
   * Objects and arrays inside one another in a JSON body, and segments of a property path into JSON
   * (`xp.a.b…` in a list filter or sort). Stored `xp` is never deeper, so a deeper path matches nothing.
   */
  maxJsonDepth: 32,
  /** Properties of one JSON object. */
  maxObjectKeys: 1000,
} as const;

export interface InputProblem {
  /** Where the problem is: `path`, `query.<name>`, `body.<property path>`, `form.<field>`. */
  where: string;
  message: string;
}

const NUL = '\u0000';
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or a lone surrogate in `text`, or null. */
export function textProblem(text: string, where: string): InputProblem | null {
  const nul = text.includes(NUL);
  if (!nul && !SURROGATE.test(text)) return null;
  if (nul) return { where, message: `${where} contains a NUL character (U+0000).` };
  if (LONE_SURROGATE.test(text)) {
    return { where, message: `${where} contains an unpaired UTF-16 surrogate, which is not text.` };
  }
  return null;
}

/**
 * The first problem of a request URL (`/path?query`, or an absolute URL): a path segment that is not valid
 * percent-encoded UTF-8 or decodes to NUL, a query name or value holding NUL. Query strings are decoded as
 * browsers and URLSearchParams do (a stray `%` stays a `%`, bad UTF-8 becomes U+FFFD), so only NUL can
 * reach the code through them.
 */
export function urlProblem(url: string): InputProblem | null {
  // NUL, a lone surrogate or bad UTF-8 reach a URL only percent-encoded (Node refuses a raw NUL).
  if (!url.includes('%') && !url.includes(NUL)) return null;
  const start = url.startsWith('/') ? 0 : url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return null;
  const rest = url.slice(start);
  const queryAt = rest.indexOf('?');
  const hashAt = rest.indexOf('#');
  const pathEnd = queryAt === -1 ? (hashAt === -1 ? rest.length : hashAt) : queryAt;
  for (const segment of rest.slice(0, pathEnd).split('/')) {
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { where: 'path', message: `The path segment ${segment} is not valid percent-encoded UTF-8.` };
    }
    const problem = textProblem(decoded, 'The path');
    if (problem) return { where: 'path', message: problem.message };
  }
  if (queryAt === -1) return null;
  const query = rest.slice(queryAt + 1, hashAt > queryAt ? hashAt : undefined);
  if (!query.includes('%00') && !query.includes(NUL)) return null;
  for (const [name, value] of new URLSearchParams(query)) {
    const problem =
      textProblem(name, 'A query parameter name') ?? textProblem(value, `Query parameter ${name}`);
    if (problem) return { where: `query.${name.replaceAll('\u0000', '')}`, message: problem.message };
  }
  return null;
}

/** The first problem of form fields (names and text values). */
export function fieldsProblem(fields: Iterable<[string, unknown]>, prefix = 'form'): InputProblem | null {
  for (const [name, value] of fields) {
    const problem =
      textProblem(name, 'A field name') ??
      (typeof value === 'string' ? textProblem(value, `Field ${name}`) : null);
    if (problem) return { where: `${prefix}.${name.replaceAll('\u0000', '')}`, message: problem.message };
  }
  return null;
}

/**
 * The first problem of a parsed JSON value: a string or property name holding NUL or a lone surrogate,
 * nesting deeper than `maxJsonDepth`, an object with more than `maxObjectKeys` properties. Walks without
 * recursion, so a value nested thousands deep is refused rather than overflowing the stack.
 */
export function jsonProblem(value: unknown, root = 'body'): InputProblem | null {
  const stack: { value: unknown; where: string; depth: number }[] = [{ value, where: root, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: current, where, depth } = item;
    if (typeof current === 'string') {
      const problem = textProblem(current, where);
      if (problem) return problem;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= INPUT_LIMITS.maxJsonDepth) {
      return {
        where,
        message: `${where} is nested more than ${INPUT_LIMITS.maxJsonDepth} levels deep.`,
      };
    }
    if (Array.isArray(current)) {
      current.forEach((element, index) => {
        stack.push({ value: element, where: `${where}[${index}]`, depth: depth + 1 });
      });
      continue;
    }
    const keys = Object.keys(current);
    if (keys.length > INPUT_LIMITS.maxObjectKeys) {
      return { where, message: `${where} has more than ${INPUT_LIMITS.maxObjectKeys} properties.` };
    }
    for (const key of keys) {
      const problem = textProblem(key, `A property name in ${where}`);
      if (problem) return { where, message: problem.message };
      stack.push({
        value: (current as Record<string, unknown>)[key],
        where: `${where}.${key}`,
        depth: depth + 1,
      });
    }
  }
  return null;
}
