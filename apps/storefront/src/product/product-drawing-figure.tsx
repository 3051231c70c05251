import type { LocaleCode, UnitSystem } from '@catalogue/dataset/model';
import { DrawingImage } from '../components/drawing-image';
import type { Translate } from '../i18n/translator';
import { DRAWING_SIZE, type DrawingSubject, drawingAlt, drawingSrc } from './drawing-images';

interface ProductDrawingFigureProps {
  locale: LocaleCode;
  product: DrawingSubject;
  name: string;
  units: { defaultUnitSystem: UnitSystem; showsMetricToggle: boolean };
  t: Translate;
}

/**
 * The product page's large dimensioned drawing. The page is cached for every visitor, so in locales with
 * the metric/imperial toggle both drawings are in the HTML and CSS shows the one of `<html data-units>`
 * (set before the first paint from the visitor's cookie, `units/units-guard-script.ts`), the locale's
 * default before any choice. The other one is lazy, so a hidden drawing is not downloaded.
 */
export function ProductDrawingFigure({ locale, product, name, units, t }: ProductDrawingFigureProps) {
  const systems: UnitSystem[] = units.showsMetricToggle ? ['metric', 'imperial'] : [units.defaultUnitSystem];
  return (
    <figure className="product__drawing">
      {systems.map((system) => {
        const isDefault = system === units.defaultUnitSystem;
        const variant = units.showsMetricToggle
          ? ` unit-variant unit-variant--${system}${isDefault ? ' unit-variant--default' : ''}`
          : '';
        return (
          <DrawingImage
            key={system}
            className={`product__drawing-image${variant}`}
            src={drawingSrc(product, system, locale, t)}
            alt={drawingAlt(product, name, system, locale, t)}
            size={DRAWING_SIZE.large}
            eager={isDefault}
          />
        );
      })}
    </figure>
  );
}
