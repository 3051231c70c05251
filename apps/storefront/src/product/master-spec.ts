import type { AttributeLabels } from '../data/family-content';
import type { ProductDetail } from '../data/product-shapes';
import { type MasterSpecText, masterFormatSection } from '../documents/product-sheet';
import type { Translate } from '../i18n/translator';

/**
 * The spec writer's paragraph of a SKU (spec §2's master-specifications table): the CSI MasterFormat
 * section of its category, the product, its catalogue number, standards and certifications, material and
 * finish, with the basis-of-design sentence spec writers paste into a project manual. The page's table
 * and the downloadable .docx both come from this.
 */
export function masterSpecText(
  product: ProductDetail,
  attributes: ReadonlyMap<string, AttributeLabels>,
  t: Translate,
  siteName: string,
): MasterSpecText {
  const option = (id: string, code: string | null) =>
    code ? (attributes.get(id)?.options.get(code) ?? code) : t('masterSpec.none');
  const section = masterFormatSection(product.categoryId);
  const sectionNumber = section.number;
  const sectionTitle = t(section.titleKey);
  const standards = product.certifications.map((code) => option('certifications', code)).join(', ');
  return {
    heading: t('masterSpec.title'),
    sectionNumber,
    sectionTitle,
    rows: [
      { id: 'section', label: t('masterSpec.section'), value: `${sectionNumber} – ${sectionTitle}` },
      { id: 'product', label: t('masterSpec.product'), value: product.name },
      { id: 'catalogueNumber', label: t('product.catalogueNumber'), value: product.id },
      { id: 'standards', label: t('masterSpec.standards'), value: standards || t('masterSpec.none') },
      { id: 'material', label: t('masterSpec.material'), value: option('material', product.material) },
      { id: 'finish', label: t('masterSpec.finish'), value: option('finish', product.finish) },
    ],
    basisOfDesign: t('masterSpec.basisOfDesign', { siteName, name: product.name, id: product.id }),
  };
}
