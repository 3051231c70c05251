/**
 * What a desk form shows after a submission: the form's own message, a message per field, what was typed
 * in refused fields, and the Idempotency-Key its next POST carries. A known answer (done or refused) gives
 * a new key; a failure whose outcome is unknown (the service down, a request still in progress) keeps it,
 * so that sending again cannot act twice.
 */
export interface DeskFormState {
  status: 'idle' | 'refused' | 'saved';
  message: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
  key: string;
}

/** 128 random bits, hex (browser and server alike). */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function idleState(key = newActionKey()): DeskFormState {
  return { status: 'idle', message: null, errors: {}, values: {}, key };
}
