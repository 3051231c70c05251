'use client';

import { useState } from 'react';
import { AddToProjectButton } from '../projects/add-to-project-button';
import type { AddToProjectSetup } from '../projects/project-texts';
import type { FavouriteProduct } from './favourite-types';
import { changeFavourites, useFavourites } from './favourites-store';

export interface FavouritesListTexts {
  caption: string;
  catalogueNumber: string;
  name: string;
  actions: string;
  remove: string;
  /** `Remove {name} from favourites`, with `{name}` filled in here. */
  removeLabel: string;
  empty: string;
  loading: string;
  loadFailed: string;
  changeFailed: string;
  visitor: string;
  login: string;
  /** "Add all to a project" */
  addAll: string;
}

interface FavouritesListProps {
  /** The page's language (`en`, `fr`, `de`, `nl`): product names in it where the catalogue has them. */
  language: string;
  /** The product page of an ID in the page's locale, as a template: `/fr-ca/product/{id}`. */
  productHref: string;
  texts: FavouritesListTexts;
  /** The login page coming back here (`loginHref(locale, path)`). */
  loginHref: string;
  /** Each favourite can be added to a project from here (issue 22 item 8). */
  addToProject: AddToProjectSetup;
}

/**
 * The favourites page's list (client side: the page is the same for everyone, the list is the user's):
 * catalogue number, name linking to the product page, "Add to project" and a remove button per product;
 * the empty state;
 * and for a visitor the reason to log in with a link to the login page.
 */
export function FavouritesList({
  language,
  productHref,
  texts,
  loginHref,
  addToProject,
}: FavouritesListProps) {
  const favourites = useFavourites();
  const [removing, setRemoving] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  if (favourites.status === 'unknown' || favourites.status === 'loading') {
    return (
      <p className="favourites__status" role="status">
        {texts.loading}
      </p>
    );
  }
  if (favourites.status === 'visitor') {
    return (
      <div className="favourites__visitor">
        <p>{texts.visitor}</p>
        <a className="button" href={loginHref}>
          {texts.login}
        </a>
      </div>
    );
  }
  if (favourites.status === 'failed') {
    return (
      <p className="favourites__status" role="alert">
        {texts.loadFailed}
      </p>
    );
  }

  const remove = async (product: FavouriteProduct) => {
    setRemoving(product.ID);
    setFailed(false);
    try {
      // 'login' (the session ended) turns the list into the visitor's view with the login link.
      const result = await changeFavourites({ remove: [product.ID] });
      // The row is gone: keep the keyboard user in the list's section, not on the body.
      if (result !== 'login') document.getElementById('favourites-heading')?.focus();
    } catch {
      setFailed(true);
    } finally {
      setRemoving(null);
    }
  };

  const items = favourites.list.Items;
  return (
    <>
      <p className="favourites__status" role="status">
        {items.length === 0 ? texts.empty : ''}
      </p>
      {failed && (
        <p className="favourites__error" role="alert">
          {texts.changeFailed}
        </p>
      )}
      {items.length > 1 && (
        <p className="favourites__add-all">
          <AddToProjectButton
            productId={items[0]?.ID ?? ''}
            productName={texts.addAll}
            products={items.map((product) => product.ID)}
            label={texts.addAll}
            source="favourites"
            setup={addToProject}
          />
        </p>
      )}
      {items.length > 0 && (
        <div className="sku-table__scroll">
          <table className="sku-table favourites__table">
            <caption className="visually-hidden">{texts.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.catalogueNumber}</th>
                <th scope="col">{texts.name}</th>
                <th scope="col">
                  <span className="visually-hidden">{texts.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((product) => {
                const name = product.Names[language] ?? product.Name;
                return (
                  <tr key={product.ID}>
                    <td className="sku-table__number">{product.CatalogueNumber}</td>
                    <td>
                      <a href={productHref.replace('{id}', encodeURIComponent(product.ID))}>{name}</a>
                    </td>
                    <td className="favourites__actions">
                      <AddToProjectButton
                        productId={product.ID}
                        productName={name}
                        source="favourites"
                        setup={addToProject}
                      />
                      <button
                        type="button"
                        className="button"
                        aria-label={texts.removeLabel.replace('{name}', name)}
                        aria-busy={removing === product.ID || undefined}
                        disabled={removing !== null}
                        onClick={() => remove(product)}
                      >
                        {texts.remove}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
