import type { Expr, PathExpr } from './ast';

/**
 * Prints a tree back as expression text with as few parentheses as the precedence needs; `parseSyntax` of
 * the result gives the same tree (the property tests check this).
 */
export function printExpression(node: Expr): string {
  return print(node, 0);
}

/** Binding strength, loosest first: or, and, not, comparisons, + -, * / %, unary -, operands. */
function precedence(node: Expr): number {
  switch (node.type) {
    case 'binary':
      switch (node.op) {
        case 'or':
          return 1;
        case 'and':
          return 2;
        case '+':
        case '-':
          return 5;
        case '*':
        case '/':
        case '%':
          return 6;
        default:
          return 4;
      }
    case 'unary':
      return node.op === 'not' ? 3 : 7;
    case 'number':
      return node.value < 0 || Object.is(node.value, -0) ? 7 : 8;
    default:
      return 8;
  }
}

function print(node: Expr, min: number): string {
  const text = printBare(node);
  return precedence(node) < min ? `(${text})` : text;
}

function printBare(node: Expr): string {
  switch (node.type) {
    case 'number':
      return plainNumber(node.value);
    case 'string':
      return quote(node.value);
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'date':
      return printDate(node.value);
    case 'path':
      return printPath(node);
    case 'unary': {
      if (node.op === 'not') return `not ${print(node.operand, 3)}`;
      return `-${print(node.operand, 7)}`;
    }
    case 'binary': {
      const p = precedence(node);
      if (p === 4) return `${print(node.left, 5)} ${node.op} ${print(node.right, 5)}`;
      return `${print(node.left, p)} ${node.op} ${print(node.right, p + 1)}`;
    }
    case 'call': {
      const args = node.args.map((a) => print(a, 0)).join(', ');
      return node.fn === 'approved' ? `order.approved(${args})` : `${node.fn}(${args})`;
    }
    case 'items':
      return `items.${node.fn}(${node.filter ? print(node.filter, 0) : ''})`;
    case 'array':
      return `${printPath(node.target)}.${node.fn}(${node.filter ? print(node.filter, 0) : ''})`;
    case 'contains':
      return `${printPath(node.target)}.contains(${print(node.value, 0)})`;
    case 'category':
      return `${printPath(node.target)}.${node.fn}(${print(node.category, 0)})`;
  }
}

function printPath(node: PathExpr): string {
  const head = node.scope === 'line' ? [] : [node.scope === 'element' ? 'item' : node.scope];
  return [...head, ...node.path].join('.');
}

function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A number as plain decimal digits (the syntax has no exponents); negative numbers in parentheses. */
export function plainNumber(value: number): string {
  if (value < 0 || Object.is(value, -0)) return `(-${plainNumber(-value)})`;
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

function printDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(iso);
  if (!match) return `#${iso}#`;
  const [, y, mo, d, h, mi, s] = match;
  const day = `${Number(mo)}/${Number(d)}/${y}`;
  return h === '00' && mi === '00' && s === '00' ? `#${day}#` : `#${day} ${h}:${mi}:${s}#`;
}
