'use client';

import { type MouseEvent, useRef, useState } from 'react';
import { LoginPrompt } from '../auth/lazy-login-prompt';
import { hasSessionCookies } from '../auth/session-mark';
import { changeFavourites, isFavourite, useFavourites } from './favourites-store';
import type { FavouriteHeartTexts } from './heart-texts';

export interface FavouriteHeartProps {
  /** The product (SKU) ID. */
  productId: string;
  /**
   * The button's accessible name, which names the product and stays the same in both states (the
   * pressed state says whether it is a favourite): `t('favourites.toggle', {name})`.
   */
  label: string;
  /** `favouriteHeartTexts(t)` (`heart-texts.ts`), the same object for every heart of the page. */
  texts: FavouriteHeartTexts;
  /** The login page coming back to this page: `loginHref(locale, path)` (`product/toolbar-links.ts`). */
  loginHref: string;
}

/**
 * The heart on product cards, SKU rows and the product page: a toggle button (`aria-pressed`) that adds
 * the product to the user's favourites or removes it. Every heart of a page reads one shared list
 * (`favourites-store.ts`), so a page makes one request however many hearts it has; a visitor who is not
 * logged in gets the login prompt (spec §2's unauthenticated modal), and focus comes back to the heart
 * when it closes. A server component renders it with
 * `<FavouriteHeart productId={id} label={t('favourites.toggle', {name})} texts={favouriteHeartTexts(t)} loginHref={…} />`.
 */
export function FavouriteHeart({ productId, label, texts, loginHref }: FavouriteHeartProps) {
  const favourites = useFavourites();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const pressed = isFavourite(favourites, productId);

  const toggle = async (_event: MouseEvent<HTMLButtonElement>) => {
    if (busy) return;
    // The list may still say 'visitor' just after a login that kept this page: the cookies decide.
    if (favourites.status === 'visitor' && !hasSessionCookies()) {
      setAsking(true);
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const result = await changeFavourites(pressed ? { remove: [productId] } : { add: [productId] });
      if (result === 'login') setAsking(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="favourite-heart">
      <button
        ref={button}
        type="button"
        className="favourite-heart__button"
        aria-pressed={pressed}
        aria-label={label}
        aria-busy={busy || undefined}
        title={pressed ? texts.remove : texts.add}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.6 0 5.7 3.6 4.5 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            fill={pressed ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {failed && (
        <span className="favourite-heart__error" role="alert">
          {texts.error}
        </span>
      )}
      {asking && (
        <LoginPrompt
          texts={texts.prompt}
          loginHref={loginHref}
          onClose={() => {
            setAsking(false);
            button.current?.focus();
          }}
        />
      )}
    </span>
  );
}
