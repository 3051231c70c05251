/** Splits rows into batches small enough for one INSERT (PostgreSQL allows 65,535 parameters). */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}
