'use client';

import Link from 'next/link';
import { useFavourites } from './favourites-store';

interface FavouritesLinkProps {
  /** The favourites page in the page's locale. */
  href: string;
  /** "Favourites" (`nav.favourites`). */
  label: string;
}

/**
 * The header's link to the favourites page, with the number of favourites once the shared list has
 * loaded for a logged-in user (a visitor sees the plain link; the page asks them to log in). The seller's
 * staff, who have no favourites (buyer collections), do not see it (`not-for-seller`).
 */
export function FavouritesLink({ href, label }: FavouritesLinkProps) {
  const favourites = useFavourites();
  const count = favourites.status === 'ready' ? favourites.list.Items.length : null;
  return (
    <Link className="favourites-link not-for-seller" href={href} prefetch={false}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.6 0 5.7 3.6 4.5 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
        />
      </svg>
      <span>{label}</span>
      {count !== null && count > 0 && <span className="favourites-link__count">{count}</span>}
    </Link>
  );
}
