import type { LocaleCode } from '@catalogue/dataset/model';
import { readCookie } from '../browser/cookies';
import { productPath } from '../routing/catalogue-paths';
import { splitLocalePath } from '../routing/locales';
import { BROWSER_ID_COOKIE } from '../tracking/browser-id';
import { trackingAllowedNow } from '../tracking/consent-store';
import { loginStatusFromToken, USER_TOKEN_COOKIE } from '../tracking/login-status';
import { SEARCH_SERVICE_PATH } from './config';
import { recommendationClickEvent, recommendationViewEvent } from './entity-view';
import {
  type RecommendedProduct,
  recommendationRequest,
  recommendedProducts,
} from './recommendation-request';
import { OPEN_SLOT_SELECTOR } from './recommendation-slots';
import { sendSearchEvent } from './send-event';
import { APPEAR_THRESHOLD } from './server-blocks-follow';

/**
 * The recommendation widgets in the browser, loaded after the first paint by `recommendation-slots.ts`:
 * asks the search service for every open section of `root` (one request per product the sections are
 * about), renders the products as links into each section's reserved box, and sends the widget's view
 * when it first appears 20 % and a click with the product's position (both only while tracking consent
 * is on, through `sendSearchEvent`). A signed-in buyer's token goes with the request, so products
 * restricted to their company are recommended too.
 */
export async function fillRecommendations(root: ParentNode, locale: LocaleCode): Promise<void> {
  const slots = [...root.querySelectorAll<HTMLElement>(OPEN_SLOT_SELECTOR)];
  const byProduct = new Map<string, HTMLElement[]>();
  for (const slot of slots) {
    slot.dataset.recommendState = 'loading';
    const key = slot.dataset.recommendProduct ?? '';
    byProduct.set(key, [...(byProduct.get(key) ?? []), slot]);
  }
  await Promise.all(
    [...byProduct].map(async ([productId, group]) => {
      let answer: unknown = null;
      try {
        answer = await ask(locale, productId || null, group);
      } catch (error) {
        console.error('[search] recommendations not loaded', error);
      }
      for (const slot of group) {
        render(slot, locale, recommendedProducts(answer, slot.dataset.recommend ?? ''));
      }
    }),
  );
}

async function ask(locale: LocaleCode, productId: string | null, slots: HTMLElement[]): Promise<unknown> {
  const body = JSON.stringify(
    recommendationRequest({
      locale,
      pageUri: splitLocalePath(location.pathname).path,
      uuid: trackingAllowedNow() ? readCookie(BROWSER_ID_COOKIE) : null,
      productId,
      rfkIds: slots.map((slot) => slot.dataset.recommend ?? ''),
    }),
  );
  const token = readCookie(USER_TOKEN_COOKIE);
  const signedIn = token !== null && loginStatusFromToken(token, Date.now()) === 'logged in';
  const post = (authorised: boolean) =>
    fetch(`${SEARCH_SERVICE_PATH}/api/discover/v2`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorised ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });
  let response = await post(signedIn);
  // A token ended a moment ago (logged out elsewhere): the visitor still gets the public widgets.
  if (response.status === 401 && signedIn) response = await post(false);
  if (!response.ok) throw new Error(`the search service answered ${response.status}`);
  return response.json();
}

function render(slot: HTMLElement, locale: LocaleCode, products: RecommendedProduct[]): void {
  const box = slot.querySelector<HTMLElement>('.recommendations__box');
  if (!box) return;
  slot.dataset.recommendState = products.length > 0 ? 'shown' : 'empty';
  box.removeAttribute('aria-busy');
  if (products.length === 0) {
    const note = document.createElement('p');
    note.className = 'recommendations__empty';
    note.textContent = slot.dataset.emptyText ?? '';
    box.replaceChildren(note);
    return;
  }
  const rfkId = slot.dataset.recommend ?? '';
  const numberLabel = slot.dataset.numberLabel ?? '';
  const list = document.createElement('ul');
  list.className = 'recommendations__items';
  products.forEach((product, index) => {
    const item = document.createElement('li');
    item.className = 'recommendations__item';
    const link = document.createElement('a');
    link.className = 'recommendations__link';
    link.href = productPath(locale, product.id);
    link.textContent = product.name;
    // The card shows two lines of a long name; the whole name on hover (screen readers read it all).
    link.title = product.name;
    link.addEventListener('click', () => sendClick(locale, rfkId, product.id, index));
    const number = document.createElement('span');
    number.className = 'recommendations__number';
    number.textContent = `${numberLabel}: ${product.id}`;
    item.append(link, number);
    list.append(item);
  });
  box.replaceChildren(list);
  watchFirstView(slot, () => sendView(locale, rfkId, products));
}

/** Calls `seen` once, when the section is first at least 20 % visible (spec §4, §9). */
function watchFirstView(slot: HTMLElement, seen: () => void): void {
  if (!('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= APPEAR_THRESHOLD))
        return;
      observer.disconnect();
      seen();
    },
    { threshold: APPEAR_THRESHOLD },
  );
  observer.observe(slot);
}

function sendView(locale: LocaleCode, rfkId: string, products: RecommendedProduct[]): void {
  sendSearchEvent((uuid, pageUri) =>
    recommendationViewEvent({
      locale,
      pageUri,
      uuid,
      now: Date.now(),
      rfkId,
      productIds: products.map((product) => product.id),
    }),
  );
}

function sendClick(locale: LocaleCode, rfkId: string, productId: string, index: number): void {
  sendSearchEvent((uuid, pageUri) =>
    recommendationClickEvent({ locale, pageUri, uuid, now: Date.now(), rfkId, productId, index }),
  );
}
