import type { ComparisonOp, Expr, PathExpr } from './ast';

/**
 * Evaluates a parsed expression over plain data. Never throws: every failure (division by zero, a number
 * where a boolean is needed, a malformed tree) comes back as `{ ok: false, error }`.
 *
 * Semantics:
 * - Property names are matched exactly, else case-insensitively (OrderCloud's own examples mix
 *   `Product.xp…` and `product.xp…`); only own properties are read. A missing property, or a property
 *   of something that is not an object, is `null`.
 * - `=` and `<>` treat null as a value: `x = null` is true when x is missing, `'a' <> null` is true.
 *   Values of different types are unequal (no conversions: `2 = '2'` is false). A string literal with `*`
 *   is a wildcard pattern: `order.xp.Code = 'SUMMER*'`. Strings compare ordinally, case-sensitively.
 * - `<`, `<=`, `>`, `>=` are false when either side is null or the two sides cannot be ordered (different
 *   types); numbers, strings and dates can be ordered. A date literal (`#6/24/2023#`) compares with
 *   ISO 8601 strings such as `order.DateSubmitted`.
 * - Arithmetic and `min`/`max`/`round` with a null operand give null (so `order.xp.Missing * 2 > 5` is
 *   false); non-number operands, division or modulo by zero, and overflow are errors.
 * - `and`, `or`, `not`, filters and `if` conditions read null as false and refuse anything that is not a
 *   boolean (numbers are never booleans). `and`/`or` short-circuit.
 * - Amounts (`evaluateAmount`) are rounded to 2 decimals half away from zero, as OrderCloud shows money;
 *   `round(x, n)` rounds the same way. Intermediate results are not rounded.
 */

export interface ExpressionContext {
  /** The order as on the wire (`Total`, `Subtotal`, `FromUser`, `BillingAddress`, `xp`, …). */
  order?: unknown;
  /** The order's line items as on the wire (`ProductID`, `Quantity`, `LineSubtotal`, `Product`, `xp`, …). */
  items?: readonly unknown[];
  /** The line item a line-item-level promotion is evaluated for. */
  item?: unknown;
  /** The user placing the order. */
  user?: unknown;
  /**
   * Category assignments by product ID, for `product.incategory(id)` (directly assigned) and
   * `product.inparentcategory(id)` (assigned to the category or one of its descendants, i.e. `id` is in
   * `direct` or in `ancestors`, every ancestor of the directly assigned categories).
   */
  productCategories?: Readonly<Record<string, { direct?: readonly string[]; ancestors?: readonly string[] }>>;
  /** IDs of approval rules already approved on the order, for `order.approved('ruleID')`. */
  approvedRuleIDs?: readonly string[];
}

export type EvalResult<T = unknown> = { ok: true; value: T } | { ok: false; error: string };

/** Deepest tree the evaluator walks (the parser's 2,000-character limit keeps real trees far below). */
const MAX_EVAL_DEPTH = 1200;
const MAX_DECIMALS = 10;

class EvalFailure extends Error {}

const fail = (message: string): never => {
  throw new EvalFailure(message);
};

interface Frame {
  line: unknown;
  element: unknown;
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a date';
  const t = typeof value;
  return t === 'object' ? 'an object' : `a ${t}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** An own property, by exact name or else case-insensitively; anything missing is null. */
export function lookup(target: unknown, name: string): unknown {
  if (!isRecord(target)) return null;
  if (Object.hasOwn(target, name)) return target[name] ?? null;
  const lower = name.toLowerCase();
  for (const key of Object.keys(target)) {
    if (key.toLowerCase() === lower) return target[key] ?? null;
  }
  return null;
}

/**
 * `value` rounded to `decimals` places, half away from zero, on its shortest decimal form (so 1.005, stored
 * as 1.00499999…, rounds to 1.01 as a person reading "1.005" expects).
 */
export function roundHalfAwayFromZero(value: number, decimals = 2): number {
  if (!Number.isFinite(value) || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    return value;
  }
  const abs = Math.abs(value);
  if (abs >= 1e15) return value;
  const text = abs.toFixed(decimals + 6);
  const units = BigInt(text.replace('.', ''));
  const extra = 1_000_000n;
  const rounded = units / extra + (units % extra >= extra / 2n ? 1n : 0n);
  const result = Number(`${rounded}e-${decimals}`);
  return value < 0 && result !== 0 ? -result : result;
}

/** Money as OrderCloud shows it: 2 decimals, half away from zero. */
export const roundMoney = (value: number): number => roundHalfAwayFromZero(value, 2);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

function equals(a: unknown, b: unknown): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (left === null || right === null) return left === right;
  if (left instanceof Date || right instanceof Date) {
    const l = toTime(left);
    return l !== null && l === toTime(right);
  }
  if (typeof left !== typeof right || typeof left === 'object') return false;
  return left === right;
}

function order(a: unknown, b: unknown): number | null {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  if (a instanceof Date || b instanceof Date) {
    const l = toTime(a);
    const r = toTime(b);
    return l === null || r === null ? null : Math.sign(l - r);
  }
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a - b) ? null : Math.sign(a - b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

const patternCache = new Map<string, RegExp>();
function wildcard(pattern: string): RegExp {
  let regex = patternCache.get(pattern);
  if (!regex) {
    const body = pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    regex = new RegExp(`^${body}$`, 's');
    if (patternCache.size > 500) patternCache.clear();
    patternCache.set(pattern, regex);
  }
  return regex;
}

const isPattern = (node: Expr): node is { type: 'string'; value: string } =>
  node.type === 'string' && node.value.includes('*');

class Evaluator {
  private depth = 0;

  constructor(private readonly context: ExpressionContext) {}

  run(node: Expr, frame: Frame): unknown {
    if (++this.depth > MAX_EVAL_DEPTH) fail('Expression is nested too deeply');
    try {
      return this.node(node, frame) ?? null;
    } finally {
      this.depth--;
    }
  }

  bool(node: Expr, frame: Frame, what: string): boolean {
    const value = this.run(node, frame);
    if (value === null) return false;
    if (typeof value !== 'boolean') return fail(`${what} needs a boolean, got ${typeName(value)}`);
    return value;
  }

  /** A number, or null when the operand is null. */
  private num(node: Expr, frame: Frame, what: string): number | null {
    const value = this.run(node, frame);
    if (value === null) return null;
    if (typeof value !== 'number') return fail(`${what} needs a number, got ${typeName(value)}`);
    return value;
  }

  private node(node: Expr, frame: Frame): unknown {
    if (typeof node !== 'object' || node === null) return fail('Malformed expression');
    switch (node.type) {
      case 'number':
      case 'string':
      case 'boolean':
        return node.value;
      case 'null':
        return null;
      case 'date': {
        const ms = Date.parse(String(node.value));
        return Number.isNaN(ms) ? fail('Invalid date') : new Date(ms);
      }
      case 'path':
        return this.path(node, frame);
      case 'unary':
        if (node.op === 'not') return !this.bool(node.operand, frame, "'not'");
        if (node.op === '-') {
          const value = this.num(node.operand, frame, "'-'");
          return value === null ? null : -value;
        }
        return fail('Malformed expression');
      case 'binary':
        return this.binary(node, frame);
      case 'call':
        return this.call(node, frame);
      case 'items':
        return this.items(node, frame);
      case 'array':
        return this.array(node, frame);
      case 'contains': {
        const list = this.run(node.target, frame);
        const value = this.run(node.value, frame);
        return Array.isArray(list) && list.some((element) => equals(element, value));
      }
      case 'category':
        return this.category(node, frame);
      default:
        return fail('Malformed expression');
    }
  }

  private path(node: PathExpr, frame: Frame): unknown {
    let value: unknown;
    switch (node.scope) {
      case 'order':
        value = this.context.order;
        break;
      case 'user':
        value = this.context.user;
        break;
      case 'item':
        value = this.context.item;
        break;
      case 'line':
        value = frame.line;
        break;
      case 'element':
        value = frame.element;
        break;
      default:
        return fail('Malformed expression');
    }
    if (!Array.isArray(node.path)) return fail('Malformed expression');
    for (const name of node.path) value = lookup(value, String(name));
    return value ?? null;
  }

  private binary(node: Extract<Expr, { type: 'binary' }>, frame: Frame): unknown {
    const { op } = node;
    if (op === 'and') return this.bool(node.left, frame, "'and'") && this.bool(node.right, frame, "'and'");
    if (op === 'or') return this.bool(node.left, frame, "'or'") || this.bool(node.right, frame, "'or'");
    if (op === '+' || op === '-' || op === '*' || op === '/' || op === '%') {
      const left = this.num(node.left, frame, `'${op}'`);
      const right = this.num(node.right, frame, `'${op}'`);
      if (left === null || right === null) return null;
      if ((op === '/' || op === '%') && right === 0) return fail('Division by zero');
      const result =
        op === '+'
          ? left + right
          : op === '-'
            ? left - right
            : op === '*'
              ? left * right
              : op === '/'
                ? left / right
                : left % right;
      if (!Number.isFinite(result)) return fail(`Arithmetic overflow in '${op}'`);
      return result;
    }
    return this.compare(op, node.left, node.right, frame);
  }

  private compare(op: ComparisonOp, leftNode: Expr, rightNode: Expr, frame: Frame): boolean {
    const left = this.run(leftNode, frame);
    const right = this.run(rightNode, frame);
    if (op === '=' || op === '<>') {
      let same: boolean;
      if (isPattern(rightNode) && typeof left === 'string') same = wildcard(rightNode.value).test(left);
      else if (isPattern(leftNode) && typeof right === 'string') same = wildcard(leftNode.value).test(right);
      else same = equals(left, right);
      return op === '=' ? same : !same;
    }
    const c = order(left, right);
    if (c === null) return false;
    if (op === '<') return c < 0;
    if (op === '<=') return c <= 0;
    if (op === '>') return c > 0;
    if (op === '>=') return c >= 0;
    return fail('Malformed expression');
  }

  private call(node: Extract<Expr, { type: 'call' }>, frame: Frame): unknown {
    const args = Array.isArray(node.args) ? node.args : fail('Malformed expression');
    const arg = (i: number): Expr => args[i] ?? fail(`${node.fn}() is missing an argument`);
    switch (node.fn) {
      case 'min':
      case 'max': {
        if (args.length === 0) return fail(`${node.fn}() needs arguments`);
        const values = args.map((a) => this.num(a, frame, `${node.fn}()`));
        if (values.some((v) => v === null)) return null;
        return node.fn === 'min' ? Math.min(...(values as number[])) : Math.max(...(values as number[]));
      }
      case 'round': {
        const value = this.num(arg(0), frame, 'round()');
        const decimals = args.length > 1 ? this.num(arg(1), frame, 'round()') : 0;
        if (value === null || decimals === null) return null;
        if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
          return fail(`round() takes 0 to ${MAX_DECIMALS} decimals`);
        }
        return roundHalfAwayFromZero(value, decimals);
      }
      case 'if':
        return this.bool(arg(0), frame, 'if()') ? this.run(arg(1), frame) : this.run(arg(2), frame);
      case 'ifs': {
        if (args.length % 2 === 0) return fail('ifs() needs a default value');
        for (let i = 0; i + 1 < args.length; i += 2) {
          if (this.bool(arg(i), frame, 'ifs()')) return this.run(arg(i + 1), frame);
        }
        return this.run(arg(args.length - 1), frame);
      }
      case 'in': {
        const value = this.run(arg(0), frame);
        let candidates = args.slice(1).map((a) => this.run(a, frame));
        const [only] = candidates;
        if (candidates.length === 1 && typeof only === 'string' && only.includes(',')) {
          candidates = only.split(',').map((s) => s.trim());
        }
        return candidates.some((c) => equals(value, c));
      }
      case 'approved': {
        const id = this.run(arg(0), frame);
        if (id === null) return false;
        if (typeof id !== 'string') return fail(`approved() needs a rule ID, got ${typeName(id)}`);
        const approved = this.context.approvedRuleIDs;
        return Array.isArray(approved) && approved.includes(id);
      }
      default:
        return fail('Malformed expression');
    }
  }

  private items(node: Extract<Expr, { type: 'items' }>, frame: Frame): unknown {
    const all = Array.isArray(this.context.items) ? this.context.items : [];
    const matching = all.filter(
      (line) =>
        !node.filter || this.bool(node.filter, { line, element: frame.element }, `items.${node.fn}()`),
    );
    const sum = (name: string) =>
      matching.reduce<number>((total, line) => {
        const value = lookup(line, name);
        return typeof value === 'number' && Number.isFinite(value) ? total + value : total;
      }, 0);
    switch (node.fn) {
      case 'any':
        return matching.length > 0;
      case 'all':
        return matching.length === all.length;
      case 'count':
        return matching.length;
      case 'quantity':
        return sum('Quantity');
      case 'total':
        return sum('LineSubtotal');
      default:
        return fail('Malformed expression');
    }
  }

  private array(node: Extract<Expr, { type: 'array' }>, frame: Frame): unknown {
    const list = this.run(node.target, frame);
    if (!Array.isArray(list)) return node.fn === 'count' ? 0 : false;
    const matches = (element: unknown) =>
      !node.filter || this.bool(node.filter, { line: frame.line, element }, `${node.fn}()`);
    switch (node.fn) {
      case 'any':
        return list.some(matches);
      case 'all':
        return list.every(matches);
      case 'count':
        return list.filter(matches).length;
      default:
        return fail('Malformed expression');
    }
  }

  private category(node: Extract<Expr, { type: 'category' }>, frame: Frame): boolean {
    const product = this.run(node.target, frame);
    const category = this.run(node.category, frame);
    if (category === null) return false;
    if (typeof category !== 'string')
      return fail(`${node.fn}() needs a category ID, got ${typeName(category)}`);
    const id = lookup(product, 'ID');
    const all = this.context.productCategories;
    if (typeof id !== 'string' || !isRecord(all) || !Object.hasOwn(all, id)) return false;
    const entry = all[id];
    const has = (list: unknown) => Array.isArray(list) && list.includes(category);
    if (has(entry?.direct)) return true;
    return node.fn === 'inparentcategory' && has(entry?.ancestors);
  }
}

/** The expression's value: a number, string, boolean, Date, null, or a property's object/array. */
export function evaluate(ast: Expr, context: ExpressionContext): EvalResult {
  try {
    const evaluator = new Evaluator(isRecord(context) ? context : {});
    return { ok: true, value: evaluator.run(ast, { line: null, element: null }) };
  } catch (error) {
    if (error instanceof EvalFailure) return { ok: false, error: error.message };
    if (error instanceof RangeError) return { ok: false, error: 'Expression is nested too deeply' };
    return { ok: false, error: 'Expression could not be evaluated' };
  }
}

/** A RuleExpression or EligibleExpression: null (e.g. a missing `order.xp.Flag`) is false. */
export function evaluateBoolean(ast: Expr, context: ExpressionContext): EvalResult<boolean> {
  const result = evaluate(ast, context);
  if (!result.ok) return result;
  if (result.value === null) return { ok: true, value: false };
  if (typeof result.value !== 'boolean') {
    return { ok: false, error: `Expected a boolean result, got ${typeName(result.value)}` };
  }
  return { ok: true, value: result.value };
}

/** A ValueExpression: a number, rounded as money (2 decimals, half away from zero). */
export function evaluateAmount(ast: Expr, context: ExpressionContext): EvalResult<number> {
  const result = evaluate(ast, context);
  if (!result.ok) return result;
  if (result.value === null)
    return { ok: false, error: 'The expression has no value (a property it uses is missing)' };
  if (typeof result.value !== 'number') {
    return { ok: false, error: `Expected a number result, got ${typeName(result.value)}` };
  }
  return { ok: true, value: roundMoney(result.value) };
}
