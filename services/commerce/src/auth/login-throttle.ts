import type { Db } from '@catalogue/db';
import {
  type Backoff,
  backoffDelay,
  forgetKeys,
  forgetKeysStartingWith,
  pruneThrottles,
  refundAttempt,
  reserveInWindow,
  reserveWithBackoff,
  throttleKey,
} from './throttles';

/**
 * Throttling of password logins, instead of a lockout anyone could trigger by typing wrong passwords for
 * someone else's username. Three counters, in the database so every instance shares them:
 *
 * - per username *and* address: a few free attempts, then waits that double (2 s, 4 s, … up to the
 *   maximum). Someone guessing from one address slows only themselves down;
 * - per username, from every address: a ceiling per window, far above what one address can reach through
 *   its own delays, against guessing spread over many addresses;
 * - per address, over every username: a ceiling per window against trying many accounts from one place.
 *
 * An attempt is counted before the password is checked (`reserve`), so parallel guesses cannot all slip
 * through one check; a success forgets its pair and gives its attempt back to the two ceilings, which
 * therefore count failures. Unknown usernames are counted like known ones, so the answers never tell them
 * apart.
 */

export interface LoginThrottleSettings {
  /** Backoff of one username from one address. */
  pair: Backoff;
  /** Failed logins per window for one username, from all addresses. */
  perUsername: number;
  /** Failed logins per window from one address, for all usernames. */
  perAddress: number;
  windowS: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const PRUNE_EVERY_MS = 10 * 60_000;

export class LoginThrottle {
  private lastPrune = Date.now();

  constructor(
    private readonly db: Db,
    private readonly settings: LoginThrottleSettings,
  ) {}

  /** Counts a login attempt for `username` from `address`, or says how long to wait. */
  async reserve(username: string, address: string): Promise<Reservation> {
    await this.pruneNow();
    const keys = loginKeys(username, address);
    const { pair, perUsername, perAddress, windowS } = this.settings;
    // The pair first: what one address is refused never reaches the counters every address shares.
    const wait =
      (await reserveWithBackoff(this.db, keys.pair, pair)) ??
      (await reserveInWindow(this.db, keys.username, perUsername, windowS)) ??
      (await this.reserveAddress(keys, perAddress, windowS));
    return wait === null ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
  }

  /** The password was right: the pair starts over and the ceilings do not count the attempt. */
  async succeeded(username: string, address: string): Promise<void> {
    const keys = loginKeys(username, address);
    await forgetKeys(this.db, [keys.pair]);
    await refundAttempt(this.db, keys.username);
    await refundAttempt(this.db, keys.address);
  }

  /** A password reset from `address`: that address's waits for the username start over. */
  async forgetPair(username: string, address: string): Promise<void> {
    await forgetKeys(this.db, [loginKeys(username, address).pair]);
  }

  /** An administrator's unlock: every counter of the username starts over, from every address. */
  async unlock(username: string): Promise<void> {
    const keys = loginKeys(username, '');
    await forgetKeys(this.db, [keys.username]);
    await forgetKeysStartingWith(this.db, `${throttleKey('login-pair', normalised(username))}:`);
  }

  private async reserveAddress(
    keys: ReturnType<typeof loginKeys>,
    limit: number,
    windowS: number,
  ): Promise<number | null> {
    const wait = await reserveInWindow(this.db, keys.address, limit, windowS);
    // Refused for its address: the attempt never happens, so the username's ceiling gives it back.
    if (wait !== null) await refundAttempt(this.db, keys.username);
    return wait;
  }

  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await pruneThrottles(this.db);
  }
}

/** How many attempts one address can make for one username within a window, waiting out every delay. */
export function attemptsInWindowFromOneAddress(policy: Backoff, windowS: number): number {
  let attempts = 0;
  // Attempt n + 1 can happen once the delays after attempts 1…n have passed (each delay is ≥ 1 s).
  for (let at = 0; at < windowS; at += backoffDelay(attempts, policy)) attempts++;
  return attempts;
}

const normalised = (username: string) => username.trim().toLowerCase();

function loginKeys(username: string, address: string) {
  const name = normalised(username);
  return {
    pair: throttleKey('login-pair', name, address),
    username: throttleKey('login-username', name),
    address: throttleKey('login-address', address),
  };
}
