/** What the last action did ("The quote was sent."), announced once the page shows it. */
export function DeskNotice({ text }: { text: string }) {
  return (
    <p className="panel desk-notice" role="status">
      {text}
    </p>
  );
}
