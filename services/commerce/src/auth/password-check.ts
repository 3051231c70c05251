import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../identity/passwords';

/**
 * A hash of a random password at the same cost as users' hashes, made once per process. A login for a
 * name that matches nobody (or a user without a password) is checked against it, so it costs one scrypt
 * like any other login and its answer time does not tell whether the account exists.
 */
let dummyHash: Promise<string> | null = null;

function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}

/** Makes the dummy hash now (at start), so the first unknown name does not pay for it. */
export function preparePasswordCheck(): void {
  void dummy();
}

/** Whether `password` is the user's; always one password hash computed, whoever the user is. */
export async function passwordMatches(
  user: { passwordHash: string | null } | null,
  password: string,
): Promise<boolean> {
  if (!user?.passwordHash) {
    await verifyPassword(password, await dummy());
    return false;
  }
  return verifyPassword(password, user.passwordHash);
}
