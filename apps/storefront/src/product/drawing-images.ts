import { createHash } from 'node:crypto';
import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import { productDrawing } from '@catalogue/drawings/drawing';
import { productGeometry } from '@catalogue/drawings/geometry';
import type { ProductDetail } from '../data/product-shapes';
import { renderDrawingSvg } from '../documents/drawing-svg';
import type { Translate } from '../i18n/translator';
import { routeSegmentOf } from '../routing/locales';

/**
 * A SKU's drawing as the site serves it: `/api/drawings/<locale>/<ID>/<variant>.svg`, where the variant
 * is the dimensioned drawing in one unit system (`metric.svg`, `imperial.svg`) or the thumbnail without
 * labels (`thumb.svg`, the same in both systems). Pages link it with `?v=` and the first characters of
 * the SVG's SHA-256, so the URL names one content and is cached for a year (`drawing-route.ts`); the
 * search service, which has no generator, links it without a version.
 */

export type DrawingVariant = UnitSystem | 'thumb';
export const DRAWING_VARIANTS: readonly DrawingVariant[] = ['metric', 'imperial', 'thumb'];

/** What a drawing is made of: the geometry's inputs and the catalogue number its title names. */
export type DrawingSubject = Pick<ProductDetail, 'id' | 'tradeSize' | 'lengthMm' | 'categoryId'>;

/** Image sizes in CSS pixels (the drawings are 2:1). */
export const DRAWING_SIZE = {
  large: { width: 480, height: 240 },
  thumb: { width: 64, height: 32 },
  card: { width: 160, height: 80 },
  /** A family page's illustration (the thumbnail drawing, without labels). */
  illustration: { width: 320, height: 160 },
} as const;

export function isDrawingVariant(value: string): value is DrawingVariant {
  return (DRAWING_VARIANTS as readonly string[]).includes(value);
}

/** The SVG text of a SKU's drawing in a locale and variant; `t` is the locale's translator. */
export function drawingSvg(
  subject: DrawingSubject,
  variant: DrawingVariant,
  locale: LocaleCode,
  t: Translate,
) {
  const geometry = productGeometry(subject);
  const drawing = productDrawing(
    geometry,
    variant === 'thumb' ? 'metric' : variant,
    locale,
    variant !== 'thumb',
  );
  return renderDrawingSvg(drawing, t('drawing.title', { id: subject.id }), locale);
}

/** The version of a drawing's content: the same SVG, the same version, on every instance. */
export function drawingVersion(svg: string): string {
  return createHash('sha256').update(svg).digest('base64url').slice(0, 12);
}

export function drawingHref(
  locale: LocaleCode,
  productId: string,
  variant: DrawingVariant,
  version?: string,
): string {
  const path = `/api/drawings/${routeSegmentOf(locale)}/${encodeURIComponent(productId)}/${variant}.svg`;
  return version ? `${path}?v=${version}` : path;
}

/** The versioned address of a SKU's drawing, for a page's `<img src>`. */
export function drawingSrc(
  subject: DrawingSubject,
  variant: DrawingVariant,
  locale: LocaleCode,
  t: Translate,
): string {
  return drawingHref(locale, subject.id, variant, drawingVersion(drawingSvg(subject, variant, locale, t)));
}

/**
 * The text alternative of a dimensioned drawing in the reader's language, with its dimensions as the
 * image shows them ("Dimensioned drawing of …: length 3.05 m, height 21 mm, diameter 21 mm"); an outline
 * without dimensions for a product whose size the data does not give.
 */
export function drawingAlt(
  subject: DrawingSubject,
  name: string,
  system: UnitSystem,
  locale: LocaleCode,
  t: Translate,
): string {
  const drawing = productDrawing(productGeometry(subject), system, locale);
  if (drawing.dimensions.length === 0) return t('drawing.altOutline', { name });
  const dimensions = drawing.dimensions.map((d) => `${t(`drawing.${d.name}`)} ${d.text}`).join(', ');
  return t('drawing.alt', { name, dimensions });
}
