import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** OrderCloud-style generated IDs: 22 URL-safe characters (128 random bits). */
export function generateId(): string {
  return randomBytes(16).toString('base64url');
}

/** IDs clients may choose: letters, digits, `-`, `_`, `.`, at most 100 characters. */
export const idSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'may only contain letters, digits, - _ and .');

export const XP_MAX_BYTES = 8000;

/** `xp`: any JSON object up to 8,000 bytes. */
export const xpSchema = z
  .record(z.string(), z.unknown())
  .refine((xp) => Buffer.byteLength(JSON.stringify(xp)) <= XP_MAX_BYTES, {
    message: `must be at most ${XP_MAX_BYTES} bytes of JSON`,
  });
