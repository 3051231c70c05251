import type { QuoteRequest } from '@catalogue/outbox/documents';
import {
  Buyers,
  IntegrationEvents,
  type LineItem,
  LineItems,
  Me,
  type OrderWorksheet,
} from 'ordercloud-javascript-sdk';
import Papa from 'papaparse';
import type { VerifiedUser } from '../auth/verify-token';
import { configureInProcessCommerce } from '../data/commerce-sdk';
import { ProjectError, projectErrorOf } from './commerce-projects';
import { canonicalCatalogueNumber, importColumns } from './import-columns';

/**
 * Project files (issue 9 item 5): the export of a project as the quote request's CSV and PDF
 * (`@catalogue/outbox/documents`, the builders the sales team's mail uses), and the import of lines from
 * a CSV of catalogue numbers and quantities. Everything goes through the SDK with the caller's token:
 * a buyer reaches their own projects (`Outgoing`), the seller's administrator the submitted ones it
 * received (`Incoming`), anyone else gets the service's 404.
 */

const options = (token: string) => ({ accessToken: token });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The direction in which the caller reaches projects: sellers receive them, buyers send them. */
export function directionOf(user: VerifiedUser): 'Incoming' | 'Outgoing' {
  return user.userType === 'admin' ? 'Incoming' : 'Outgoing';
}

/**
 * The project's worksheet as the caller reaches it. The seller's FullAccess would reach projects still
 * being built too: it gets submitted ones only, like the sales inbox.
 */
export async function projectSheet(
  token: string,
  user: VerifiedUser,
  orderId: string,
): Promise<OrderWorksheet> {
  configureInProcessCommerce();
  let sheet: OrderWorksheet;
  try {
    sheet = await IntegrationEvents.GetWorksheet(directionOf(user), orderId, options(token));
  } catch (error) {
    throw projectErrorOf(error);
  }
  if (directionOf(user) === 'Incoming' && !sheet.Order?.IsSubmitted)
    throw new ProjectError(`Order not found: ${orderId}`, 404);
  return sheet;
}

/** The company's name when the caller may read the company (the seller; a buyer their own), else its ID. */
async function companyName(token: string, companyId: string): Promise<string> {
  if (!companyId) return '';
  try {
    return (await Buyers.Get(companyId, options(token))).Name || companyId;
  } catch {
    return companyId;
  }
}

/** The worksheet as the documents' model. */
export async function projectDocumentOf(token: string, sheet: OrderWorksheet): Promise<QuoteRequest> {
  const order = sheet.Order ?? {};
  const xp = (order.xp ?? {}) as Record<string, unknown>;
  const from = order.FromUser;
  const companyId = order.FromCompanyID ?? '';
  return {
    orderId: order.ID ?? '',
    projectName: text(xp.projectName) || (order.ID ?? ''),
    projectDesc: text(xp.projectDesc),
    regionName: text(xp.regionName),
    brand: text(xp.brand),
    submittedAt: order.DateSubmitted ? new Date(order.DateSubmitted) : null,
    company: { id: companyId, name: await companyName(token, companyId) },
    user: {
      username: from?.Username ?? order.FromUserID ?? '',
      firstName: from?.FirstName ?? '',
      lastName: from?.LastName ?? '',
      email: from?.Email ?? '',
    },
    lines: (sheet.LineItems ?? []).map((line) => ({
      productId: line.ProductID ?? '',
      name: line.Product?.Name || (line.ProductID ?? ''),
      quantity: line.Quantity ?? 0,
      packagingOption: text((line.xp as Record<string, unknown> | undefined)?.packagingOption),
    })),
  };
}

/** A file name from the project's name: letters, digits and dashes. */
export function exportFileName(document: QuoteRequest, extension: 'csv' | 'pdf'): string {
  const stem =
    document.projectName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .slice(0, 60) || 'project';
  return `${stem}-${document.orderId}.${extension}`;
}

// ---------------------------------------------------------------------------------------------------
// Import

export type ImportStatus = 'added' | 'merged' | 'unknown' | 'bad-quantity' | 'refused';

export interface ImportLine {
  /** The line of the file (1 = the first line, the header counts). */
  line: number;
  catalogueNumber: string;
  quantity: number | null;
  status: ImportStatus;
  message?: string;
}

export interface ImportReport {
  /** True when the lines were added; false when nothing changed (all or nothing). */
  applied: boolean;
  lines: ImportLine[];
}

/** The largest CSV accepted, and the most lines. */
export const MAX_IMPORT_BYTES = 256 * 1024;
export const MAX_IMPORT_LINES = 500;

/** What a catalogue number may hold: no list-filter operators (`*`, `|`, `!`, `<`, `>`). */
const CATALOGUE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._\-/ ]{0,99}$/;

interface CsvRow {
  line: number;
  catalogueNumber: string;
  quantityText: string;
}

/** Why a file has no rows to import: a code the page words in its language, with its numbers. */
export type ImportFileProblem =
  | { code: 'empty' }
  | { code: 'header-only' }
  | { code: 'unreadable'; line: number }
  | { code: 'too-many-lines'; max: number };

/**
 * The rows of an uploaded CSV (papaparse: quotes, `,` `;` or tab delimiters, BOM, Excel's `sep=` first
 * line), each with the line of the file it starts on. A first row naming a catalogue-number and a
 * quantity column in any of the site's languages is a header (`import-columns.ts`; so the export's own
 * CSV imports, and `Katalognummer;Menge`); otherwise the first column is the catalogue number and the
 * second the quantity. Blank lines are skipped.
 */
export function parseImportCsv(csv: string): { rows: CsvRow[] } | ({ error: string } & ImportFileProblem) {
  let source = csv.replace(/^\uFEFF/, '');
  const records: { line: number; cells: string[] }[] = [];
  let unreadable: { message: string; line: number } | null = null;
  let offset = 0;
  let line = 1;
  // Excel writes `sep=;` as the first line of a CSV it means to read back with that delimiter.
  const declared = /^sep=(.)\s*?(\r\n|\n|\r)/i.exec(source);
  if (declared) {
    source = source.slice(declared[0].length);
    line = 2;
  }
  Papa.parse<string[]>(source, {
    delimiter: declared?.[1] ?? delimiterOf(source),
    step: (result) => {
      const cursor = result.meta.cursor;
      const start = line;
      line += countLineBreaks(source.slice(offset, cursor));
      offset = cursor;
      const fatal = result.errors.find((e) => e.type === 'Quotes');
      if (fatal && !unreadable) unreadable = { message: fatal.message, line: start };
      const cells = result.data.map((c) => String(c ?? '').trim());
      if (cells.some((c) => c !== '')) records.push({ line: start, cells });
    },
  });
  // Set inside papaparse's callback, which TypeScript's narrowing of `unreadable` (to null) cannot see.
  const broken = unreadable as { message: string; line: number } | null;
  if (broken)
    return {
      error: `The CSV cannot be read: ${broken.message} (line ${broken.line}).`,
      code: 'unreadable',
      line: broken.line,
    };
  if (records.length === 0) return { error: 'The CSV has no lines.', code: 'empty' };
  const columns = importColumns(records[0]?.cells ?? []);
  const numberColumn = columns?.number ?? 0;
  const quantityColumn = columns?.quantity ?? 1;
  const rows = records.slice(columns ? 1 : 0).map((record) => ({
    line: record.line,
    catalogueNumber: record.cells[numberColumn] ?? '',
    quantityText: record.cells[quantityColumn] ?? '',
  }));
  if (rows.length === 0) return { error: 'The CSV has a header but no lines.', code: 'header-only' };
  if (rows.length > MAX_IMPORT_LINES)
    return {
      error: `The CSV has more than ${MAX_IMPORT_LINES} lines.`,
      code: 'too-many-lines',
      max: MAX_IMPORT_LINES,
    };
  return { rows };
}

/** The delimiter of the first non-blank line: the most frequent of `,` `;` and tab outside quotes. */
function delimiterOf(source: string): string {
  const first = source.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const unquoted = first.replace(/"[^"]*"/g, '');
  let best = ',';
  let count = 0;
  for (const candidate of [',', ';', '\t']) {
    const n = unquoted.split(candidate).length - 1;
    if (n > count) {
      best = candidate;
      count = n;
    }
  }
  return best;
}

/** Line breaks in a piece of the file (CRLF, LF or CR each count once). */
function countLineBreaks(text: string): number {
  return text.match(/\r\n|\n|\r/g)?.length ?? 0;
}

function quantityOf(text: string): number | null {
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= 999_999 ? value : null;
}

/**
 * The products among the typed catalogue numbers the caller can order, by upper-cased ID → ID. Each
 * number is looked up as typed and in its canonical form (`emt 050 10` → `EMT-050-10`).
 */
async function visibleProducts(token: string, typed: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const forms = typed.flatMap((number) => [number.toUpperCase(), canonicalCatalogueNumber(number)]);
  const unique = [...new Set(forms.filter((id) => CATALOGUE_NUMBER.test(id)))];
  for (let i = 0; i < unique.length; i += 50) {
    const chunk = unique.slice(i, i + 50);
    const page = await Me.ListProducts({ filters: { ID: chunk.join('|') }, pageSize: 100 }, options(token));
    for (const product of page.Items) found.set(product.ID.toUpperCase(), product.ID);
  }
  return found;
}

/**
 * The product a typed catalogue number names: as typed (any case), else in its canonical form. `known`
 * holds only products found by a form that passed `CATALOGUE_NUMBER`, so no other form finds anything.
 */
function productOf(known: Map<string, string>, typed: string): string | undefined {
  return known.get(typed.toUpperCase()) ?? known.get(canonicalCatalogueNumber(typed));
}

/**
 * Imports the rows into the caller's unsubmitted project, all or nothing: every row is checked first
 * (known catalogue number the caller can order, whole quantity 1–999999); a number given twice, or
 * already on the project, adds its quantity to that one line ("merged"). If any row is refused —
 * by these checks or by the commerce service (stock, quantity rules) — the changes already made are
 * undone and nothing is kept (`applied: false`); the report names every row's status.
 */
export async function importLines(token: string, orderId: string, rows: CsvRow[]): Promise<ImportReport> {
  configureInProcessCommerce();
  let sheet: OrderWorksheet;
  let known: Map<string, string>;
  try {
    sheet = await IntegrationEvents.GetWorksheet('Outgoing', orderId, options(token));
    if (sheet.Order?.Status !== 'Unsubmitted' || sheet.Order?.IsSubmitted)
      throw new ProjectError('The project has been submitted; it cannot be changed.', 409);
    const candidates = rows.map((r) => r.catalogueNumber).filter((n) => n !== '');
    known = candidates.length ? await visibleProducts(token, candidates) : new Map();
  } catch (error) {
    throw error instanceof ProjectError ? error : projectErrorOf(error);
  }
  const existing = new Map<string, LineItem>();
  for (const line of sheet.LineItems ?? []) {
    if (line.ProductID && !existing.has(line.ProductID)) existing.set(line.ProductID, line);
  }
  const report: ImportLine[] = [];
  /** Planned quantities per product: what to add, and which report rows share the product. */
  const planned = new Map<string, { add: number; rows: ImportLine[] }>();
  for (const row of rows) {
    const quantity = quantityOf(row.quantityText);
    const productId = productOf(known, row.catalogueNumber);
    const entry: ImportLine = {
      line: row.line,
      catalogueNumber: row.catalogueNumber,
      quantity,
      status: 'added',
    };
    report.push(entry);
    if (!productId) {
      entry.status = 'unknown';
      entry.message = row.catalogueNumber ? 'unknown catalogue number' : 'no catalogue number';
      continue;
    }
    entry.catalogueNumber = productId;
    if (quantity === null) {
      entry.status = 'bad-quantity';
      entry.message = 'the quantity must be a whole number from 1 to 999999';
      continue;
    }
    const plan = planned.get(productId);
    if (plan) {
      plan.add += quantity;
      entry.status = 'merged';
      entry.message = `added to the quantity of line ${plan.rows[0]?.line}`;
      plan.rows.push(entry);
    } else {
      planned.set(productId, { add: quantity, rows: [entry] });
      if (existing.has(productId)) {
        entry.status = 'merged';
        entry.message = 'added to the quantity already on the project';
      }
    }
  }
  if (report.some((r) => r.status === 'unknown' || r.status === 'bad-quantity'))
    return { applied: false, lines: report };

  const undo: (() => Promise<unknown>)[] = [];
  for (const [productId, plan] of planned) {
    const line = existing.get(productId);
    try {
      if (line?.ID) {
        const lineId = line.ID;
        const before = line.Quantity ?? 0;
        await LineItems.Patch('Outgoing', orderId, lineId, { Quantity: before + plan.add }, options(token));
        undo.push(() => LineItems.Patch('Outgoing', orderId, lineId, { Quantity: before }, options(token)));
      } else {
        const created = await LineItems.Create(
          'Outgoing',
          orderId,
          { ProductID: productId, Quantity: plan.add },
          options(token),
        );
        undo.push(() => LineItems.Delete('Outgoing', orderId, created.ID, options(token)));
      }
    } catch (error) {
      const refusal = projectErrorOf(error);
      if (refusal.status >= 500) {
        await runUndo(undo);
        throw refusal;
      }
      for (const entry of plan.rows) {
        entry.status = 'refused';
        entry.message = refusal.message;
      }
      await runUndo(undo);
      return { applied: false, lines: report };
    }
  }
  return { applied: true, lines: report };
}

async function runUndo(steps: (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error('[projects] could not undo part of an import:', error);
    }
  }
}
