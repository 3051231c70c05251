import type { LocaleCode } from '@catalogue/dataset/model';
import { measureTexts } from '@catalogue/drawings/measure';
import Link from 'next/link';
import { DrawingImage } from '../components/drawing-image';
import type { AttributeLabels, MadeToOrderLabels } from '../data/family-content';
import type { SkuRow } from '../data/family-products';
import { FavouriteHeart } from '../favourites/favourite-heart';
import { favouriteHeartTexts } from '../favourites/heart-texts';
import type { Translate } from '../i18n/translator';
import { DRAWING_SIZE, drawingSrc } from '../product/drawing-images';
import { loginHref } from '../product/toolbar-links';
import { AddToProjectButton } from '../projects/add-to-project-button';
import type { AddToProjectSetup } from '../projects/project-texts';
import { productPath } from '../routing/catalogue-paths';
import { withRegisteredMark } from '../text/registered-mark';
import { Measure } from '../units/measure-view';
import { type SkuColumn, type SkuQuery, skuQueryString, sortLinkQuery } from './sku-query';
import { SkuWeight } from './sku-weight';
import { TradeSize } from './trade-size';

interface SkuTableProps {
  locale: LocaleCode;
  /** The page's own path (`/de-eu/products/…`), the sort links keep the rest of the query. */
  path: string;
  query: SkuQuery;
  items: SkuRow[];
  attributes: Map<string, AttributeLabels>;
  madeToOrder: MadeToOrderLabels;
  /** The add-to-project button of every row (`addToProjectSetup`). */
  addToProject: AddToProjectSetup;
  t: Translate;
}

/** Column headings: the catalogue texts where the dictionary has them, else the attribute labels. */
function columnLabels(t: Translate, attributes: Map<string, AttributeLabels>): Record<SkuColumn, string> {
  return {
    number: t('product.catalogueNumber'),
    name: t('family.skus.name'),
    size: t('family.skus.size'),
    material: attributes.get('material')?.label ?? 'material',
    length: attributes.get('lengthMm')?.label ?? 'lengthMm',
    weight: attributes.get('weightKg')?.label ?? 'weightKg',
  };
}

const COLUMNS: SkuColumn[] = ['number', 'name', 'size', 'material', 'length', 'weight'];

/**
 * The SKUs of one page: every column header is a link that sorts by it (again: the other way); each
 * catalogue number links to the product's page under the thumbnail of its drawing (decorative inside
 * the link: the number names it), each name has the favourite heart, and each row ends
 * with its add-to-project button. Each cell carries its column's name (`data-label`), which a narrow
 * screen shows beside the value when the rows stack (issue 22 item 13).
 */
export function SkuTable({
  locale,
  path,
  query,
  items,
  attributes,
  madeToOrder,
  addToProject,
  t,
}: SkuTableProps) {
  const labels = columnLabels(t, attributes);
  const heartTexts = favouriteHeartTexts(t);
  const login = loginHref(locale, `${path}${skuQueryString(query)}`);
  const materials = attributes.get('material')?.options;
  return (
    <div className="sku-table__scroll">
      <table className="sku-table">
        <caption className="visually-hidden">{t('family.skus.title')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const sorted = query.sort?.column === column ? query.sort : null;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={sorted ? (sorted.descending ? 'descending' : 'ascending') : undefined}
                >
                  <Link
                    href={`${path}${skuQueryString(sortLinkQuery(query, column))}`}
                    prefetch={false}
                    scroll={false}
                    aria-label={t('family.skus.sortBy', { column: labels[column] })}
                  >
                    {labels[column]}
                    {sorted && <span aria-hidden="true">{sorted.descending ? ' ▼' : ' ▲'}</span>}
                  </Link>
                </th>
              );
            })}
            <th scope="col">
              <span className="visually-hidden">{t('projects.add.column')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((sku) => (
            <tr key={sku.id}>
              <td className="sku-table__number" data-label={labels.number}>
                <Link href={productPath(locale, sku.id)} prefetch={false}>
                  <DrawingImage
                    className="sku-table__drawing drawing-thumb"
                    src={drawingSrc(sku, 'thumb', locale, t)}
                    alt=""
                    size={DRAWING_SIZE.thumb}
                  />
                  {sku.id}
                </Link>
              </td>
              <td data-label={labels.name}>
                <FavouriteHeart
                  productId={sku.id}
                  label={t('favourites.toggle', { name: sku.name })}
                  texts={heartTexts}
                  loginHref={login}
                />
                {withRegisteredMark(sku.name)}
                {sku.madeToOrder && (
                  <span className="badge badge--made-to-order" title={madeToOrder.tooltip}>
                    {madeToOrder.badge}
                  </span>
                )}
              </td>
              <td data-label={labels.size}>{sku.tradeSize ? <TradeSize value={sku.tradeSize} /> : '–'}</td>
              <td data-label={labels.material}>
                {sku.material ? (materials?.get(sku.material) ?? sku.material) : '–'}
              </td>
              <td data-label={labels.length}>
                {sku.lengthMm !== null ? (
                  <Measure text={measureTexts({ value: sku.lengthMm / 1000, unit: 'm' }, locale)} />
                ) : (
                  '–'
                )}
              </td>
              <td data-label={labels.weight}>
                {sku.weightKg !== null ? (
                  <SkuWeight weightKg={sku.weightKg} pieces={sku.packagingQuantity} locale={locale} t={t} />
                ) : (
                  '–'
                )}
              </td>
              <td className="sku-table__project">
                <AddToProjectButton
                  productId={sku.id}
                  productName={sku.name}
                  source="sku-table"
                  setup={addToProject}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
