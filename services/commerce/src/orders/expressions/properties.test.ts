import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ArrayFn, BinaryOp, CallFn, CategoryFn, Expr, ItemsFn, PathExpr, Scope } from './ast';
import { type ExpressionContext, evaluate, parseExpression, parseSyntax, printExpression } from './index';

// ─── Random trees ────────────────────────────────────────────────────────────────────────────────────────

/** Property names: none is a keyword, a root or otherwise special as the first word of a bare path. */
const NAMES = [
  'Total',
  'Subtotal',
  'xp',
  'ProductID',
  'Quantity',
  'LineSubtotal',
  'Tags',
  'Level',
  'ID',
  'a',
  'B_2',
];
const name = fc.constantFrom(...NAMES, 'product', 'Product', 'any', 'count', 'Order', 'ITEM');
const bareName = fc.constantFrom(...NAMES, 'product');

/** Which scopes a path can be written in at a given place (see the parser's frames). */
type Place = 'top' | 'itemsFilter' | 'arrayFilter';
const SCOPES: Record<Place, Scope[]> = {
  top: ['order', 'user', 'item'],
  itemsFilter: ['order', 'user', 'item', 'line'],
  arrayFilter: ['order', 'user', 'element'],
};

const pathArb = (place: Place): fc.Arbitrary<PathExpr> =>
  fc.oneof(
    ...SCOPES[place].map(
      (scope): fc.Arbitrary<PathExpr> =>
        scope === 'line'
          ? fc
              .tuple(bareName, fc.array(name, { maxLength: 3 }))
              .map(([first, rest]): PathExpr => ({ type: 'path', scope, path: [first, ...rest] }))
          : fc.array(name, { maxLength: 3 }).map((names): PathExpr => ({ type: 'path', scope, path: names })),
    ),
  );
const PATHS: Record<Place, fc.Arbitrary<PathExpr>> = {
  top: pathArb('top'),
  itemsFilter: pathArb('itemsFilter'),
  arrayFilter: pathArb('arrayFilter'),
};
const path = (place: Place) => PATHS[place];

const number = fc
  .oneof(
    fc.nat({ max: 1000 }),
    fc.double({ min: 0, max: 1e9, noNaN: true }),
    fc.double({ min: 0, max: 1e-3, noNaN: true }),
  )
  .map((n) => (Object.is(n, -0) ? 0 : n));

const date = fc
  .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => `${d.toISOString().slice(0, 19)}Z`);

const literal: fc.Arbitrary<Expr> = fc.oneof(
  number.map((value) => ({ type: 'number' as const, value })),
  fc.string({ maxLength: 8 }).map((value) => ({ type: 'string' as const, value })),
  fc.constantFrom('tag*', '*', 'a*b').map((value) => ({ type: 'string' as const, value })),
  fc.boolean().map((value) => ({ type: 'boolean' as const, value })),
  fc.constant({ type: 'null' as const }),
  date.map((value) => ({ type: 'date' as const, value })),
);

const BINARY: BinaryOp[] = ['or', 'and', '=', '<>', '<', '<=', '>', '>=', '+', '-', '*', '/', '%'];
const CALLS: CallFn[] = ['min', 'max', 'round', 'if', 'ifs', 'in', 'approved'];
const ITEMS: ItemsFn[] = ['any', 'all', 'count', 'quantity', 'total'];
const ARRAYS: ArrayFn[] = ['any', 'all', 'count'];
const CATEGORIES: CategoryFn[] = ['incategory', 'inparentcategory'];

/** Any tree the parser can produce (not necessarily well-typed), written at `place`. */
const built = new Map<string, fc.Arbitrary<Expr>>();
function expr(place: Place, depth: number): fc.Arbitrary<Expr> {
  const key = `${place}:${depth}`;
  let arbitrary = built.get(key);
  if (!arbitrary) {
    arbitrary = build(place, depth);
    built.set(key, arbitrary);
  }
  return arbitrary;
}

function build(place: Place, depth: number): fc.Arbitrary<Expr> {
  if (depth <= 0) return fc.oneof(literal, path(place));
  const sub = (p: Place = place) => expr(p, depth - 1);
  const optional = (arb: fc.Arbitrary<Expr>) => fc.option(arb, { nil: null });
  return fc.oneof(
    { arbitrary: literal, weight: 3 },
    { arbitrary: path(place), weight: 3 },
    fc.record({
      type: fc.constant('unary' as const),
      op: fc.constantFrom('not' as const, '-' as const),
      operand: sub(),
    }),
    {
      arbitrary: fc.record({
        type: fc.constant('binary' as const),
        op: fc.constantFrom(...BINARY),
        left: sub(),
        right: sub(),
      }),
      weight: 4,
    },
    fc.record({
      type: fc.constant('call' as const),
      fn: fc.constantFrom(...CALLS),
      args: fc.array(sub(), { maxLength: 3 }),
    }),
    fc.record({
      type: fc.constant('items' as const),
      fn: fc.constantFrom(...ITEMS),
      filter: optional(sub('itemsFilter')),
    }),
    fc.record({
      type: fc.constant('array' as const),
      fn: fc.constantFrom(...ARRAYS),
      target: path(place),
      filter: optional(sub('arrayFilter')),
    }),
    fc.record({ type: fc.constant('contains' as const), target: path(place), value: sub() }),
    fc.record({
      type: fc.constant('category' as const),
      fn: fc.constantFrom(...CATEGORIES),
      target: path(place),
      category: sub(),
    }),
  );
}

const tree = fc.oneof(...[0, 1, 2, 3, 4].map((depth) => expr('top', depth)));

// ─── Random contexts ─────────────────────────────────────────────────────────────────────────────────────

const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string({ maxLength: 5 }),
    fc.constantFrom('tag1', 'ABC', '2024-03-01T10:00:00Z', 'not-a-date', ''),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...NAMES, 'product', 'total', '__proto__', 'constructor'), tie('json'), {
      maxKeys: 4,
    }),
  ),
}));

const contextArb: fc.Arbitrary<ExpressionContext> = fc.record(
  {
    order: json,
    items: fc.oneof(fc.array(json, { maxLength: 4 }), json) as fc.Arbitrary<unknown[]>,
    item: json,
    user: json,
    productCategories: fc.oneof(
      json,
      fc.dictionary(
        fc.constantFrom('ABC', 'a', 'ID'),
        fc.record({ direct: fc.array(fc.string({ maxLength: 3 })), ancestors: json }),
      ),
    ) as fc.Arbitrary<ExpressionContext['productCategories']>,
    approvedRuleIDs: fc.oneof(fc.array(fc.string({ maxLength: 3 })), json) as fc.Arbitrary<string[]>,
  },
  { requiredKeys: [] },
);

// ─── Properties ──────────────────────────────────────────────────────────────────────────────────────────

describe('expression properties', () => {
  it('printing a tree and parsing it back gives the same tree', () => {
    fc.assert(
      fc.property(tree, (ast) => {
        const text = printExpression(ast);
        const parsed = parseSyntax(text);
        if (!parsed.ok) throw new Error(`${text}\n${parsed.error.message}`);
        expect(parsed.ast).toEqual(ast);
      }),
      { numRuns: 2000 },
    );
  });

  it('evaluation never throws, whatever the tree and the data; failures are reported values', () => {
    fc.assert(
      fc.property(tree, contextArb, (ast, context) => {
        const result = evaluate(ast, context);
        // The catch-all message would mean an exception the evaluator did not expect.
        if (!result.ok) expect(result.error).not.toBe('Expression could not be evaluated');
      }),
      { numRuns: 2000 },
    );
  });

  it('evaluation never throws on arbitrary (malformed) objects posing as trees', () => {
    fc.assert(
      fc.property(fc.anything(), contextArb, (ast, context) => {
        expect(() => evaluate(ast as Expr, context)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('evaluating a parsed expression agrees with evaluating its tree', () => {
    fc.assert(
      fc.property(tree, contextArb, (ast, context) => {
        const parsed = parseSyntax(printExpression(ast));
        if (!parsed.ok) throw new Error(parsed.error.message);
        expect(evaluate(parsed.ast, context)).toEqual(evaluate(ast, context));
      }),
      { numRuns: 500 },
    );
  });

  it('no text makes the parser throw', () => {
    const alphabet = fc.constantFrom(
      ...'()=<>!+-*/%,.#\'"\\ 019abc_'.split(''),
      'and ',
      'or ',
      'not ',
      'order.',
      'items.any(',
      'min(',
      'item',
      '#1/2/2020#',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join('')),
        fc.string(),
        (a, b) => {
          for (const text of [a, b]) {
            for (const kind of ['boolean', 'number'] as const) {
              const result = parseExpression(text, kind, { lineItemLevel: text.length % 2 === 0 });
              if (!result.ok) {
                expect(result.error.position).toBeGreaterThanOrEqual(0);
                expect(result.error.position).toBeLessThanOrEqual(Math.max(text.length, 1));
              }
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

// ─── Arithmetic against a tiny reference ─────────────────────────────────────────────────────────────────

type Arith = number | { op: '+' | '-' | '*' | '/' | '%'; l: Arith; r: Arith } | { op: 'neg'; x: Arith };

const arith: fc.Arbitrary<Arith> = fc.letrec<{ a: Arith }>((tie) => ({
  a: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.nat({ max: 20 }), fc.constantFrom(0.1, 0.5, 2.25, 1000, 0.001)),
    fc.record({
      op: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const, '%' as const),
      l: tie('a'),
      r: tie('a'),
    }),
    fc.record({ op: fc.constant('neg' as const), x: tie('a') }),
  ),
})).a;

/** What JavaScript's own arithmetic says, with division by zero as an error. */
function reference(e: Arith): number | 'error' {
  if (typeof e === 'number') return e;
  if (e.op === 'neg') {
    const x = reference(e.x);
    return x === 'error' ? x : -x;
  }
  const l = reference(e.l);
  const r = reference(e.r);
  if (l === 'error' || r === 'error') return 'error';
  if ((e.op === '/' || e.op === '%') && r === 0) return 'error';
  const v = e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : e.op === '/' ? l / r : l % r;
  return Number.isFinite(v) ? v : 'error';
}

/** Fully parenthesised, written independently of print.ts. */
function text(e: Arith): string {
  if (typeof e === 'number') return String(e);
  if (e.op === 'neg') return `(-${text(e.x)})`;
  return `(${text(e.l)} ${e.op} ${text(e.r)})`;
}

describe('arithmetic', () => {
  it('agrees with a tiny reference, parenthesised or printed with minimal parentheses', () => {
    fc.assert(
      fc.property(arith, (e) => {
        const expected = reference(e);
        const parsed = parseExpression(text(e), 'number');
        if (!parsed.ok) throw new Error(`${text(e)}: ${parsed.error.message}`);
        const reparsed = parseExpression(printExpression(parsed.ast), 'number');
        if (!reparsed.ok) throw new Error(reparsed.error.message);
        for (const ast of [parsed.ast, reparsed.ast]) {
          const result = evaluate(ast, {});
          if (expected === 'error') expect(result.ok).toBe(false);
          else expect(result).toEqual({ ok: true, value: expected });
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('respects precedence and left associativity without parentheses', () => {
    const cases: [string, number][] = [
      ['1 + 2 * 3', 7],
      ['10 - 4 - 3', 3],
      ['100 / 10 / 5', 2],
      ['-2 * 3', -6],
      ['- -2', 2],
      ['7 % 4 * 2', 6],
      ['2 * 7 % 4', 2],
      ['-7 % 4', -3],
      ['(1 + 2) * 3', 9],
      ['.5 + .25', 0.75],
    ];
    for (const [expression, expected] of cases) {
      const parsed = parseExpression(expression, 'number');
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect([expression, evaluate(parsed.ast, {})]).toEqual([expression, { ok: true, value: expected }]);
    }
  });
});
