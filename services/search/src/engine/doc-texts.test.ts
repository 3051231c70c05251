import { describe, expect, it } from 'vitest';
import { DocTextStore } from './doc-texts';
import { TextPool } from './text-pool';

describe('TextPool', () => {
  it('keeps the first 1,398,101 characters of a longer text', () => {
    const pool = new TextPool();
    expect(pool.get(pool.add('y'.repeat(2_000_000)))).toBe('y'.repeat(1_398_101));
  });

  it('gives back every string as added, empty ones and non-Latin ones included', () => {
    const pool = new TextPool();
    const texts = ['', 'Größe Élément', 'x'.repeat(100_000), '管 conduit 🔧', 'a'];
    const handles = texts.map((t) => pool.add(t));
    expect(handles.map((h) => pool.get(h))).toEqual(texts);
  });

  it('compacts away released strings and rewrites the handles of the live ones', () => {
    const pool = new TextPool();
    const kept = Float64Array.from(['first', 'second'].map((t) => pool.add(t)));
    for (let i = 0; i < 3; i++) pool.release(pool.add('z'.repeat(500_000)));
    expect(pool.wasteful).toBe(true);
    const shared = new Float64Array([kept[1] as number]);
    pool.compact([kept, shared]);
    expect(pool.size).toBe('firstsecond'.length);
    expect([...kept].map((h) => pool.get(h))).toEqual(['first', 'second']);
    expect(pool.get(shared[0] as number)).toBe('second');
  });
});

describe('DocTextStore', () => {
  it('gives back texts and localized fields as set, in their language order', () => {
    const store = new DocTextStore();
    const text = { nl: { name: 'Buis', description: 'Verzinkt' }, en: { name: 'Tube', description: '' } };
    const localized = {
      nl: { name: 'Buis', description: 'Verzinkt' },
      en: { name: 'Tube', description: 'Other' },
    };
    store.set(3, text, localized);
    expect(store.text(3)).toEqual(text);
    expect(store.localized(3)).toEqual(localized);
    expect(Object.keys(store.localized(3))).toEqual(['nl', 'en']);
    expect(store.name(3, 'nl')).toBe('Buis');
    expect(store.name(3, 'fr')).toBeUndefined();
    expect(store.text(0)).toEqual({});
  });

  it('keeps localized fields of another shape as they are, and forgets a cleared document', () => {
    const store = new DocTextStore();
    const localized = { en: { name: 'Page', description: 'Intro', extra: 1 } };
    store.set(0, { en: { name: 'Page', description: 'Intro' } }, localized);
    expect(store.localized(0)).toEqual(localized);
    store.set(
      0,
      { fr: { name: 'Page', description: 'Intro' } },
      { fr: { name: 'Page', description: 'Intro' } },
    );
    expect(store.localized(0)).toEqual({ fr: { name: 'Page', description: 'Intro' } });
    store.clear(0);
    expect(store.text(0)).toEqual({});
    expect(store.localized(0)).toEqual({});
  });

  it('keeps every text through many replacements (which compact the pool)', () => {
    const store = new DocTextStore();
    const big = (n: number) => `${n} ${'é'.repeat(50_000)}`;
    for (let round = 0; round < 40; round++)
      for (let doc = 0; doc < 3; doc++)
        store.set(doc, { de: { name: big(round * 3 + doc), description: 'd' } }, {});
    for (let doc = 0; doc < 3; doc++) expect(store.name(doc, 'de')).toBe(big(39 * 3 + doc));
  });
});
