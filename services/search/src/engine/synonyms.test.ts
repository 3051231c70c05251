import { describe, expect, it } from 'vitest';
import { type Query, runQuery } from './search';
import { type SynonymDefinition, Synonyms } from './synonyms';
import { TextIndex } from './text-index';

/** A small index of products named as merchandisers would find them. */
function indexOf(names: Record<string, string>): TextIndex {
  const index = new TextIndex();
  for (const [id, name] of Object.entries(names)) {
    index.upsert({
      key: id,
      id,
      scopes: ['US'],
      text: { en: { name, description: '' } },
      category: null,
      catalogueNumber: null,
      attrs: {},
      fields: {},
      localized: {},
      path: `/product/${id}`,
    });
  }
  return index;
}

const index = indexOf({
  A: 'Stainless steel bracket',
  B: 'Inox bracket',
  C: 'Floor drain',
  D: 'Gully trap',
  E: 'Steel channel',
});

function search(keyphrase: string, synonyms: SynonymDefinition[] = [], extra: Partial<Query> = {}): string[] {
  const result = runQuery(index, {
    language: 'en',
    scopeMask: index.scopeMask('US'),
    keyphrase,
    operator: 'and',
    prefixLast: false,
    filter: null,
    facets: [],
    sort: { kind: 'relevance' },
    offset: 0,
    limit: 10,
    rules: { blacklist: [], bury: [], boostWeight: [], slots: [] },
    synonyms: new Synonyms(synonyms),
    ...extra,
  });
  return result.page.map((doc) => index.docs[doc]?.id ?? '?');
}

const inox: SynonymDefinition = { type: 'equivalent', terms: ['inox', 'stainless steel'] };
const drain: SynonymDefinition = { type: 'one_way', from: 'drain', to: ['gully'] };

describe('synonyms at query time', () => {
  it('find nothing more without a synonym', () => {
    expect(search('inox')).toEqual(['B']);
    expect(search('drain')).toEqual(['C']);
  });

  it('make every term of an equivalent set find the others, phrases included, own words first', () => {
    expect(search('inox', [inox])).toEqual(['B', 'A']);
    expect(search('stainless steel', [inox])).toEqual(['A', 'B']);
    expect(search('stainless steel bracket', [inox]).sort()).toEqual(['A', 'B']);
    // Only the whole phrase stands for the synonym: "steel" alone is not "inox".
    expect(search('steel', [inox]).sort()).toEqual(['A', 'E']);
  });

  it('make a one-way synonym find its targets but not the way back, matched by stem', () => {
    expect(search('drain', [drain])).toEqual(['C', 'D']);
    expect(search('drains', [drain])).toEqual(['C', 'D']);
    expect(search('gully', [drain])).toEqual(['D']);
  });

  it('report which words were widened', () => {
    const result = runQuery(index, {
      language: 'en',
      scopeMask: index.scopeMask('US'),
      keyphrase: 'inox bracket',
      operator: 'and',
      prefixLast: false,
      filter: null,
      facets: [],
      sort: { kind: 'relevance' },
      offset: 0,
      limit: 10,
      rules: { blacklist: [], bury: [], boostWeight: [], slots: [] },
      synonyms: new Synonyms([inox]),
    });
    expect(result.expanded).toEqual([{ words: ['inox'], alternatives: [['stainless', 'steel']] }]);
    expect(result.total).toBe(2);
  });

  it('keep any word matching with operator or', () => {
    expect(search('inox channel', [inox])).toEqual([]);
    expect(search('inox channel', [inox], { operator: 'or' }).sort()).toEqual(['A', 'B', 'E']);
  });
});
