/**
 * OrderCloud's rule expressions: ApprovalRule.RuleExpression and Promotion.EligibleExpression (booleans),
 * Promotion.ValueExpression (a number: the discount).
 *
 *   expression  := or
 *   or          := and ('or' and)*
 *   and         := not ('and' not)*
 *   not         := 'not' not | comparison
 *   comparison  := additive [('=' | '==' | '<>' | '!=' | '<' | '<=' | '>' | '>=') additive]   (not chained)
 *   additive    := multiplicative (('+' | '-') multiplicative)*
 *   multiplicative := unary (('*' | '/' | '%') unary)*
 *   unary       := '-' unary | primary
 *   primary     := number | string | date | 'true' | 'false' | 'null' | '(' expression ')'
 *                | function '(' [expression (',' expression)*] ')'
 *                | 'items' '.' ('any' | 'all' | 'count' | 'quantity' | 'total') '(' [filter] ')'
 *                | path ['.' method '(' arguments ')']
 *   path        := ('order' | 'user' | 'item' | bare-name) ('.' name)*
 *   function    := 'min' | 'max' | 'round' | 'if' | 'ifs' | 'in' | 'approved'
 *   method      := 'any' '(' [filter] ')' | 'all' '(' [filter] ')' | 'count' '(' [filter] ')'   (arrays)
 *                | 'contains' '(' expression ')' | 'in' '(' expression (',' expression)* ')'
 *                | 'incategory' '(' id ')' | 'inparentcategory' '(' id ')'                   (on a product)
 *                | 'approved' '(' id ')'                                                     (on order)
 *   number      := digits ['.' digits] | '.' digits           string := '…' or "…" (escapes \' \" \\)
 *   date        := '#' M/D/YYYY [H:mm[:ss]] '#' (UTC; #YYYY-MM-DD# also accepted)
 *
 * Keywords, roots and function names are case-insensitive; property names are looked up exactly, else
 * case-insensitively. Inside `items.fn(filter)` bare names are the line item's properties
 * (`items.any(Product.xp.OnSale = true)`); inside an array function `item` is the element and bare names
 * its properties (`order.xp.Tags.any(item = 'sale*')`). `item` elsewhere is the line item of a
 * line-item-level promotion. `min`/`max` take two or more numbers, `round(x[, decimals])` rounds half away
 * from zero, `if(condition, a, b)`, `ifs(c1, v1, c2, v2, …, default)`, `in(x, 'a', 'b')` or
 * `x.in('a', 'b')` (a single 'a,b' string is split on commas), `order.approved('ruleID')`.
 *
 * Runtime semantics are described in evaluate.ts.
 */
export type {
  Expr,
  ExpressionError,
  ExpressionKind,
  ParseOptions,
  ParseResult,
  PathExpr,
  Scope,
} from './ast';
export { MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from './ast';
export type { EvalResult, ExpressionContext } from './evaluate';
export {
  evaluate,
  evaluateAmount,
  evaluateBoolean,
  roundHalfAwayFromZero,
  roundMoney,
} from './evaluate';
export { parseExpression, parseSyntax, validateExpression } from './parse';
export { printExpression } from './print';
