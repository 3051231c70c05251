'use client';

import { type MouseEvent, useState } from 'react';
import { askToLogIn } from '../login-prompt/login-prompt';
import { changeFavourites, isFavourite, useFavourites } from './favourites-store';

export interface FavouriteHeartProps {
  /** The product (SKU) ID. */
  productId: string;
  /**
   * The button's accessible name, which names the product and stays the same in both states (the
   * pressed state says whether it is a favourite): `t('favourites.toggle', {name})`.
   */
  label: string;
  /** Tooltips for the two actions: `t('product.addToFavourites')`, `t('favourites.removeTooltip')`. */
  addTooltip: string;
  removeTooltip: string;
  /** Shown (role=alert) when a change fails: `t('favourites.error')`. */
  errorText: string;
}

/**
 * The heart on product cards, SKU rows and the product page: a toggle button (`aria-pressed`) that adds
 * the product to the user's favourites or removes it. Every heart of a page reads one shared list
 * (`favourites-store.ts`); a visitor who is not logged in gets the page's login prompt instead. Needs
 * no provider of its own (the site shell mounts the login prompt), so a server component renders it with
 * texts from the dictionary:
 * `<FavouriteHeart productId={id} label={t('favourites.toggle', {name})} addTooltip=… removeTooltip=… errorText=… />`.
 */
export function FavouriteHeart({
  productId,
  label,
  addTooltip,
  removeTooltip,
  errorText,
}: FavouriteHeartProps) {
  const favourites = useFavourites();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pressed = isFavourite(favourites, productId);

  const toggle = async (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    if (busy) return;
    if (favourites.status === 'visitor') {
      askToLogIn(button);
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const result = await changeFavourites(pressed ? { remove: [productId] } : { add: [productId] });
      if (result === 'login') askToLogIn(button);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="favourite-heart">
      <button
        type="button"
        className="favourite-heart__button"
        aria-pressed={pressed}
        aria-label={label}
        aria-busy={busy || undefined}
        title={pressed ? removeTooltip : addTooltip}
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
          {errorText}
        </span>
      )}
    </span>
  );
}
