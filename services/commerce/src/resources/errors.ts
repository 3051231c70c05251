function findCode(error: unknown, code: string): { constraint?: string } | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return e as { constraint?: string };
  }
  return null;
}

/** The violated unique constraint's name (SQLSTATE 23505), on either driver; null for other errors. */
export function uniqueViolation(error: unknown): string | null {
  const found = findCode(error, '23505');
  return found ? (found.constraint ?? '') : null;
}

export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== null;
}

/** A foreign-key violation (SQLSTATE 23503), on either driver. */
export function isForeignKeyViolation(error: unknown): boolean {
  return findCode(error, '23503') !== null;
}
