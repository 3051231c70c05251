import {
  ARRAY_FUNCTIONS,
  type ArrayFn,
  type BinaryOp,
  CATEGORY_FUNCTIONS,
  type CategoryFn,
  type ComparisonOp,
  type Expr,
  type ExpressionError,
  type ExpressionKind,
  GLOBAL_FUNCTIONS,
  ITEMS_FUNCTIONS,
  type ItemsFn,
  KEYWORDS,
  MAX_EXPRESSION_LENGTH,
  MAX_NESTING_DEPTH,
  type ParseOptions,
  type ParseResult,
  type PathExpr,
} from './ast';

/**
 * A hand-written tokenizer and recursive-descent parser for OrderCloud's rule expressions, and the static
 * checks run on the tree. Nothing here (or in evaluate.ts) executes JavaScript: the text only ever becomes
 * the plain data of ast.ts.
 */

// ─── Tokens ──────────────────────────────────────────────────────────────────────────────────────────────

type Token =
  | { kind: 'number'; value: number; text: string; pos: number }
  | { kind: 'string'; value: string; text: string; pos: number }
  | { kind: 'date'; value: string; text: string; pos: number }
  | { kind: 'ident'; text: string; pos: number }
  | { kind: 'op'; text: string; pos: number }
  | { kind: 'eof'; text: ''; pos: number };

class SyntaxFailure extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const fail = (message: string, position: number): never => {
  throw new SyntaxFailure(message, position);
};

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined) => c !== undefined && /[A-Za-z_]/.test(c);
const isIdentPart = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

const TWO_CHAR_OPS: Record<string, string> = { '<>': '<>', '!=': '<>', '<=': '<=', '>=': '>=', '==': '=' };
const ONE_CHAR_OPS = new Set(['=', '<', '>', '+', '-', '*', '/', '%', '(', ')', ',', '.']);

/** `M/D/YYYY[ H:mm[:ss]]` (OrderCloud's US format) or `YYYY-MM-DD[THH:mm[:ss]]`, as UTC → ISO 8601. */
export function parseDateLiteral(body: string): string | null {
  const us = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(body);
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2}))?Z?)?\s*$/.exec(body);
  let parts: (string | undefined)[];
  if (us) parts = [us[3], us[1], us[2], us[4], us[5], us[6]];
  else if (iso) parts = [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]];
  else return null;
  const [year, month, day, hour, minute, second] = parts.map((p) => Number(p ?? '0')) as number[];
  if (year === undefined || month === undefined || day === undefined) return null;
  if (year < 1000 || (hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour ?? 0, minute ?? 0, second ?? 0);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().replace('.000Z', 'Z');
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1]))) {
      while (isDigit(text[i])) i++;
      if (text[i] === '.' && isDigit(text[i + 1])) {
        i++;
        while (isDigit(text[i])) i++;
      }
      const raw = text.slice(start, i);
      const value = Number(raw);
      if (!Number.isFinite(value)) fail(`Number too large at ${start}`, start);
      tokens.push({ kind: 'number', value, text: raw, pos: start });
      continue;
    }
    if (c === "'" || c === '"') {
      i++;
      let value = '';
      for (;;) {
        const d = text[i];
        if (d === undefined) fail(`Unterminated string starting at ${start}`, start);
        if (d === c) break;
        if (d === '\\') {
          const e = text[i + 1];
          if (e !== '\\' && e !== "'" && e !== '"') {
            fail(`Invalid escape '\\${e ?? ''}' at ${i} (use \\', \\" or \\\\)`, i);
          }
          value += e;
          i += 2;
          continue;
        }
        value += d;
        i++;
      }
      i++;
      tokens.push({ kind: 'string', value, text: text.slice(start, i), pos: start });
      continue;
    }
    if (c === '#') {
      const end = text.indexOf('#', i + 1);
      if (end < 0) fail(`Unterminated date starting at ${start}`, start);
      const body = text.slice(i + 1, end);
      const value = parseDateLiteral(body);
      if (value === null) fail(`Invalid date '#${body}#' at ${start} (write dates as #M/D/YYYY#)`, start);
      i = end + 1;
      tokens.push({ kind: 'date', value: value as string, text: text.slice(start, i), pos: start });
      continue;
    }
    if (isIdentStart(c)) {
      while (isIdentPart(text[i])) i++;
      tokens.push({ kind: 'ident', text: text.slice(start, i), pos: start });
      continue;
    }
    const two = TWO_CHAR_OPS[text.slice(i, i + 2)];
    if (two !== undefined) {
      tokens.push({ kind: 'op', text: two, pos: start });
      i += 2;
      continue;
    }
    if (ONE_CHAR_OPS.has(c)) {
      tokens.push({ kind: 'op', text: c, pos: start });
      i++;
      continue;
    }
    fail(`Unexpected character '${c}' at ${start}`, start);
  }
  tokens.push({ kind: 'eof', text: '', pos: text.length });
  return tokens;
}

// ─── Parser ──────────────────────────────────────────────────────────────────────────────────────────────

/** How bare names and `item` resolve where the parser currently is. */
interface Frame {
  /** Bare names: the line item being tested (`items.any(ProductID = 'X')`), an array element, or nothing. */
  bare: 'line' | 'element' | null;
  /** `item` is the element of an array filter (`order.xp.Tags.any(item = 'a')`) rather than the line item. */
  itemIsElement: boolean;
}

const COMPARISON_OPS = new Set<string>(['=', '<>', '<', '<=', '>', '>=']);
const isKeyword = (name: string) => (KEYWORDS as readonly string[]).includes(name.toLowerCase());

class Parser {
  private index = 0;
  private depth = 0;
  /** Where each node starts (binary nodes: where the operator is), for the static checks' messages. */
  readonly positions = new WeakMap<object, number>();

  constructor(private readonly tokens: Token[]) {}

  private get token(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.token;
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  private isOp(text: string): boolean {
    return this.token.kind === 'op' && this.token.text === text;
  }

  private isWord(word: string): boolean {
    return this.token.kind === 'ident' && this.token.text.toLowerCase() === word;
  }

  private unexpected(token: Token = this.token): never {
    if (token.kind === 'eof') return fail(`Unexpected end of expression at ${token.pos}`, token.pos);
    return fail(`Unexpected token '${token.text}' at ${token.pos}`, token.pos);
  }

  private expectOp(text: string): Token {
    if (!this.isOp(text)) this.unexpected();
    return this.next();
  }

  private at<T extends object>(node: T, pos: number): T {
    this.positions.set(node, pos);
    return node;
  }

  private enter(pos: number): void {
    this.depth++;
    if (this.depth > MAX_NESTING_DEPTH) {
      fail(`Expression is nested too deeply (more than ${MAX_NESTING_DEPTH} levels) at ${pos}`, pos);
    }
  }

  parseAll(): Expr {
    if (this.token.kind === 'eof') fail('Expression is empty', 0);
    const expr = this.expression({ bare: null, itemIsElement: false });
    if (this.token.kind !== 'eof') this.unexpected();
    return expr;
  }

  private expression(frame: Frame): Expr {
    this.enter(this.token.pos);
    const expr = this.or(frame);
    this.depth--;
    return expr;
  }

  private or(frame: Frame): Expr {
    let left = this.and(frame);
    while (this.isWord('or')) {
      const pos = this.next().pos;
      left = this.at({ type: 'binary', op: 'or', left, right: this.and(frame) }, pos);
    }
    return left;
  }

  private and(frame: Frame): Expr {
    let left = this.not(frame);
    while (this.isWord('and')) {
      const pos = this.next().pos;
      left = this.at({ type: 'binary', op: 'and', left, right: this.not(frame) }, pos);
    }
    return left;
  }

  private not(frame: Frame): Expr {
    if (!this.isWord('not')) return this.comparison(frame);
    const pos = this.next().pos;
    this.enter(pos);
    const operand = this.not(frame);
    this.depth--;
    return this.at({ type: 'unary', op: 'not', operand }, pos);
  }

  private comparison(frame: Frame): Expr {
    const left = this.additive(frame);
    if (this.token.kind !== 'op' || !COMPARISON_OPS.has(this.token.text)) return left;
    const opToken = this.next();
    const right = this.additive(frame);
    if (this.token.kind === 'op' && COMPARISON_OPS.has(this.token.text)) {
      fail(`Comparisons cannot be chained at ${this.token.pos}; use parentheses`, this.token.pos);
    }
    return this.at({ type: 'binary', op: opToken.text as ComparisonOp, left, right }, opToken.pos);
  }

  private additive(frame: Frame): Expr {
    let left = this.multiplicative(frame);
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.next();
      const right = this.multiplicative(frame);
      left = this.at({ type: 'binary', op: op.text as BinaryOp, left, right }, op.pos);
    }
    return left;
  }

  private multiplicative(frame: Frame): Expr {
    let left = this.unary(frame);
    while (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
      const op = this.next();
      const right = this.unary(frame);
      left = this.at({ type: 'binary', op: op.text as BinaryOp, left, right }, op.pos);
    }
    return left;
  }

  private unary(frame: Frame): Expr {
    if (!this.isOp('-')) return this.primary(frame);
    const pos = this.next().pos;
    this.enter(pos);
    const operand = this.unary(frame);
    this.depth--;
    return this.at({ type: 'unary', op: '-', operand }, pos);
  }

  private primary(frame: Frame): Expr {
    const token = this.token;
    switch (token.kind) {
      case 'number':
        this.next();
        return this.at({ type: 'number', value: token.value }, token.pos);
      case 'string':
        this.next();
        return this.at({ type: 'string', value: token.value }, token.pos);
      case 'date':
        this.next();
        return this.at({ type: 'date', value: token.value }, token.pos);
      case 'ident':
        return this.identifier(frame);
      case 'op':
        if (token.text === '(') {
          this.next();
          const inner = this.expression(frame);
          this.expectOp(')');
          return inner;
        }
        return this.unexpected();
      default:
        return this.unexpected();
    }
  }

  /** A literal word, a property path, or a function call (`min(…)`, `items.any(…)`, `order.xp.Tags.contains(…)`). */
  private identifier(frame: Frame): Expr {
    const first = this.next();
    const word = first.text.toLowerCase();
    if (word === 'true' || word === 'false')
      return this.at({ type: 'boolean', value: word === 'true' }, first.pos);
    if (word === 'null') return this.at({ type: 'null' }, first.pos);
    if (isKeyword(word)) this.unexpected(first);

    const segments: Token[] = [first];
    while (this.isOp('.')) {
      this.next();
      if (this.token.kind !== 'ident') this.unexpected();
      segments.push(this.next());
    }
    const isCall = this.isOp('(');

    if (segments.length === 1 && isCall) {
      const fn = GLOBAL_FUNCTIONS.find((f) => f === word);
      if (!fn) return fail(`Unknown function '${first.text}' at ${first.pos}`, first.pos);
      const args = this.arguments(frame);
      return this.at({ type: 'call', fn, args }, first.pos);
    }

    if (word === 'items') {
      const fnToken = segments[1];
      if (segments.length !== 2 || !isCall || !fnToken) {
        return fail(
          `'items' must be followed by a function (${ITEMS_FUNCTIONS.join(', ')}) at ${first.pos}`,
          first.pos,
        );
      }
      const fn = ITEMS_FUNCTIONS.find((f) => f === fnToken.text.toLowerCase());
      if (!fn) return fail(`Unknown function '${fnToken.text}' at ${fnToken.pos}`, fnToken.pos);
      const filter = this.optionalFilter(`items.${fn}`, { bare: 'line', itemIsElement: false });
      return this.at({ type: 'items', fn: fn as ItemsFn, filter }, first.pos);
    }

    if (!isCall) return this.path(segments, frame);

    // A function called on a property: the last segment names it.
    const method = segments[segments.length - 1] as Token;
    const name = method.text.toLowerCase();
    const targetSegments = segments.slice(0, -1);
    if (name === 'approved' && targetSegments.length === 1 && word === 'order') {
      const args = this.arguments(frame);
      return this.at({ type: 'call', fn: 'approved', args }, first.pos);
    }
    const target = this.path(targetSegments, frame);
    if (CATEGORY_FUNCTIONS.includes(name as CategoryFn)) {
      const args = this.arguments(frame);
      if (args.length !== 1) fail(`${method.text}() takes one category ID at ${method.pos}`, method.pos);
      return this.at(
        { type: 'category', fn: name as CategoryFn, target, category: args[0] as Expr },
        first.pos,
      );
    }
    if (name === 'contains') {
      const args = this.arguments(frame);
      if (args.length !== 1) fail(`contains() takes one value at ${method.pos}`, method.pos);
      return this.at({ type: 'contains', target, value: args[0] as Expr }, first.pos);
    }
    if (ARRAY_FUNCTIONS.includes(name as ArrayFn)) {
      const filter = this.optionalFilter(name, { bare: 'element', itemIsElement: true });
      return this.at({ type: 'array', fn: name as ArrayFn, target, filter }, first.pos);
    }
    if (name === 'in') {
      const args = this.arguments(frame);
      return this.at({ type: 'call', fn: 'in', args: [target, ...args] }, first.pos);
    }
    return fail(`Unknown function '${method.text}' at ${method.pos}`, method.pos);
  }

  private path(segments: Token[], frame: Frame): PathExpr {
    const [first, ...rest] = segments as [Token, ...Token[]];
    const word = first.text.toLowerCase();
    const names = rest.map((t) => t.text);
    let node: PathExpr;
    if (word === 'order') node = { type: 'path', scope: 'order', path: names };
    else if (word === 'user') node = { type: 'path', scope: 'user', path: names };
    else if (word === 'item')
      node = { type: 'path', scope: frame.itemIsElement ? 'element' : 'item', path: names };
    else if (frame.bare !== null) node = { type: 'path', scope: frame.bare, path: [first.text, ...names] };
    else {
      return fail(
        `Unknown identifier '${first.text}' at ${first.pos}: expressions start with order, items, item or user`,
        first.pos,
      );
    }
    return this.at(node, first.pos);
  }

  private arguments(frame: Frame): Expr[] {
    this.expectOp('(');
    const args: Expr[] = [];
    if (this.isOp(')')) {
      this.next();
      return args;
    }
    for (;;) {
      args.push(this.expression(frame));
      if (this.isOp(')')) {
        this.next();
        return args;
      }
      this.expectOp(',');
    }
  }

  private optionalFilter(name: string, frame: Frame): Expr | null {
    const open = this.token;
    const args = this.arguments(frame);
    if (args.length > 1) fail(`${name}() takes one filter at ${open.pos}`, open.pos);
    return args[0] ?? null;
  }
}

// ─── Static checks ───────────────────────────────────────────────────────────────────────────────────────

type StaticType = 'boolean' | 'number' | 'string' | 'date' | 'null' | 'unknown';

const article = (t: StaticType) => (t === 'unknown' ? 'a value' : t === 'null' ? 'null' : `a ${t}`);

class Checker {
  usesItem = false;

  constructor(
    private readonly positions: WeakMap<object, number>,
    private readonly options: ParseOptions,
  ) {}

  private fail(message: string, node: Expr): never {
    const pos = this.positions.get(node) ?? 0;
    return fail(`${message} (at ${pos})`, pos);
  }

  private bool(node: Expr, what: string): void {
    const t = this.type(node);
    if (t !== 'boolean' && t !== 'unknown' && t !== 'null')
      this.fail(`${what} needs a boolean, not ${article(t)}`, node);
  }

  private num(node: Expr, what: string): void {
    const t = this.type(node);
    if (t !== 'number' && t !== 'unknown') this.fail(`${what} needs a number, not ${article(t)}`, node);
  }

  type(node: Expr): StaticType {
    switch (node.type) {
      case 'number':
      case 'string':
      case 'boolean':
      case 'null':
      case 'date':
        return node.type;
      case 'path':
        if (node.scope === 'item') {
          this.usesItem = true;
          if (!this.options.lineItemLevel)
            this.fail("'item' can only be used in line-item-level promotions", node);
        }
        return 'unknown';
      case 'unary':
        if (node.op === 'not') {
          this.bool(node.operand, "'not'");
          return 'boolean';
        }
        this.num(node.operand, "'-'");
        return 'number';
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.call(node);
      case 'items':
      case 'array':
        if (node.type === 'array') this.type(node.target);
        if (node.filter) this.bool(node.filter, `The filter of ${node.fn}()`);
        return node.fn === 'any' || node.fn === 'all' ? 'boolean' : 'number';
      case 'contains':
        this.type(node.target);
        this.type(node.value);
        return 'boolean';
      case 'category': {
        this.type(node.target);
        const last = node.target.path[node.target.path.length - 1];
        if (last?.toLowerCase() !== 'product') {
          this.fail(`${node.fn}() applies to a product, e.g. product.${node.fn}('CategoryID')`, node);
        }
        const t = this.type(node.category);
        if (t !== 'string' && t !== 'unknown')
          this.fail(`${node.fn}() needs a category ID, not ${article(t)}`, node);
        return 'boolean';
      }
    }
  }

  private binary(node: Extract<Expr, { type: 'binary' }>): StaticType {
    const { op } = node;
    if (op === 'and' || op === 'or') {
      this.bool(node.left, `'${op}'`);
      this.bool(node.right, `'${op}'`);
      return 'boolean';
    }
    if (op === '+' || op === '-' || op === '*' || op === '/' || op === '%') {
      this.num(node.left, `'${op}'`);
      this.num(node.right, `'${op}'`);
      return 'number';
    }
    const left = this.type(node.left);
    const right = this.type(node.right);
    if (
      op !== '=' &&
      op !== '<>' &&
      (left === 'null' || right === 'null' || left === 'boolean' || right === 'boolean')
    ) {
      this.fail(
        `'${op}' cannot compare ${article(left === 'null' || left === 'boolean' ? left : right)}`,
        node,
      );
    }
    const known = (t: StaticType) => t !== 'unknown' && t !== 'null';
    const compatible =
      left === right || (left === 'date' && right === 'string') || (left === 'string' && right === 'date');
    if (known(left) && known(right) && !compatible) {
      this.fail(`Cannot compare ${article(left)} with ${article(right)}`, node);
    }
    return 'boolean';
  }

  private call(node: Extract<Expr, { type: 'call' }>): StaticType {
    const { fn, args } = node;
    const arity = (ok: boolean, expected: string) => {
      if (!ok) this.fail(`${fn}() takes ${expected}, not ${args.length}`, node);
    };
    switch (fn) {
      case 'min':
      case 'max':
        arity(args.length >= 2, 'two or more numbers');
        for (const a of args) this.num(a, `${fn}()`);
        return 'number';
      case 'round':
        arity(args.length === 1 || args.length === 2, 'a number and optionally a number of decimals');
        for (const a of args) this.num(a, 'round()');
        return 'number';
      case 'if': {
        arity(args.length === 3, 'a condition and two values');
        const [condition, a, b] = args as [Expr, Expr, Expr];
        this.bool(condition, 'The condition of if()');
        return this.unify([this.type(a), this.type(b)]);
      }
      case 'ifs': {
        arity(args.length >= 3 && args.length % 2 === 1, 'pairs of condition and value, then a default');
        const results: StaticType[] = [];
        args.forEach((a, i) => {
          if (i % 2 === 0 && i < args.length - 1) this.bool(a, 'A condition of ifs()');
          else results.push(this.type(a));
        });
        return this.unify(results);
      }
      case 'in':
        arity(args.length >= 2, 'a value and one or more candidates');
        for (const a of args) this.type(a);
        return 'boolean';
      case 'approved': {
        arity(args.length === 1, 'one approval rule ID');
        const t = this.type(args[0] as Expr);
        if (t !== 'string' && t !== 'unknown')
          this.fail(`approved() needs a rule ID, not ${article(t)}`, node);
        return 'boolean';
      }
    }
  }

  private unify(types: StaticType[]): StaticType {
    const known = types.filter((t) => t !== 'unknown' && t !== 'null');
    const first = known[0];
    return first !== undefined && known.every((t) => t === first) && known.length === types.length
      ? first
      : 'unknown';
  }
}

// ─── Entry points ────────────────────────────────────────────────────────────────────────────────────────

function syntax(text: unknown): { ast: Expr; positions: WeakMap<object, number> } {
  if (typeof text !== 'string') return fail('Expression must be a string', 0);
  if (text.length > MAX_EXPRESSION_LENGTH) {
    fail(`Expression is longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
  }
  const parser = new Parser(tokenize(text));
  return { ast: parser.parseAll(), positions: parser.positions };
}

function guard(run: () => Expr): ParseResult {
  try {
    return { ok: true, ast: run() };
  } catch (error) {
    if (error instanceof SyntaxFailure)
      return { ok: false, error: { message: error.message, position: error.position } };
    throw error;
  }
}

/**
 * Parses without the static checks (types, arity, `item` outside line-item-level promotions): the tree
 * exactly as written. For tools and tests; services use `parseExpression`.
 */
export function parseSyntax(text: string): ParseResult {
  return guard(() => syntax(text).ast);
}

/**
 * Parses an expression that must produce a `kind` value, with the static checks: known functions and roots,
 * argument counts, operand types where they are known from the text, and `item` only (and, for a
 * line-item-level EligibleExpression, necessarily) in line-item-level promotions.
 */
export function parseExpression(text: string, kind: ExpressionKind, options: ParseOptions = {}): ParseResult {
  return guard(() => {
    const { ast, positions } = syntax(text);
    const checker = new Checker(positions, options);
    const type = checker.type(ast);
    if (type !== kind && type !== 'unknown') fail(`Expected a ${kind} expression`, 0);
    if (options.lineItemLevel && kind === 'boolean' && !checker.usesItem) {
      fail("A line-item-level promotion's EligibleExpression must use item, e.g. item.ProductID = 'X'", 0);
    }
    return ast;
  });
}

/** For resources: `null` when the expression is acceptable, otherwise the problem (a 400's message). */
export function validateExpression(
  text: string,
  kind: ExpressionKind,
  options: ParseOptions = {},
): ExpressionError | null {
  const result = parseExpression(text, kind, options);
  return result.ok ? null : result.error;
}
