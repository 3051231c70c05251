import { describe, expect, it } from 'vitest';
import { generateDataset } from '../generate';
import { LANGUAGES } from '../model';
import { variantRows } from './stock';

describe('demo variants', () => {
  it("offer the product's own finish as the default, never one that contradicts it, labelled in every language", () => {
    // Issue 22 item 9: EMT-050-10 (electro-galvanized) offered "Finish: Hot-dip galvanised, Stainless
    // steel", in English on every page.
    const dataset = generateDataset({ skus: 300 });
    const rows = variantRows(dataset);
    const product = dataset.products.find((p) => p.id === rows.assignments[0]?.productId);
    const finish = dataset.attributes.find((a) => a.id === 'finish');
    const own = finish?.options.find((o) => o.code === product?.attributes.finish);
    const [spec] = rows.specs;
    const defaultOption = rows.options.find((o) => o.id === spec?.defaultOptionId);
    expect(defaultOption?.xp.Labels).toEqual(own?.label);
    expect(spec?.xp.Names).toEqual(finish?.label);
    for (const option of rows.options)
      for (const language of LANGUAGES) expect(option.xp.Labels[language]?.trim()).toBeTruthy();
  });
});
