/** What the last action on a customers page did, read from its URL (`?verified=`, `?refused=`…). */
export function CustomerNotice({ query }: { query: Record<string, string | string[] | undefined> }) {
  const one = (name: string) =>
    typeof query[name] === 'string' ? (query[name] as string).slice(0, 100) : null;
  const verified = one('verified');
  const withdrawn = one('withdrawn');
  const refused = one('refused');
  if (verified)
    return (
      <p className="admin-notice" role="status">
        The job role of {verified} is verified.
      </p>
    );
  if (withdrawn)
    return (
      <p className="admin-notice" role="status">
        The verification of {withdrawn} is withdrawn.
      </p>
    );
  if (!refused) return null;
  const message =
    refused === 'session'
      ? 'Your session has ended: log in again.'
      : refused === 'role'
        ? 'Your role may not change buyer users.'
        : 'The change could not be saved. Try again shortly.';
  return (
    <p className="admin-notice admin-notice--error" role="alert">
      {message}
    </p>
  );
}
