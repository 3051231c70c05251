/**
 * The roles a token carries: those requested in `scope` that the user holds, or all the user holds when
 * nothing is requested. The SDK sometimes sends a literal `undefined` word: it is ignored.
 */
export function grantedRoles(scope: string | undefined, assigned: readonly string[]): string[] {
  const requested = (scope ?? '').split(/\s+/).filter((word) => word !== '' && word !== 'undefined');
  if (requested.length === 0) return [...assigned];
  const wanted = new Set(requested);
  return assigned.filter((role) => wanted.has(role));
}
