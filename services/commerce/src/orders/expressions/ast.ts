/**
 * The syntax tree of OrderCloud's rule expressions (ApprovalRule.RuleExpression,
 * Promotion.EligibleExpression and Promotion.ValueExpression). Plain JSON-like data: no positions, so two
 * parses of the same text are deeply equal and `print` → `parse` gives the tree back.
 */

/** Where a property path starts. */
export type Scope =
  /** `order.…` — the order (with `FromUser`, `BillingAddress`, `xp`, …). */
  | 'order'
  /** `item.…` — the line item a line-item-level promotion is being evaluated for. */
  | 'item'
  /** `user.…` — the user placing the order (our addition; OrderCloud spells it `order.FromUser`). */
  | 'user'
  /** A bare name inside `items.any(…)` and the other `items` functions: the line item being tested. */
  | 'line'
  /** Inside an array function (`order.xp.Tags.any(item = 'x')`): `item` is the element, bare names its properties. */
  | 'element';

export interface PathExpr {
  type: 'path';
  scope: Scope;
  /** Property names as written (looked up case-insensitively); empty for `item` inside an array filter. */
  path: string[];
}

export type ComparisonOp = '=' | '<>' | '<' | '<=' | '>' | '>=';
export type ArithmeticOp = '+' | '-' | '*' | '/' | '%';
export type BinaryOp = 'or' | 'and' | ComparisonOp | ArithmeticOp;

/** `items.any(filter)` etc.: the order's line items. */
export type ItemsFn = 'any' | 'all' | 'count' | 'quantity' | 'total';
/** Functions on an array-valued property: `order.xp.Tags.any(item = 'a')`. */
export type ArrayFn = 'any' | 'all' | 'count';
/** Global functions: `min(a, b)`, `if(c, a, b)`, `in(x, 'a', 'b')`, `order.approved('ruleID')`. */
export type CallFn = 'min' | 'max' | 'round' | 'if' | 'ifs' | 'in' | 'approved';
export type CategoryFn = 'incategory' | 'inparentcategory';

export type Expr =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' }
  /** `#6/24/2023#`: an instant, UTC, as ISO 8601 `YYYY-MM-DDTHH:mm:ssZ`. */
  | { type: 'date'; value: string }
  | PathExpr
  | { type: 'unary'; op: 'not' | '-'; operand: Expr }
  | { type: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { type: 'call'; fn: CallFn; args: Expr[] }
  | { type: 'items'; fn: ItemsFn; filter: Expr | null }
  | { type: 'array'; fn: ArrayFn; target: PathExpr; filter: Expr | null }
  | { type: 'contains'; target: PathExpr; value: Expr }
  | { type: 'category'; fn: CategoryFn; target: PathExpr; category: Expr };

export type ExpressionKind = 'boolean' | 'number';

export interface ExpressionError {
  message: string;
  /** 0-based character offset in the expression text. */
  position: number;
}

export type ParseResult = { ok: true; ast: Expr } | { ok: false; error: ExpressionError };

export interface ParseOptions {
  /**
   * A line-item-level promotion: `item` may be used (and an EligibleExpression must use it, as
   * OrderCloud requires). Otherwise `item` is refused.
   */
  lineItemLevel?: boolean;
}

/** Longest accepted expression (OrderCloud documents 400 characters for promotions; we are more generous). */
export const MAX_EXPRESSION_LENGTH = 2000;
/** Deepest nesting of parentheses, function arguments, filters and prefix operators. */
export const MAX_NESTING_DEPTH = 32;

export const ITEMS_FUNCTIONS: readonly ItemsFn[] = ['any', 'all', 'count', 'quantity', 'total'];
export const ARRAY_FUNCTIONS: readonly ArrayFn[] = ['any', 'all', 'count'];
export const GLOBAL_FUNCTIONS: readonly CallFn[] = ['min', 'max', 'round', 'if', 'ifs', 'in', 'approved'];
export const CATEGORY_FUNCTIONS: readonly CategoryFn[] = ['incategory', 'inparentcategory'];

/** Words that cannot start a property path (compared case-insensitively). */
export const KEYWORDS = ['and', 'or', 'not', 'true', 'false', 'null'] as const;
/** Names that start a path at the top level. */
export const ROOTS = ['order', 'items', 'item', 'user'] as const;
