import { describe, expect, it } from 'vitest';
import {
  type ExpressionKind,
  MAX_EXPRESSION_LENGTH,
  type ParseOptions,
  parseExpression,
  parseSyntax,
  printExpression,
  validateExpression,
} from './index';

const LINE = { lineItemLevel: true };

/** Examples from OrderCloud's documentation (rules engine, promotion expressions, line item promotions). */
const documented: [string, ExpressionKind, ParseOptions?][] = [
  ['order.Total > 200 and order.xp.MyCustomProperty = "XYZ"', 'boolean'],
  ["order.Total > 200 and items.any(CostCenter = 'ABC')", 'boolean'],
  ["items.total((CostCenter = 'ABC')) > 200", 'boolean'],
  ['items.quantity(ProductID = "P1" or ProductID = "P2") > 5', 'boolean'],
  ["items.any(product.incategory('Toys'))", 'boolean'],
  ["order.approved('id_of_some_other_rule')", 'boolean'],
  [
    '(order.Total > 20 and order.approved("rule_id_1")) or (not items.any(ProductID = "QQQ") and approved("rule_id_2"))',
    'boolean',
  ],
  ['order.Subtotal > 50', 'boolean'],
  ['10', 'number'],
  ['order.Subtotal >= 60', 'boolean'],
  ['order.ShippingCost', 'number'],
  ["items.quantity(ProductID = 'ABC') > 1", 'boolean'],
  ["items.total(ProductID = 'ABC') / items.quantity(ProductID = 'ABC')", 'number'],
  ["items.any(ProductID = '123')", 'boolean'],
  ["item.product.incategory('Bikes')", 'boolean', LINE],
  ['item.LineSubtotal * .15', 'number', LINE],
  ['items.all(Product.xp.OnSale = true)', 'boolean'],
  ['min(order.Subtotal * .1, 20)', 'number'],
  ["items.quantity(product.incategory('GuitarAccessories')) >= 10", 'boolean'],
  ["items.total(product.incategory('GuitarAccessories')) * .3", 'number'],
  ["items.any(ProductID = 'ABC')  and items.any(ProductID = 'XYZ')", 'boolean'],
  ["(items.total(ProductID = 'ABC') + items.total(ProductID = 'XYZ')) * .2", 'number'],
  [
    "items.total(product.incategory('Kitchen')) + items.total(product.incategory('Bedding')) + items.total(product.incategory('Bathroom')) > 200",
    'boolean',
  ],
  ['order.Subtotal * .1', 'number'],
  ["item.SupplierID = '123' and items.total(SupplierID = '123') >= 100", 'boolean', LINE],
  ["50 / items.count(SupplierID = '123')", 'number', LINE],
  ['order.FromUser.xp.FirstOrder = true', 'boolean'],
  ['order.Subtotal * .25', 'number'],
  ["items.quantity(ProductID = 'XYZ') > 1", 'boolean'],
  [
    "((items.quantity(ProductID='XYZ')/2) - (items.quantity(ProductID='XYZ') % 2 * .5)) * items.total (ProductID='XYZ') / items.quantity(ProductID='XYZ')",
    'number',
  ],
  ["item.ProductID = 'Y' and items.any(ProductID = 'X')", 'boolean', LINE],
  ['item.UnitPrice', 'number', LINE],
  ["order.Total > 100 and items.any(ProductID = 'ABC')", 'boolean'],
  ['max(order.Total * 0.1, 20)', 'number'],
  ['order.Total * .10', 'number'],
  ["order.xp.myarray.contains('value2')", 'boolean'],
  ['order.xp.myarray.count() = 3', 'boolean'],
  ["order.xp.myarray.any(item = 'four')", 'boolean'],
  ["order.xp.Tags.all(item = 'tag*') = true", 'boolean'],
  ["items.any(Product.xp.Tags.contains('value2'))", 'boolean'],
  ['item.Product.xp.NumberArray.contains(23)', 'boolean', LINE],
  ['item.product.xp.myarray.any(item = 20)', 'boolean', LINE],
  ['order.DateSubmitted > #5/15/2016#', 'boolean'],
  ["order.xp.Department = 'Sales' and order.BillingAddress.Country <> 'US'", 'boolean'],
  ['order.FromUser.xp.Level >= 2 or user.xp.Level != 1', 'boolean'],
];

describe('parseExpression', () => {
  it.each(documented)('accepts %s', (text, kind, options) => {
    const result = parseExpression(text, kind, options);
    expect(result.ok ? 'ok' : result.error.message).toBe('ok');
  });

  it('builds the tree with OrderCloud precedence', () => {
    const result = parseSyntax("not order.Total > 1 + 2 * 3 and items.any(ProductID = 'A') or true");
    expect(result).toEqual({
      ok: true,
      ast: {
        type: 'binary',
        op: 'or',
        left: {
          type: 'binary',
          op: 'and',
          left: {
            type: 'unary',
            op: 'not',
            operand: {
              type: 'binary',
              op: '>',
              left: { type: 'path', scope: 'order', path: ['Total'] },
              right: {
                type: 'binary',
                op: '+',
                left: { type: 'number', value: 1 },
                right: {
                  type: 'binary',
                  op: '*',
                  left: { type: 'number', value: 2 },
                  right: { type: 'number', value: 3 },
                },
              },
            },
          },
          right: {
            type: 'items',
            fn: 'any',
            filter: {
              type: 'binary',
              op: '=',
              left: { type: 'path', scope: 'line', path: ['ProductID'] },
              right: { type: 'string', value: 'A' },
            },
          },
        },
        right: { type: 'boolean', value: true },
      },
    });
  });

  it('reads keywords, roots and functions in any case, and the operator spellings alike', () => {
    const a = parseSyntax("ORDER.Total >= 2 AND Not Items.ANY(ProductID == 'x') Or MIN(1, 2) != 3");
    const b = parseSyntax("order.Total >= 2 and not items.any(ProductID = 'x') or min(1, 2) <> 3");
    expect(a).toEqual(b);
    expect(a.ok).toBe(true);
  });

  it('resolves item and bare names by where they are', () => {
    const ast = parseSyntax("items.any(Product.xp.Tags.any(item = 'a' and Code = 'b') and item.ID = 'x')");
    expect(ast).toMatchObject({
      ok: true,
      ast: {
        type: 'items',
        filter: {
          left: {
            type: 'array',
            target: { scope: 'line', path: ['Product', 'xp', 'Tags'] },
            filter: {
              left: { left: { scope: 'element', path: [] } },
              right: { left: { scope: 'element', path: ['Code'] } },
            },
          },
          right: { left: { scope: 'item', path: ['ID'] } },
        },
      },
    });
  });

  it('reads literals: decimals, escaped strings, dates', () => {
    expect(parseSyntax('.1')).toEqual({ ok: true, ast: { type: 'number', value: 0.1 } });
    expect(parseSyntax("'it\\'s \\\\ \"ok\"'")).toEqual({
      ok: true,
      ast: { type: 'string', value: 'it\'s \\ "ok"' },
    });
    expect(parseSyntax('"say \\"hi\\""')).toEqual({ ok: true, ast: { type: 'string', value: 'say "hi"' } });
    expect(parseSyntax('#6/24/2023#')).toEqual({
      ok: true,
      ast: { type: 'date', value: '2023-06-24T00:00:00Z' },
    });
    expect(parseSyntax('#12/31/2023 23:05#')).toEqual({
      ok: true,
      ast: { type: 'date', value: '2023-12-31T23:05:00Z' },
    });
    expect(parseSyntax('#2024-02-29#')).toEqual({
      ok: true,
      ast: { type: 'date', value: '2024-02-29T00:00:00Z' },
    });
    expect(parseSyntax('-.5')).toEqual({
      ok: true,
      ast: { type: 'unary', op: '-', operand: { type: 'number', value: 0.5 } },
    });
  });

  it('prints what it parses', () => {
    for (const [text, kind, options] of documented) {
      const first = parseExpression(text, kind, options);
      if (!first.ok) throw new Error(first.error.message);
      const printed = printExpression(first.ast);
      expect(parseExpression(printed, kind, options)).toEqual(first);
    }
    const bogo = parseSyntax(
      "((items.quantity(ProductID='XYZ')/2) - (items.quantity(ProductID='XYZ') % 2 * .5))",
    );
    if (!bogo.ok) throw new Error(bogo.error.message);
    expect(printExpression(bogo.ast)).toBe(
      "items.quantity(ProductID = 'XYZ') / 2 - items.quantity(ProductID = 'XYZ') % 2 * 0.5",
    );
  });
});

describe('parse errors', () => {
  const error = (text: string, kind: ExpressionKind = 'boolean', options: ParseOptions = {}) => {
    const result = parseExpression(text, kind, options);
    return result.ok ? 'accepted' : `${result.error.message} | ${result.error.position}`;
  };

  it('names the token and where it is', () => {
    expect(error('order.Total > 100 )')).toBe("Unexpected token ')' at 18 | 18");
    expect(error('(order.Total > 100')).toBe('Unexpected end of expression at 18 | 18');
    expect(error('order.Total >')).toBe('Unexpected end of expression at 13 | 13');
    expect(error('order.')).toBe('Unexpected end of expression at 6 | 6');
    expect(error('order.Total > > 1')).toBe("Unexpected token '>' at 14 | 14");
    expect(error('order.Total > 100 and')).toBe('Unexpected end of expression at 21 | 21');
    expect(error('min(1,)', 'number')).toBe("Unexpected token ')' at 6 | 6");
    expect(error('order.Total & 1')).toBe("Unexpected character '&' at 12 | 12");
    expect(error("order.xp.A = 'abc")).toBe('Unterminated string starting at 13 | 13');
    expect(error("'a\\n'")).toBe("Invalid escape '\\n' at 2 (use \\', \\\" or \\\\) | 2");
    expect(error('order.DateSubmitted > #13/45/2023#')).toBe(
      "Invalid date '#13/45/2023#' at 22 (write dates as #M/D/YYYY#) | 22",
    );
    expect(error('order.DateSubmitted > #2/30/2024#')).toContain('Invalid date');
    expect(error('order.DateSubmitted > #1/1/2024')).toBe('Unterminated date starting at 22 | 22');
    expect(error('1 < 2 < 3')).toBe('Comparisons cannot be chained at 6; use parentheses | 6');
    expect(error('')).toBe('Expression is empty | 0');
    expect(error('   ')).toBe('Expression is empty | 0');
    expect(error('order.Total 5')).toBe("Unexpected token '5' at 12 | 12");
    expect(error('true.x')).toBe("Unexpected token '.' at 4 | 4");
    expect(error('1.2.3', 'number')).toBe("Unexpected token '.3' at 3 | 3");
  });

  it('refuses unknown functions and roots', () => {
    expect(error('foo(1)')).toBe("Unknown function 'foo' at 0 | 0");
    expect(error("items.sum(ProductID = 'x') > 1")).toBe("Unknown function 'sum' at 6 | 6");
    expect(error("order.xp.Name.startsWith('a')")).toBe("Unknown function 'startsWith' at 14 | 14");
    expect(error('Total > 100')).toBe(
      "Unknown identifier 'Total' at 0: expressions start with order, items, item or user | 0",
    );
    expect(error('items > 1')).toBe(
      "'items' must be followed by a function (any, all, count, quantity, total) at 0 | 0",
    );
    expect(error('items.any(a, b)')).toBe('items.any() takes one filter at 9 | 9');
    expect(error("constructor('return 1')()")).toBe("Unknown function 'constructor' at 0 | 0");
    expect(error('order.Total > 1; process.exit()')).toBe("Unexpected character ';' at 15 | 15");
    expect(error('and = 1')).toBe("Unexpected token 'and' at 0 | 0");
  });

  it('checks the kind and the types it can see', () => {
    expect(error('order.Total > 100', 'number')).toBe('Expected a number expression | 0');
    expect(error('order.Total * 2', 'boolean')).toBe('Expected a boolean expression | 0');
    expect(error("'text'", 'number')).toBe('Expected a number expression | 0');
    expect(error('null', 'boolean')).toBe('Expected a boolean expression | 0');
    expect(error('1 + true', 'number')).toBe("'+' needs a number, not a boolean (at 4) | 4");
    expect(error("order.Total * 'x'", 'number')).toBe("'*' needs a number, not a string (at 14) | 14");
    expect(error('order.Total and 1')).toBe("'and' needs a boolean, not a number (at 16) | 16");
    expect(error('not 5')).toBe("'not' needs a boolean, not a number (at 4) | 4");
    expect(error("items.count() = 'x'")).toBe('Cannot compare a number with a string (at 14) | 14');
    expect(error('order.Total > null')).toBe("'>' cannot compare null (at 12) | 12");
    expect(error('order.xp.Flag < true')).toBe("'<' cannot compare a boolean (at 14) | 14");
    expect(error('items.any(1)')).toBe('The filter of any() needs a boolean, not a number (at 10) | 10');
    expect(error('min(1)', 'number')).toBe('min() takes two or more numbers, not 1 (at 0) | 0');
    expect(error('round(1, 2, 3)', 'number')).toBe(
      'round() takes a number and optionally a number of decimals, not 3 (at 0) | 0',
    );
    expect(error('ifs(true, 1)', 'number')).toBe(
      'ifs() takes pairs of condition and value, then a default, not 2 (at 0) | 0',
    );
    expect(error('if(1, 2, 3)', 'number')).toBe(
      'The condition of if() needs a boolean, not a number (at 3) | 3',
    );
    expect(error('order.approved(5)')).toBe('approved() needs a rule ID, not a number (at 0) | 0');
    expect(error("order.xp.Tags.incategory('x')")).toBe(
      "incategory() applies to a product, e.g. product.incategory('CategoryID') (at 0) | 0",
    );
    expect(error('items.any(product.incategory(5))')).toBe(
      'incategory() needs a category ID, not a number (at 10) | 10',
    );
    expect(error('order.DateSubmitted > #1/1/2024# and #1/1/2024# < 5')).toBe(
      'Cannot compare a date with a number (at 48) | 48',
    );
  });

  it('allows item only in line-item-level promotions, and requires it in their EligibleExpression', () => {
    expect(error("item.ProductID = 'X'")).toBe(
      "'item' can only be used in line-item-level promotions (at 0) | 0",
    );
    expect(error('item.UnitPrice', 'number')).toBe(
      "'item' can only be used in line-item-level promotions (at 0) | 0",
    );
    expect(error("item.ProductID = 'X'", 'boolean', LINE)).toBe('accepted');
    expect(error('order.Total > 5', 'boolean', LINE)).toBe(
      "A line-item-level promotion's EligibleExpression must use item, e.g. item.ProductID = 'X' | 0",
    );
    expect(error('order.Total * .1', 'number', LINE)).toBe('accepted');
    // In an array function `item` is the element, so it is fine anywhere.
    expect(error("order.xp.Tags.any(item = 'x')")).toBe('accepted');
  });

  it('limits length and nesting', () => {
    const long = `order.Total > ${'1'.repeat(MAX_EXPRESSION_LENGTH)}`;
    expect(error(long)).toBe('Expression is longer than 2000 characters | 2000');
    expect(error(`${'('.repeat(40)}true${')'.repeat(40)}`)).toBe(
      'Expression is nested too deeply (more than 32 levels) at 32 | 32',
    );
    expect(error(`${'not '.repeat(40)}true`)).toContain('nested too deeply');
    expect(error(`${'-'.repeat(40)}1`, 'number')).toContain('nested too deeply');
    expect(error(`${'min(1, '.repeat(40)}1${')'.repeat(40)}`, 'number')).toContain('nested too deeply');
    expect(error(`${'('.repeat(20)}true${')'.repeat(20)}`)).toBe('accepted');
    // Long flat chains are not nesting: 1000 additions parse.
    const chain = Array.from({ length: 1000 }, () => '1').join('+');
    expect(chain.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(error(chain, 'number')).toBe('accepted');
    expect(error('9'.repeat(400), 'number')).toBe('Number too large at 0 | 0');
  });

  it('refuses what is not a string', () => {
    expect(validateExpression(42 as unknown as string, 'boolean')).toEqual({
      message: 'Expression must be a string',
      position: 0,
    });
  });
});

describe('validateExpression', () => {
  it('is null for a valid expression and the problem otherwise', () => {
    expect(validateExpression("order.xp.Department = 'Sales'", 'boolean')).toBeNull();
    expect(validateExpression('order.Subtotal * .1', 'number')).toBeNull();
    expect(validateExpression('order.Subtotal * .1', 'boolean')).toEqual({
      message: 'Expected a boolean expression',
      position: 0,
    });
    expect(validateExpression("item.ProductID = 'X'", 'boolean', { lineItemLevel: true })).toBeNull();
  });
});
