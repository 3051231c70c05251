import type { Actor } from './write-transaction';

/** The admin routes' Hono environment: the merchandiser the access check found. */
export interface AdminEnv {
  Variables: { actor: Actor };
}
