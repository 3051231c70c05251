import { z } from 'zod';

/** A content version as this API hands it out (`contentVersion`: 16 hex digits). */
export const versionSchema = z
  .string()
  .regex(/^[0-9a-f]{16}$/, 'must be a version as this API gave it (16 hexadecimal digits)');

/** A locale in a body or query: `*` (every locale) or a site locale code; the use case checks which. */
export const localeSchema = z.string().trim().min(1).max(35);
