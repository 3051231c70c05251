/** The brand mark: a stylised cable tray section, drawn inline so it costs no request and never shifts. */
export function SiteLogoMark() {
  return (
    <svg
      className="logo-mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="6" fill="currentColor" />
      <path
        d="M7 11v10h18V11"
        fill="none"
        stroke="var(--logo-ink)"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M12 11v10M16 11v10M20 11v10" stroke="var(--logo-ink)" strokeWidth="1.5" />
    </svg>
  );
}
