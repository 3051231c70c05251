/**
 * The form-side checks of an email address and a new password, so the pages can answer in the visitor's
 * language before the commerce service is asked. The password rule is the commerce service's
 * (identity/buyer-users.ts `passwordSchema`): 8–100 characters with a letter and a digit.
 */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export function acceptablePassword(password: string): boolean {
  return password.length >= 8 && password.length <= 100 && /[A-Za-z]/.test(password) && /\d/.test(password);
}
