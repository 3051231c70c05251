import {
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { ProductSheet } from './product-sheet';

/**
 * The master specification of a SKU as a Word document (.docx, what spec writers paste from): the CSI
 * MasterFormat section heading, the basis-of-design sentence and the table of section, product,
 * catalogue number, standards, material and finish — the same rows as the page's
 * master-specifications table, in the page's language. Written with `docx`.
 */
export function renderMasterSpecDocx(sheet: ProductSheet): Promise<Buffer> {
  const spec = sheet.masterSpec;
  const border = { style: BorderStyle.SINGLE, size: 4, color: '9AA5B1' };
  const borders = { top: border, bottom: border, left: border, right: border };
  const cell = (text: string, bold: boolean, width: number) =>
    new TableCell({
      borders,
      width: { size: width, type: WidthType.PERCENTAGE },
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
    });
  const document = new Document({
    creator: sheet.siteName,
    title: `${spec.sectionNumber} ${spec.sectionTitle} – ${sheet.product.id}`,
    description: spec.basisOfDesign,
    sections: [
      {
        children: [
          new Paragraph({ text: sheet.siteName, heading: HeadingLevel.HEADING_3 }),
          new Paragraph({ text: spec.heading, heading: HeadingLevel.TITLE }),
          new Paragraph({
            text: `${spec.sectionNumber} – ${spec.sectionTitle}`,
            heading: HeadingLevel.HEADING_1,
          }),
          new Paragraph({ children: [new TextRun(spec.basisOfDesign)] }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: spec.rows.map(
              (row) => new TableRow({ children: [cell(row.label, true, 35), cell(row.value, false, 65)] }),
            ),
          }),
          new Paragraph({
            children: [new TextRun({ text: sheet.labels.generated, italics: true, size: 16 })],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
