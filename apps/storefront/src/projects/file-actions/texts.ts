import type { Translate } from '../../i18n/translator';

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
  report: 'Import report',
  line: 'Line',
  catalogueNumber: 'Catalogue number',
  quantity: 'Quantity',
  status: 'Result',
  statuses: {
    added: 'added',
    merged: 'duplicate merged',
    unknown: 'unknown catalogue number',
    'bad-quantity': 'bad quantity',
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
