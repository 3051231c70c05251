import type { BimFilterItem } from '../content-model';
import type { CatalogueIndex } from './catalogue-index';
import type { LocaleContext } from './locale-context';
import { textIn } from './text';

/**
 * Facets of the BIM download finder in a locale: file formats, top-level categories and certifications
 * among the products sold in its region that have BIM files.
 */
export function bimFilterItems(context: LocaleContext, index: CatalogueIndex): BimFilterItem[] {
  const { dataset, locale, language } = context;
  const texts = dataset.content.texts.bimFilters;
  const withBim = dataset.products.filter(
    (p) => p.regions.includes(locale.region) && p.downloads.some((d) => d.kind === 'bim'),
  );
  const formats = new Set(
    withBim.flatMap((p) => p.downloads.filter((d) => d.kind === 'bim').map((d) => d.format)),
  );
  const topIds = new Set(withBim.map((p) => p.categoryId.split('.')[0]));
  const certifications = new Set(withBim.flatMap((p) => p.attributes.certifications));
  const certificationOptions = dataset.attributes.find((a) => a.id === 'certifications')?.options ?? [];
  return [
    {
      id: 'format',
      label: textIn(texts.format.label, locale),
      field: 'downloads.format',
      order: 0,
      options: (['rfa', 'ifc'] as const)
        .filter((format) => formats.has(format))
        .map((format) => ({ value: format, label: textIn(texts.format.options[format], locale) })),
    },
    {
      id: 'category',
      label: textIn(texts.category.label, locale),
      field: 'category',
      order: 1,
      options: index
        .childrenIn(null, locale.region)
        .filter((top) => topIds.has(top.id))
        .map((top) => ({ value: top.id, label: top.name[language] })),
    },
    {
      id: 'certification',
      label: textIn(texts.certification.label, locale),
      field: 'certifications',
      order: 2,
      options: certificationOptions
        .filter((o) => certifications.has(o.code))
        .map((o) => ({ value: o.code, label: o.label[language] })),
    },
  ];
}
