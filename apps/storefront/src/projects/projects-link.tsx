import Link from 'next/link';

interface ProjectsLinkProps {
  /** The projects page in the page's locale. */
  href: string;
  /** "Projects" (`nav.projects`). */
  label: string;
}

/**
 * The header's link to the projects page, for logged-in users only. Pages are cached for every visitor,
 * so it is always in the HTML and `<html data-session>` shows it (`.when-user`, `auth/session-mark.ts`):
 * from the first paint, with no JavaScript of its own; not to the seller's staff (`not-for-seller`), whom
 * the projects answer 403.
 */
export function ProjectsLink({ href, label }: ProjectsLinkProps) {
  return (
    <Link className="projects-link when-user not-for-seller" href={href} prefetch={false}>
      {label}
    </Link>
  );
}
