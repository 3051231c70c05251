import type { z } from 'zod';
import { EditingError } from './errors';
import type { ItemKey } from './repository';
import type { ContentTypeDefinition } from './types/definition';

/**
 * A draft's data checked against its type's schema (rich text sanitised on the way), its size and the
 * item's id, or INVALID_CONTENT naming each problem's path.
 */
export function checkedData(
  definition: ContentTypeDefinition,
  key: ItemKey,
  data: unknown,
  maxBytes: number,
): { data: unknown; sanitized: string[] } {
  const bytes = Buffer.byteLength(JSON.stringify(data ?? null), 'utf8');
  if (bytes > maxBytes)
    throw new EditingError(
      'INVALID_CONTENT',
      `The data is ${bytes} bytes: an item holds at most ${maxBytes}.`,
      {
        issues: [{ path: '', message: `at most ${maxBytes} bytes` }],
      },
    );
  const parsed = definition.schema.safeParse(data);
  if (!parsed.success)
    throw new EditingError(
      'INVALID_CONTENT',
      `The data is not a valid ${definition.type}: ${summary(parsed.error.issues)}`,
      { issues: parsed.error.issues.slice(0, 50).map((i) => ({ path: pathOf(i.path), message: i.message })) },
    );
  if (definition.idOf) {
    const expected = definition.idOf(parsed.data);
    if (expected !== key.id)
      throw new EditingError(
        'INVALID_CONTENT',
        `The id of this ${definition.type} must be '${expected.slice(0, 300)}' (from its data), not '${key.id}'.`,
        { issues: [{ path: '', message: `id must be ${expected.slice(0, 300)}` }] },
      );
  }
  return { data: parsed.data, sanitized: changedTexts(data, parsed.data) };
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

function summary(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 5).map((i) => `${pathOf(i.path) || '(data)'}: ${i.message}`);
  return `${shown.join('; ')}${issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''}.`;
}

/** Paths whose text differs between what was sent and what is stored: what sanitising changed. */
function changedTexts(sent: unknown, stored: unknown, path = ''): string[] {
  if (typeof sent === 'string' && typeof stored === 'string') return sent === stored ? [] : [path];
  if (typeof sent !== 'object' || sent === null || typeof stored !== 'object' || stored === null) return [];
  const changed: string[] = [];
  for (const [name, value] of Object.entries(stored)) {
    changed.push(
      ...changedTexts((sent as Record<string, unknown>)[name], value, path ? `${path}.${name}` : name),
    );
  }
  return changed;
}
