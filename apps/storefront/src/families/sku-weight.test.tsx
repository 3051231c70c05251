import type { UnitSystem } from '@catalogue/dataset/model';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator';
import { UnitPreferenceProvider } from '../units/unit-preference';
import { SkuWeight } from './sku-weight';

const t = createTranslator({
  'family.skus.perPiece': 'per piece',
  'family.skus.perPack': 'per pack of {count}',
});

function cell(weightKg: number, pieces: number | null, system: UnitSystem): string {
  const html = renderToStaticMarkup(
    <UnitPreferenceProvider defaultUnitSystem={system} showsMetricToggle={true} initialChoice={system}>
      <SkuWeight weightKg={weightKg} pieces={pieces} locale="en-US" t={t} />
    </UnitPreferenceProvider>,
  );
  return html.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ');
}

// Issue 22 item 3: the family table showed a pack's weight with nothing saying it was not a piece's.
describe('the family table weight cell', () => {
  it('says whether the weight is of one piece or of the whole pack, in both unit systems', () => {
    expect(cell(1.36, 1, 'metric')).toBe('1.36 kg per piece');
    expect(cell(1.36, 1, 'imperial')).toBe('3 lb per piece');
    expect(cell(68, 50, 'metric')).toBe('68 kg per pack of 50');
    expect(cell(68, 50, 'imperial')).toBe('149.91 lb per pack of 50');
  });

  it('shows the weight alone when the product does not say what one unit is', () => {
    expect(cell(2.5, null, 'metric')).toBe('2.5 kg');
  });
});
