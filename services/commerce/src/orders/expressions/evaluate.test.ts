import { describe, expect, it } from 'vitest';
import {
  type EvalResult,
  type ExpressionContext,
  type ExpressionKind,
  evaluate,
  evaluateAmount,
  evaluateBoolean,
  type ParseOptions,
  parseExpression,
  roundHalfAwayFromZero,
  roundMoney,
} from './index';

const order = {
  ID: 'o1',
  Subtotal: 120,
  Total: 130.55,
  ShippingCost: 10.55,
  DateSubmitted: '2024-03-01T10:00:00.000+00:00',
  FromUser: { ID: 'u1', xp: { FirstOrder: true, Level: 3 } },
  BillingAddress: { Country: 'US' },
  xp: {
    Department: 'Sales',
    Tags: ['tag1', 'tag2'],
    myarray: ['one', 'value2', 'four'],
    Mixed: ['tag1', 'other'],
    Zero: 0,
    Text: '12',
  },
};
const items = [
  {
    ID: 'li1',
    ProductID: 'ABC',
    Quantity: 3,
    UnitPrice: 10,
    LineSubtotal: 30,
    CostCenter: 'ABC',
    SupplierID: '123',
    Product: { ID: 'ABC', xp: { OnSale: true, Tags: ['value2'], NumberArray: [20, 23] } },
  },
  {
    ID: 'li2',
    ProductID: 'XYZ',
    Quantity: 2,
    UnitPrice: 45,
    LineSubtotal: 90,
    CostCenter: 'DEF',
    SupplierID: '456',
    Product: { ID: 'XYZ', xp: { OnSale: false } },
  },
];
const context: ExpressionContext = {
  order,
  items,
  user: { ID: 'u1', xp: { Level: 3 } },
  productCategories: { ABC: { direct: ['Bikes'], ancestors: ['Sports'] }, XYZ: { direct: ['Kitchen'] } },
  approvedRuleIDs: ['rule_id_1'],
};

function run(text: string, kind: ExpressionKind, ctx: ExpressionContext = context, options?: ParseOptions) {
  const parsed = parseExpression(text, kind, options);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return kind === 'boolean' ? evaluateBoolean(parsed.ast, ctx) : evaluateAmount(parsed.ast, ctx);
}
const value = (text: string, kind: ExpressionKind, ctx?: ExpressionContext, options?: ParseOptions) => {
  const result: EvalResult = run(text, kind, ctx, options);
  return result.ok ? result.value : `error: ${result.error}`;
};
const yes = (text: string, ctx?: ExpressionContext) => value(text, 'boolean', ctx);
const amount = (text: string, ctx?: ExpressionContext) => value(text, 'number', ctx);

describe("OrderCloud's documented examples", () => {
  it('evaluates order-level promotions', () => {
    expect(yes('order.Subtotal > 50')).toBe(true);
    expect(amount('10')).toBe(10);
    expect(yes('order.Subtotal >= 60')).toBe(true);
    expect(amount('order.ShippingCost')).toBe(10.55);
    expect(yes("items.quantity(ProductID = 'ABC') > 1")).toBe(true);
    expect(amount("items.total(ProductID = 'ABC') / items.quantity(ProductID = 'ABC')")).toBe(10);
    expect(yes("items.any(ProductID = '123')")).toBe(false);
    expect(yes('items.all(Product.xp.OnSale = true)')).toBe(false);
    expect(amount('min(order.Subtotal * .1, 20)')).toBe(12);
    expect(amount('max(order.Total * 0.1, 20)')).toBe(20);
    expect(yes("items.quantity(product.incategory('Bikes')) >= 3")).toBe(true);
    expect(amount("items.total(product.incategory('Bikes')) * .3")).toBe(9);
    expect(yes("items.any(ProductID = 'ABC')  and items.any(ProductID = 'XYZ')")).toBe(true);
    expect(amount("(items.total(ProductID = 'ABC') + items.total(ProductID = 'XYZ')) * .2")).toBe(24);
    expect(
      yes("items.total(product.incategory('Kitchen')) + items.total(product.incategory('Bikes')) > 100"),
    ).toBe(true);
    expect(amount("50 / items.count(SupplierID = '123')")).toBe(50);
    expect(yes('order.FromUser.xp.FirstOrder = true')).toBe(true);
    expect(amount('order.Subtotal * .25')).toBe(30);
    const bogo = (id: string) =>
      amount(
        `((items.quantity(ProductID='${id}')/2) - (items.quantity(ProductID='${id}') % 2 * .5)) * items.total (ProductID='${id}') / items.quantity(ProductID='${id}')`,
      );
    expect(bogo('ABC')).toBe(10); // 3 bought, 1 free at 10
    expect(bogo('XYZ')).toBe(45); // 2 bought, 1 free at 45
    expect(yes("order.Total > 100 and items.any(ProductID = 'ABC')")).toBe(true);
  });

  it('evaluates approval rules', () => {
    expect(yes("order.Total > 100 and order.xp.Department = 'Sales'")).toBe(true);
    expect(yes("order.Total > 200 and items.any(CostCenter = 'ABC')")).toBe(false);
    expect(yes("items.total((CostCenter = 'ABC')) > 20")).toBe(true);
    expect(yes('items.quantity(ProductID = "ABC" or ProductID = "XYZ") > 4')).toBe(true);
    expect(yes("items.any(product.incategory('Toys'))")).toBe(false);
    expect(yes("order.approved('rule_id_1')")).toBe(true);
    expect(yes("order.approved('rule_id_2')")).toBe(false);
    expect(
      yes(
        '(order.Total > 20 and order.approved("rule_id_1")) or (not items.any(ProductID = "QQQ") and approved("rule_id_2"))',
      ),
    ).toBe(true);
    expect(yes("order.BillingAddress.Country = 'US' and order.FromUser.xp.Level >= 2")).toBe(true);
    expect(yes('user.xp.Level >= 2')).toBe(true);
  });

  it('evaluates line-item-level promotions for the selected item', () => {
    const line = { lineItemLevel: true };
    const first = { ...context, item: items[0] };
    const second = { ...context, item: items[1] };
    expect(value("item.product.incategory('Bikes')", 'boolean', first, line)).toBe(true);
    expect(value("item.product.incategory('Bikes')", 'boolean', second, line)).toBe(false);
    expect(value('item.LineSubtotal * .15', 'number', first, line)).toBe(4.5);
    expect(
      value("item.SupplierID = '123' and items.total(SupplierID = '123') >= 30", 'boolean', first, line),
    ).toBe(true);
    expect(value("item.ProductID = 'XYZ' and items.any(ProductID = 'ABC')", 'boolean', second, line)).toBe(
      true,
    );
    expect(value('item.UnitPrice', 'number', second, line)).toBe(45);
    expect(value('item.Product.xp.NumberArray.contains(23)', 'boolean', first, line)).toBe(true);
    expect(value('item.product.xp.NumberArray.any(item = 20)', 'boolean', first, line)).toBe(true);
  });

  it('evaluates array functions, wildcards and in()', () => {
    expect(yes("order.xp.myarray.contains('value2')")).toBe(true);
    expect(yes("order.xp.myarray.contains('value3')")).toBe(false);
    expect(yes('order.xp.myarray.count() = 3')).toBe(true);
    expect(yes("order.xp.myarray.count(item = 'one' or item = 'four') = 2")).toBe(true);
    expect(yes("order.xp.myarray.any(item = 'four')")).toBe(true);
    expect(yes("order.xp.Tags.all(item = 'tag*') = true")).toBe(true);
    expect(yes("order.xp.Mixed.all(item = 'tag*')")).toBe(false);
    expect(yes("items.any(Product.xp.Tags.contains('value2'))")).toBe(true);
    expect(yes("order.xp.Missing.any(item = 'x')")).toBe(false);
    expect(yes('order.xp.Missing.count() = 0')).toBe(true);
    expect(yes("order.xp.Department = 'Sa*'")).toBe(true);
    expect(yes("order.xp.Department = '*l*s'")).toBe(true);
    expect(yes("order.xp.Department = 'sa*'")).toBe(false);
    expect(yes("order.xp.Department <> 'X*'")).toBe(true);
    expect(yes("order.xp.Department = 'S.*'")).toBe(false);
    expect(yes("order.BillingAddress.Country.in('US', 'CA')")).toBe(true);
    expect(yes("order.BillingAddress.Country.in('GB,US')")).toBe(true);
    expect(yes("in(order.BillingAddress.Country, 'GB', 'FR')")).toBe(false);
    expect(yes("items.all(ProductID.in('ABC', 'XYZ'))")).toBe(true);
    expect(yes("items.any(product.inparentcategory('Sports'))")).toBe(true);
    expect(yes("items.any(product.incategory('Sports'))")).toBe(false);
  });

  it('evaluates conditions, rounding and dates', () => {
    expect(amount('if(order.Total > 100, 10, 5)')).toBe(10);
    expect(amount('ifs(order.Total > 1000, 100, order.Total > 100, 10, 0)')).toBe(10);
    expect(amount('ifs(order.Total > 1000, 100, 1)')).toBe(1);
    expect(amount('round(2.5)')).toBe(3);
    expect(amount('round(-2.5)')).toBe(-3);
    expect(amount('round(1.005, 2)')).toBe(1.01);
    expect(amount('round(order.Total / 3, 1)')).toBe(43.5);
    expect(yes('order.DateSubmitted > #2/29/2024#')).toBe(true);
    expect(yes('order.DateSubmitted < #3/1/2024 12:00#')).toBe(true);
    expect(yes('order.DateSubmitted = #3/1/2024 10:00#')).toBe(true);
    expect(yes('order.DateSubmitted >= #3/2/2024#')).toBe(false);
    expect(yes('order.xp.Department > #1/1/2020#')).toBe(false);
  });
});

describe('semantics', () => {
  it('reads property names case-insensitively, exact names first, own properties only', () => {
    expect(yes('ORDER.total > 100')).toBe(true);
    expect(yes('order.fromuser.XP.firstorder = true')).toBe(true);
    expect(yes('items.any(product.XP.onsale = true)')).toBe(true);
    expect(yes('order.A = 2', { order: { a: 1, A: 2 } })).toBe(true);
    expect(yes('order.constructor = null and order.toString = null and order.__proto__ = null')).toBe(true);
    expect(yes('order.xp.Department.length = null')).toBe(true);
  });

  it('gives null for missing properties; ordering comparisons with null are false, equality sees null', () => {
    expect(yes('order.xp.Missing > 5')).toBe(false);
    expect(yes('order.xp.Missing < 5')).toBe(false);
    expect(yes('order.xp.Missing <= 5 or order.xp.Missing >= 5')).toBe(false);
    expect(yes('order.xp.Missing = null')).toBe(true);
    expect(yes("order.xp.Missing <> 'x'")).toBe(true);
    expect(yes("order.xp.Missing = 'x'")).toBe(false);
    expect(yes('order.xp.Missing * 2 > 5')).toBe(false);
    expect(yes('order.xp.Missing')).toBe(false);
    expect(yes('not order.xp.Missing')).toBe(true);
    expect(amount('order.xp.Missing * 2')).toBe(
      'error: The expression has no value (a property it uses is missing)',
    );
    expect(amount('min(order.xp.Missing, 5)')).toBe(
      'error: The expression has no value (a property it uses is missing)',
    );
    expect(yes('order.Total > 1', {})).toBe(false);
  });

  it('does not convert between types', () => {
    expect(yes("order.xp.Text = '12'")).toBe(true);
    expect(yes('order.xp.Text = 12')).toBe(false);
    expect(yes('order.xp.Text > 1')).toBe(false);
    expect(yes('order.xp.Text <> 12')).toBe(true);
    expect(yes("order.xp.Tags = 'tag1'")).toBe(false);
  });

  it('returns errors as values: division by zero, booleans from numbers, non-numbers in arithmetic', () => {
    expect(amount('order.Total / 0')).toBe('error: Division by zero');
    expect(amount('order.Total % order.xp.Zero')).toBe('error: Division by zero');
    expect(amount("10 / items.count(ProductID = 'NONE')")).toBe('error: Division by zero');
    expect(yes('order.Total')).toBe('error: Expected a boolean result, got a number');
    expect(yes('order.Total and true')).toBe("error: 'and' needs a boolean, got a number");
    expect(yes('not order.xp.Department')).toBe("error: 'not' needs a boolean, got a string");
    expect(yes('items.any(Quantity)')).toBe('error: items.any() needs a boolean, got a number');
    expect(yes('if(order.Total, true, false)')).toBe('error: if() needs a boolean, got a number');
    expect(amount('order.xp.Department * 2')).toBe("error: '*' needs a number, got a string");
    expect(amount('order.xp.Department')).toBe('error: Expected a number result, got a string');
    expect(amount('round(1.5, order.Total)')).toBe('error: round() takes 0 to 10 decimals');
    expect(amount('order.Total * order.Total', { order: { Total: 1e300 } })).toBe(
      "error: Arithmetic overflow in '*'",
    );
    expect(yes('order.approved(order.Total)')).toBe('error: approved() needs a rule ID, got a number');
  });

  it('short-circuits and/or', () => {
    expect(yes('false and order.Total')).toBe(false);
    expect(yes('true or order.Total')).toBe(true);
    expect(amount('if(true, 1, order.Total / 0)')).toBe(1);
  });

  it('rounds amounts to cents half away from zero', () => {
    expect(amount('order.Total * .1')).toBe(13.06); // 13.055
    expect(amount('order.Total * -.1')).toBe(-13.06);
    expect(amount('1.005')).toBe(1.01);
    expect(amount('1.0049')).toBe(1);
    expect(amount('0.125')).toBe(0.13);
    expect(amount('10 / 3')).toBe(3.33);
    expect(amount('20 / 3')).toBe(6.67);
    expect(roundMoney(-0.004)).toBe(0);
    expect(Object.is(roundMoney(-0.004), -0)).toBe(false);
    expect(roundHalfAwayFromZero(2.675, 2)).toBe(2.68);
    expect(roundHalfAwayFromZero(-1.5, 0)).toBe(-2);
    expect(roundHalfAwayFromZero(1234567.005, 2)).toBe(1234567.01);
    expect(roundHalfAwayFromZero(1e20, 2)).toBe(1e20);
  });

  it('leaves the raw value to evaluate()', () => {
    const parsed = parseExpression('order.Total / 3', 'number');
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(evaluate(parsed.ast, context)).toEqual({ ok: true, value: 130.55 / 3 });
  });

  it('refuses malformed trees as values instead of throwing', () => {
    const malformed = [
      { type: 'nope' },
      { type: 'binary', op: '^', left: { type: 'number', value: 1 }, right: { type: 'number', value: 1 } },
      { type: 'path', scope: 'global', path: ['process'] },
      { type: 'call', fn: 'eval', args: [] },
      { type: 'unary', op: '!', operand: { type: 'boolean', value: true } },
      null,
    ];
    for (const ast of malformed) {
      expect(evaluate(ast as never, context)).toEqual({ ok: false, error: 'Malformed expression' });
    }
    let deep: unknown = { type: 'boolean', value: true };
    for (let i = 0; i < 5000; i++) deep = { type: 'unary', op: 'not', operand: deep };
    expect(evaluate(deep as never, context)).toEqual({ ok: false, error: 'Expression is nested too deeply' });
  });
});
