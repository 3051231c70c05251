'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { readBrowserSession } from '../auth/browser-session';

interface ProjectsLinkProps {
  /** The projects page in the page's locale. */
  href: string;
  /** "Projects" (`nav.projects`). */
  label: string;
}

/**
 * The header's link to the projects page, shown to logged-in users only: the page is cached for every
 * visitor, so the login (UserToken, spec §4) is read in the browser after hydration.
 */
export function ProjectsLink({ href, label }: ProjectsLinkProps) {
  const [loggedIn, setLoggedIn] = useState(false);
  useEffect(() => {
    setLoggedIn(readBrowserSession() !== null);
  }, []);
  if (!loggedIn) return null;
  return (
    <Link className="projects-link" href={href} prefetch={false}>
      {label}
    </Link>
  );
}
