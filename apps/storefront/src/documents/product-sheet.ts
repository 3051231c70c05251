import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import type { ProductDetail } from '../data/product-shapes';
import { type SpecRow, specValueText } from '../product/specification-rows';

/**
 * Everything the downloadable files of one SKU print, already in the page's language and unit system:
 * the spec sheet (PDF), the CAD drawing (DXF), the BIM model (IFC) and the master specification (DOCX)
 * are pure functions of this, so they are tested without a server.
 */
export interface ProductSheet {
  siteName: string;
  locale: LocaleCode;
  unitSystem: UnitSystem;
  product: ProductDetail;
  /** The product's marketing message for the locale (PCM), else its description. */
  description: string;
  bullets: string[];
  /** Specification rows with their values as text. */
  rows: { id: string; label: string; text: string }[];
  labels: {
    /** "Spec sheet" in the language: the PDF's heading. */
    specSheet: string;
    catalogueNumber: string;
    description: string;
    specifications: string;
    /** The made-to-order note with its lead time, only for made-to-order SKUs. */
    madeToOrderNote: string | null;
    /** "Generated on {date}", filled in. */
    generated: string;
    /** The drawing's heading ("Dimensioned drawing") and its text alternative with the dimensions. */
    drawing: string;
    drawingAlt: string;
  };
  masterSpec: MasterSpecText;
  generatedAt: Date;
}

/** The spec writer's paragraph of a SKU (CSI MasterFormat section), labels and values in the language. */
export interface MasterSpecText {
  heading: string;
  /** e.g. `26 05 33`. */
  sectionNumber: string;
  sectionTitle: string;
  /** Label/value pairs in table order: section, product, catalogue number, standards, material, finish. */
  rows: { id: string; label: string; value: string }[];
  /** "Basis of design: …" sentence. */
  basisOfDesign: string;
}

/** The rows of `specificationRows` as text in a unit system and number format. */
export function rowsAsText(rows: SpecRow[], system: UnitSystem, locale: string): ProductSheet['rows'] {
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    text: specValueText(row.value, system, locale),
  }));
}

/**
 * The CSI MasterFormat section each top-level category is specified under (the first slug of the SKU's
 * category id) and the dictionary key of its title. Anything else falls under 26 05 00, common work
 * results for electrical.
 */
const SECTIONS: Record<string, { number: string; titleKey: string }> = {
  'conduit-fittings': { number: '26 05 33', titleKey: 'masterSpec.section.raceways' },
  'electrical-boxes': { number: '26 05 33', titleKey: 'masterSpec.section.raceways' },
  'strut-framing': { number: '26 05 29', titleKey: 'masterSpec.section.supports' },
  'cable-tray': { number: '26 05 36', titleKey: 'masterSpec.section.cableTrays' },
  'wire-cable': { number: '26 05 19', titleKey: 'masterSpec.section.conductors' },
  'fire-rated': { number: '07 84 00', titleKey: 'masterSpec.section.firestopping' },
};
const GENERAL_SECTION = { number: '26 05 00', titleKey: 'masterSpec.section.electrical' };

/** The MasterFormat section (number and title key) of a category id. */
export function masterFormatSection(categoryId: string): { number: string; titleKey: string } {
  return SECTIONS[categoryId.split('.')[0] ?? ''] ?? GENERAL_SECTION;
}
