/**
 * The delay before the next attempt after `attempts` failed ones: `base · 2^(attempts−1)`, capped, with
 * "equal jitter" (between half and all of it) so that rows failing together — an SMTP server that was
 * down — do not all come back in the same second. `random` is injectable for tests.
 */
export function backoffSeconds(
  attempts: number,
  baseSeconds: number,
  capSeconds: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const full = Math.min(capSeconds, baseSeconds * 2 ** exponent);
  return Math.max(1, Math.round(full / 2 + (full / 2) * random()));
}
