import { z } from 'zod';

/**
 * The body schema for PATCH: every property optional and, unlike zod 4's `.partial()`, without the
 * whole-object defaults (`.partial()` still fills `FirstName: ''` or `Roles: []` in when they are absent,
 * so a PATCH of one property would reset the others).
 */
export function patchBody<T extends z.ZodObject>(body: T): ReturnType<T['partial']> {
  const shape = Object.fromEntries(
    Object.entries(body.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
    ]),
  );
  return body.extend(shape) as unknown as ReturnType<T['partial']>;
}
