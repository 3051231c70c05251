import type { Translate } from '../../i18n/translator';

/** The codes the import route gives a file it cannot take (`ImportFileProblem`, and 413). */
export type ImportProblemCode = 'empty' | 'header-only' | 'unreadable' | 'too-many-lines' | 'too-large';

/** The texts of `ProjectFileActions`, from the dictionary (`files.*`). */
export interface FileActionTexts {
  title: string;
  exportCsv: string;
  exportPdf: string;
  importTitle: string;
  importHint: string;
  file: string;
  import: string;
  importing: string;
  applied: string;
  notApplied: string;
  failed: string;
  /** Said whenever an import changed nothing. */
  nothingImported: string;
  /** Why a file had nothing to import (`{line}`, `{max}` filled in by the form). */
  problems: Record<ImportProblemCode, string>;
  report: string;
  line: string;
  catalogueNumber: string;
  quantity: string;
  status: string;
  statuses: Record<'added' | 'merged' | 'unknown' | 'bad-quantity' | 'refused', string>;
  readOnly: string;
}

/** English, for a caller without a dictionary at hand. */
export const ENGLISH_FILE_ACTION_TEXTS: FileActionTexts = {
  title: 'Files',
  exportCsv: 'Download as CSV',
  exportPdf: 'Printable PDF',
  importTitle: 'Import lines from a CSV file',
  importHint:
    'One line per product: catalogue number, quantity. A header row is optional. Either every line is added or none.',
  file: 'CSV file',
  import: 'Import',
  importing: 'Importing…',
  applied: 'The lines were added to the project.',
  notApplied: 'Nothing was imported: correct the lines marked below and try again.',
  failed: 'The file could not be imported.',
  nothingImported: 'Nothing was imported.',
  problems: {
    empty: 'The file has no lines.',
    'header-only': 'The file has a header row but no lines below it.',
    unreadable: 'Line {line} cannot be read: a quotation mark is not closed.',
    'too-many-lines': 'The file has more than {max} lines: split it into several files.',
    'too-large': 'The file is larger than {max} KB.',
  },
  report: 'Import report',
  line: 'Line',
  catalogueNumber: 'Catalogue number',
  quantity: 'Quantity',
  status: 'Result',
  statuses: {
    added: 'added',
    merged: 'duplicate merged',
    unknown: 'unknown catalogue number',
    'bad-quantity': 'invalid quantity',
    refused: 'refused',
  },
  readOnly: 'The project has been submitted: it can be exported, not changed.',
};

export function fileActionTexts(t: Translate): FileActionTexts {
  return {
    title: t('files.title'),
    exportCsv: t('files.exportCsv'),
    exportPdf: t('files.exportPdf'),
    importTitle: t('files.importTitle'),
    importHint: t('files.importHint'),
    file: t('files.file'),
    import: t('files.import'),
    importing: t('files.importing'),
    applied: t('files.applied'),
    notApplied: t('files.notApplied'),
    failed: t('files.failed'),
    nothingImported: t('files.nothingImported'),
    problems: {
      empty: t('files.problem.empty'),
      'header-only': t('files.problem.headerOnly'),
      unreadable: t('files.problem.unreadable'),
      'too-many-lines': t('files.problem.tooManyLines'),
      'too-large': t('files.problem.tooLarge'),
    },
    report: t('files.report'),
    line: t('files.line'),
    catalogueNumber: t('product.catalogueNumber'),
    quantity: t('sales.quantity'),
    status: t('files.status'),
    statuses: {
      added: t('files.status.added'),
      merged: t('files.status.merged'),
      unknown: t('files.status.unknown'),
      'bad-quantity': t('files.status.badQuantity'),
      refused: t('files.status.refused'),
    },
    readOnly: t('files.readOnly'),
  };
}

/** What the import route answers when it takes nothing from the file. */
export interface ImportRefusal {
  error?: string;
  code?: string;
  line?: number;
  max?: number;
}

/**
 * The sentence for an import that took nothing: always "Nothing was imported.", then why — in the page's
 * language when the route gave a known code, else its own message, else the general failure.
 */
export function importFailureText(texts: FileActionTexts, refusal: ImportRefusal | null): string {
  const code = refusal?.code;
  const template =
    code && Object.hasOwn(texts.problems, code) ? texts.problems[code as ImportProblemCode] : null;
  const reason = template
    ? template.replace(/\{(line|max)\}/g, (placeholder, name: 'line' | 'max') =>
        String(refusal?.[name] ?? placeholder),
      )
    : refusal?.error || texts.failed;
  return `${texts.nothingImported} ${reason}`;
}
