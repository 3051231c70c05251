import { PRODUCT_SORTS, type ProductQuery } from './product-query';

const SORT_LABELS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  ID: 'ID (A–Z)',
  '!ID': 'ID (Z–A)',
  Name: 'Name (A–Z)',
  '!Name': 'Name (Z–A)',
};

/** The list's filters: a GET form, so it works without JavaScript and its result is a shareable URL. */
export function ProductFilters({
  action,
  query,
  catalogs,
}: {
  action: string;
  query: ProductQuery;
  catalogs: { id: string; name: string }[];
}) {
  return (
    <search aria-label="Filter products">
      <form className="admin__filters" action={action} method="get">
        <div className="form-field">
          <label className="form-field__label" htmlFor="product-search">
            Search ID, name or description
          </label>
          <input
            id="product-search"
            className="form-field__input"
            type="search"
            name="search"
            defaultValue={query.search}
            maxLength={100}
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="product-catalog">
            Catalog
          </label>
          <select
            id="product-catalog"
            className="form-field__input"
            name="catalog"
            defaultValue={query.catalog}
          >
            <option value="">All catalogs</option>
            {catalogs.map((catalog) => (
              <option key={catalog.id} value={catalog.id}>
                {catalog.name || catalog.id}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="product-active">
            Active
          </label>
          <select id="product-active" className="form-field__input" name="active" defaultValue={query.active}>
            <option value="all">Active and inactive</option>
            <option value="true">Active only</option>
            <option value="false">Inactive only</option>
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="product-sort">
            Sort by
          </label>
          <select id="product-sort" className="form-field__input" name="sort" defaultValue={query.sort}>
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show products
        </button>
      </form>
    </search>
  );
}
