/** The cookie remembering the visitor's tracking choice ('on' or 'off'), one year. */
export const CONSENT_COOKIE = 'tracking_consent';

export type ConsentChoice = 'on' | 'off';

/** The choice a cookie value records; null when the visitor has not chosen (or the value is unknown). */
export function consentChoiceOf(value: string | null | undefined): ConsentChoice | null {
  return value === 'on' || value === 'off' ? value : null;
}

/** Whether tracking runs: until the visitor says no it is on (spec §4, §9: default tracking consent true). */
export function trackingEnabled(choice: ConsentChoice | null): boolean {
  return choice !== 'off';
}
