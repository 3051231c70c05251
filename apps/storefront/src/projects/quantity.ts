/**
 * Quantities of project lines as users type them: a whole number from 1 to 999999, the routes' own limit
 * (`project-route.ts`). Its own module because the calculators' add-to-project field loads with family
 * pages, whose first-load JavaScript has a budget.
 */
export const MAX_QUANTITY = 999_999;

/** A quantity typed by the user (digits only, spaces around allowed), or null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_QUANTITY ? value : null;
}
