import PDFDocument from 'pdfkit';
import { type PackagingLabels, packagingText } from './packaging';
import { drawTable } from './pdf-table';

/**
 * What a quote request is about: the submitted project (order), its company, user and lines. The
 * storefront's project export (`/api/projects/{id}/export.csv|pdf`) builds the same documents, also for
 * projects not submitted yet (`submittedAt: null`).
 */
export interface QuoteRequest {
  orderId: string;
  projectName: string;
  projectDesc: string;
  regionName: string;
  brand: string;
  submittedAt: Date | null;
  company: { id: string; name: string };
  /** `emailVerified`: whether the user confirmed `email` (only then may mail go to it). */
  user: { username: string; firstName: string; lastName: string; email: string; emailVerified?: boolean };
  /** `packagingOption`: the stored code (`bulk`), never printed as it is: the files print its label. */
  lines: { productId: string; name: string; quantity: number; packagingOption: string }[];
}

/**
 * The project details the marketing-automation push carries (`projectDetails`, issue 9): the quote
 * request's push and the storefront's `postProjectDetailsPardot`, both built from the stored project.
 */
export function projectDetails(quote: QuoteRequest) {
  return {
    projectId: quote.orderId,
    projectName: quote.projectName,
    projectDesc: quote.projectDesc,
    regionName: quote.regionName,
    brand: quote.brand,
    submittedAt: quote.submittedAt?.toISOString() ?? null,
    company: quote.company,
    user: {
      username: quote.user.username,
      firstName: quote.user.firstName,
      lastName: quote.user.lastName,
      email: quote.user.email,
    },
    lines: quote.lines,
  };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formulas defused. */
function field(value: string | number): string {
  let text = String(value);
  // A cell starting with = + - @ would be a formula in a spreadsheet (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The project as CSV; packaging as its label in `packaging`, the reader's language. */
export function quoteCsv(quote: QuoteRequest, packaging: PackagingLabels): string {
  const header = [
    'Project ID',
    'Project',
    'Company',
    'User',
    'Email',
    'Region',
    'Submitted',
    'Catalogue number',
    'Product',
    'Quantity',
    'Packaging',
  ];
  const rows = quote.lines.map((line) => [
    quote.orderId,
    quote.projectName,
    quote.company.name,
    `${quote.user.firstName} ${quote.user.lastName}`.trim(),
    quote.user.email,
    quote.regionName,
    quote.submittedAt ? quote.submittedAt.toISOString() : '',
    line.productId,
    line.name,
    line.quantity,
    packagingText(line.packagingOption, packaging),
  ]);
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/**
 * The project as a printable A4 PDF: details, then the lines as a table (`pdf-table.ts`: columns sized by
 * the font's metrics, rows as tall as their wrapped text, the header repeated on each new page).
 * `heading` starts the title: "Quote request" for the sales team, "Project" for an export; packaging is
 * printed as its label in `packaging`, the reader's language.
 */
export function quotePdf(quote: QuoteRequest, heading: string, packaging: PackagingLabels): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `${heading} ${quote.projectName}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(`${heading}: ${quote.projectName}`);
    doc.moveDown(0.5).font('Helvetica').fontSize(10);
    const details: [string, string][] = [
      ['Project ID', quote.orderId],
      ['Company', `${quote.company.name} (${quote.company.id})`],
      [
        'Requested by',
        `${quote.user.firstName} ${quote.user.lastName} <${quote.user.email}> (${quote.user.username})`,
      ],
      ['Region', quote.regionName || '–'],
      ['Brand', quote.brand || '–'],
      [
        'Submitted',
        quote.submittedAt
          ? `${quote.submittedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`
          : 'not submitted',
      ],
    ];
    for (const [label, value] of details) doc.text(`${label}: ${value}`);
    if (quote.projectDesc) doc.moveDown(0.5).text(quote.projectDesc);
    doc.moveDown();
    drawTable(
      doc,
      [
        { header: 'Catalogue number' },
        { header: 'Product', grow: true },
        { header: 'Quantity', numeric: true },
        { header: 'Packaging' },
      ],
      quote.lines.map((line) => [
        line.productId,
        line.name,
        String(line.quantity),
        packagingText(line.packagingOption, packaging) || '–',
      ]),
    );
    doc.end();
  });
}
