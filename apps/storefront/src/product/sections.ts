import type { ContentTab } from '../data/product-content';
import type { Translate } from '../i18n/translator';

/**
 * The in-page sections of a product page, in the order of the family's tabs (content service): the
 * overview (marketing message), specifications, downloads and calculator tabs are filled from the
 * product; any other tab shows its own body and bullets. Overview, specifications and downloads are
 * always there — with the dictionary's label when the content has no such tab — so no SKU lacks them.
 * Rendered as sections with an in-page link list, they work without JavaScript and read in order.
 */

export type SectionKind = 'overview' | 'specifications' | 'downloads' | 'calculator' | 'content';

export interface ProductSection {
  id: string;
  /** The element id the section list links to (`tab-specifications`). */
  anchor: string;
  label: string;
  kind: SectionKind;
  body: string;
  bullets: string[];
}

const KINDS: Record<string, SectionKind> = {
  overview: 'overview',
  specifications: 'specifications',
  downloads: 'downloads',
  calculator: 'calculator',
};

const REQUIRED: { id: string; labelKey: string }[] = [
  { id: 'overview', labelKey: 'product.description' },
  { id: 'specifications', labelKey: 'product.specifications' },
  { id: 'downloads', labelKey: 'product.downloads' },
];

export function sectionsOf(
  tabs: readonly ContentTab[],
  t: Translate,
  hasCalculators: boolean,
): ProductSection[] {
  const sections: ProductSection[] = [];
  const seen = new Set<string>();
  for (const tab of tabs) {
    const anchor = `tab-${tab.id.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`;
    const kind = KINDS[tab.id] ?? 'content';
    if (seen.has(anchor) || (kind === 'calculator' && !hasCalculators)) continue;
    if (kind === 'content' && !tab.body.trim() && tab.bullets.length === 0) continue;
    seen.add(anchor);
    sections.push({ id: tab.id, anchor, label: tab.label, kind, body: tab.body, bullets: tab.bullets });
  }
  REQUIRED.forEach(({ id, labelKey }, index) => {
    if (seen.has(`tab-${id}`)) return;
    const section: ProductSection = {
      id,
      anchor: `tab-${id}`,
      label: t(labelKey),
      kind: KINDS[id] ?? 'content',
      body: '',
      bullets: [],
    };
    sections.splice(Math.min(index, sections.length), 0, section);
  });
  return sections;
}
