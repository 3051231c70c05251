/**
 * A time of day in 12-hour format with AM/PM (spec §9): `9:05 AM`, `12:00 PM` (noon), `12:30 AM` (just
 * after midnight). The same notation in every locale. `timeZone` is an IANA zone; without it the
 * runtime's zone is used, so pass one when rendering on the server.
 */
export function formatTime12h(date: Date, timeZone?: string): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatTime12h: invalid date');
  const parts = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}
