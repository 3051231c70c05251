import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const ID_BYTES = 16;
/**
 * Random bytes are drawn from the system's generator for this many IDs at once (as Node's `randomUUID`
 * batches its entropy): a draw per ID cost a system call of about 25 µs here, a tenth of a millisecond of
 * every accept (its order and lines).
 */
const IDS_PER_DRAW = 256;
let drawn = Buffer.alloc(0);
let used = 0;

/** OrderCloud-style generated IDs: 22 URL-safe characters (128 random bits). */
export function generateId(): string {
  if (used + ID_BYTES > drawn.length) {
    drawn = randomBytes(ID_BYTES * IDS_PER_DRAW);
    used = 0;
  }
  used += ID_BYTES;
  return drawn.toString('base64url', used - ID_BYTES, used);
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
