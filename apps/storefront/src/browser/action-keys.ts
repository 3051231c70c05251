/**
 * Idempotency keys of user actions (issue 20 item 10: a double click made two projects). An action that
 * creates something is sent with an `Idempotency-Key`; the same action sent again while its outcome is
 * unknown — a double click before the button is disabled, a click again after the network failed or the
 * service answered 5xx or "still in progress" — carries the same key, so the commerce service makes it
 * once and answers the copy with the first answer. Once the action has an answer (done, or refused for
 * good), its key is forgotten: doing it again is a new action with a new key.
 *
 * An action is its route and its fields (without the token, which renewal changes): the same fields are
 * the same action, other fields another one. Keys live in the page's memory only.
 */
const pending = new Map<string, string>();

/** The key of an action: the pending one's, else a new one. */
export function actionKey(action: string): string {
  let key = pending.get(action);
  if (!key) {
    key = randomKey();
    pending.set(action, key);
  }
  return key;
}

/**
 * Forgets the action's key when its outcome is known: any answer but "still in progress" (409) or a
 * failure of the service (5xx); a network failure (status 0) keeps it too.
 */
export function settleActionKey(action: string, status: number): void {
  if (status !== 0 && status !== 409 && status < 500) pending.delete(action);
}

/** 128 random bits, hex (`crypto.getRandomValues` also works on pages served over plain HTTP). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
