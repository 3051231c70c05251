import { FoldButton } from '../components/fold-button';
import type { AttributeLabels } from '../data/family-content';
import type { Facet } from '../data/family-products';
import type { Translate } from '../i18n/translator';
import { facetParamName, type SkuQuery, skuQueryString } from './sku-query';

interface FacetFormProps {
  path: string;
  query: SkuQuery;
  facets: Facet[];
  attributes: Map<string, AttributeLabels>;
  t: Translate;
}

const FORM_ID = 'facets-form';

/** `Material` → the `material` attribute's labels. */
function attributeOf(xpPath: string, attributes: Map<string, AttributeLabels>): AttributeLabels | undefined {
  return attributes.get(xpPath.charAt(0).toLowerCase() + xpPath.slice(1));
}

/**
 * The facets of the family's SKUs as checkboxes with counts, in a GET form: the choice is in the URL (so a
 * filtered view can be shared) and works without JavaScript. Sort and page size are kept, paging restarts.
 * On a narrow screen the form folds behind a button (issue 22 item 13), closed until asked for.
 */
export function FacetForm({ path, query, facets, attributes, t }: FacetFormProps) {
  const shown = facets.filter((facet) => facet.values.length > 0);
  if (shown.length === 0) return null;
  const cleared = skuQueryString({ ...query, filters: new Map(), page: 1 });
  return (
    <div className="fold">
      <FoldButton controls={FORM_ID} container="fold" className="button button--secondary fold__button">
        {t('family.filters.title')}
      </FoldButton>
      <form
        id={FORM_ID}
        className="facets fold__body"
        method="get"
        action={path}
        aria-labelledby="facets-title"
      >
        <h2 id="facets-title" className="facets__title">
          {t('family.filters.title')}
        </h2>
        {query.sort && (
          <input
            type="hidden"
            name="sort"
            value={`${query.sort.descending ? '!' : ''}${query.sort.column}`}
          />
        )}
        {query.pageSize !== 24 && <input type="hidden" name="size" value={query.pageSize} />}
        {shown.map((facet) => {
          const attribute = attributeOf(facet.xpPath, attributes);
          const chosen = query.filters.get(facet.xpPath) ?? [];
          return (
            <fieldset key={facet.xpPath} className="facets__group">
              <legend>{attribute?.label ?? facet.name}</legend>
              {facet.values.map((value) => (
                <label key={value.value} className="facets__option">
                  <input
                    type="checkbox"
                    name={facetParamName(facet.xpPath)}
                    value={value.value}
                    defaultChecked={chosen.includes(value.value)}
                  />{' '}
                  {attribute?.options.get(value.value) ?? value.value}{' '}
                  <span className="facets__count">({value.count})</span>
                </label>
              ))}
            </fieldset>
          );
        })}
        <div className="facets__actions">
          <button type="submit" className="button">
            {t('family.filters.apply')}
          </button>
          {query.filters.size > 0 && <a href={`${path}${cleared}`}>{t('family.filters.clear')}</a>}
        </div>
      </form>
    </div>
  );
}
