import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, jsonProblem, textProblem, urlProblem } from './input-guard';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('the input guard', () => {
  it('finds NUL and unpaired surrogates, and lets every other text through', () => {
    expect(textProblem('a\u0000b', 'x')?.message).toContain('NUL');
    expect(textProblem('\uD800', 'x')?.message).toContain('surrogate');
    expect(textProblem('a\uDC00', 'x')?.message).toContain('surrogate');
    expect(textProblem('\uDC00\uD800', 'x')?.message).toContain('surrogate');
    expect(textProblem('emoji 😀, accents é, controls \u0001\u001f', 'x')).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(textProblem(text, 'x')).toBeNull();
      }),
      { seed: 20, numRuns: 300 },
    );
  });

  it('refuses paths that decode to NUL or do not decode, and queries holding NUL', () => {
    expect(urlProblem('/api/projects/%00/export.pdf')?.where).toBe('path');
    expect(urlProblem('/products/%E0%A4%A')?.where).toBe('path');
    expect(urlProblem('/v1/me/products?xp.Material=a%00b')?.where).toBe('query.xp.Material');
    expect(urlProblem('/v1/me/products?a%00=1')?.message).toContain('NUL');
    expect(urlProblem('http://127.0.0.1:3000/x?search=%00')?.where).toBe('query.search');
    // A stray % in a query is read as browsers read it, and bad UTF-8 there becomes U+FFFD.
    expect(urlProblem('/search?q=100%&r=%ED%A0%80')).toBeNull();
    expect(urlProblem('/products/a%2Fb/%C3%A9t%C3%A9?q=%F0%9F%98%80')).toBeNull();
    expect(urlProblem('http://example.test')).toBeNull();
  });

  it('refuses JSON that is too deep or too wide, or holds text PostgreSQL refuses, wherever it is', () => {
    expect(jsonProblem(nested(INPUT_LIMITS.maxJsonDepth))).toBeNull();
    expect(jsonProblem(nested(INPUT_LIMITS.maxJsonDepth + 1))?.message).toContain('nested more than');
    expect(jsonProblem(JSON.parse(`{"xp":${'['.repeat(5000)}${']'.repeat(5000)}}`))?.where).toMatch(
      /^body\.xp/,
    );
    const wide = Object.fromEntries(
      Array.from({ length: INPUT_LIMITS.maxObjectKeys + 1 }, (_, i) => [`k${i}`, i]),
    );
    expect(jsonProblem({ xp: wide })?.where).toBe('body.xp');
    expect(jsonProblem({ xp: { list: ['ok', 'b\u0000'] } })?.where).toBe('body.xp.list[1]');
    expect(jsonProblem({ xp: { '\uD800': 1 } })?.message).toContain('surrogate');
    expect(jsonProblem(JSON.parse('{"Name":"\\ud800x"}'))?.where).toBe('body.Name');
    expect(jsonProblem({ ID: 'p1', Name: 'Conduit ½"', xp: { Names: { fr: 'Câble' } } })).toBeNull();
  });
});
