import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';

describe('createTranslator', () => {
  const t = createTranslator({
    'nav.products': 'Produits',
    'footer.copyright': '© {year} {siteName}. Tous droits réservés.',
  });

  it('returns the text of a key', () => {
    expect(t('nav.products')).toBe('Produits');
  });

  it('shows the key itself when the dictionary lacks it, so the page still renders', () => {
    expect(t('header.search')).toBe('header.search');
    expect(t('toString')).toBe('toString');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(t('footer.copyright', { year: 2026, siteName: 'Acme' })).toBe(
      '© 2026 Acme. Tous droits réservés.',
    );
    expect(t('footer.copyright', { year: 2026 })).toBe('© 2026 {siteName}. Tous droits réservés.');
  });
});
