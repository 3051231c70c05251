/**
 * What the favourites routes answer (`GetFavoriteProducts`, `CreateFavoriteProducts`,
 * `UpdateFavoriteProducts`). Types only: the browser imports them without any code.
 */

/** A product on the user's favourites list. */
export interface FavouriteProduct {
  ID: string;
  /** The catalogue number buyers order by (the SKU's ID in this catalogue). */
  CatalogueNumber: string;
  /** English name. */
  Name: string;
  /** The name per language (`en`, `fr`, `de`, `nl`), where the catalogue has one. */
  Names: Record<string, string>;
  /** The family (category) the product belongs to, for links; null when it has none. */
  CategoryID: string | null;
  /**
   * The family page's locale-neutral path (`/products/conduit-fittings/emt-conduit`), from the category
   * ID (the dataset's slugs joined by `.`); null when the ID is not such a path.
   */
  FamilyPath: string | null;
  /** When it was added (ISO 8601). */
  DateAdded: string | null;
}

/** The user's favourites: the collection's ID (null until created) and its products, oldest first. */
export interface FavouriteList {
  ID: string | null;
  Items: FavouriteProduct[];
}

/** A change to the list: products to add and to remove (either may be empty, not both). */
export interface FavouriteChange {
  add?: string[];
  remove?: string[];
}
