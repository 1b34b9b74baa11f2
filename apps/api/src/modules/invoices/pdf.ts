import PDFDocument from 'pdfkit';
import { formatEuro } from '../payments/money.ts';

/**
 * Invoice and credit note PDFs (issue 22, DECISIONS §14), drawn with pdfkit and its built-in Helvetica (no font files;
 * WinAnsi covers €). Everything shown comes from `DocumentData`: the service fills it from the payment, the buyer's
 * billing details and the seller's environment (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID).
 */

export interface Party {
  name: string;
  email?: string;
  company?: string;
  address: string;
  taxId: string;
}

export interface DocumentLine {
  description: string;
  qty: number;
  /** null: no exact unit price (a credit note whose amount does not divide by its seats). */
  unitCents: number | null;
  totalCents: number;
}

export interface DocumentData {
  kind: 'invoice' | 'credit-note';
  number: string;
  date: Date;
  seller: Party;
  buyer: Party;
  lines: DocumentLine[];
  /** The coupon and what it took off (invoices). */
  coupon: { code: string; discountCents: number } | null;
  totalCents: number;
  currency: string;
  paymentMethod: string;
  paymentDate: Date;
  /** Credit notes: the invoice they correct. */
  correctsInvoice?: string | null;
  /** Credit notes: seats refunded. */
  seats?: number;
}

const MARGIN = 50;
const dateText = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Renders the document; `compress: false` keeps the text streams readable (tests may read them either way). */
export function renderDocumentPdf(data: DocumentData, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: {
      Title: `${data.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${data.number}`,
      Author: data.seller.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, data);
  doc.end();
  return done;
}

function party(doc: PDFKit.PDFDocument, title: string, p: Party, x: number, y: number, width: number) {
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#666666').text(title.toUpperCase(), x, y, { width });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text(p.company || p.name, { width });
  doc.font('Helvetica').fontSize(10);
  if (p.company && p.name) doc.text(p.name, { width });
  for (const line of p.address.split('\n').filter((l) => l.trim() !== '')) doc.text(line, { width });
  if (p.email) doc.text(p.email, { width });
  if (p.taxId) doc.text(`Tax ID: ${p.taxId}`, { width });
  return doc.y;
}

function draw(doc: PDFKit.PDFDocument, d: DocumentData) {
  const width = doc.page.width - MARGIN * 2;
  const isInvoice = d.kind === 'invoice';
  const money = (cents: number) => (d.currency.toLowerCase() === 'eur' ? formatEuro(cents) : `${cents / 100}`);

  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(isInvoice ? 'Invoice' : 'Credit note', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(`Number: ${d.number}`);
  doc.text(`Date: ${dateText(d.date)}`);
  if (!isInvoice && d.correctsInvoice) doc.text(`Corrects invoice: ${d.correctsInvoice}`);

  const top = doc.y + 20;
  const half = width / 2 - 10;
  const leftEnd = party(doc, 'Seller', d.seller, MARGIN, top, half);
  const rightEnd = party(doc, 'Bill to', d.buyer, MARGIN + width / 2 + 10, top, half);

  // Lines: description | seats | unit price | amount.
  const cols = [MARGIN, MARGIN + width * 0.52, MARGIN + width * 0.64, MARGIN + width * 0.82];
  const colWidths = [width * 0.5, width * 0.1, width * 0.16, width * 0.18];
  let y = Math.max(leftEnd, rightEnd) + 30;
  const row = (cells: string[], bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000');
    const heights = cells.map((cell, i) =>
      doc.heightOfString(cell, { width: colWidths[i]!, align: i === 0 ? 'left' : 'right' }),
    );
    cells.forEach((cell, i) =>
      doc.text(cell, cols[i]!, y, { width: colWidths[i]!, align: i === 0 ? 'left' : 'right' }),
    );
    y += Math.max(...heights) + 8;
  };
  row(['Description', 'Seats', 'Unit price', 'Amount'], true);
  doc
    .moveTo(MARGIN, y - 4)
    .lineTo(MARGIN + width, y - 4)
    .strokeColor('#999999')
    .stroke();
  for (const line of d.lines)
    row([
      line.description,
      String(line.qty),
      line.unitCents === null ? '' : money(line.unitCents),
      money(line.totalCents),
    ]);
  if (d.coupon && d.coupon.discountCents > 0) {
    row([`Coupon ${d.coupon.code}`, '', '', `-${money(d.coupon.discountCents)}`]);
  } else if (d.coupon) {
    row([`Coupon ${d.coupon.code}`, '', '', money(0)]);
  }
  doc
    .moveTo(MARGIN, y - 4)
    .lineTo(MARGIN + width, y - 4)
    .strokeColor('#999999')
    .stroke();
  row(
    [
      isInvoice ? `Total (${d.currency.toUpperCase()})` : `Credited (${d.currency.toUpperCase()})`,
      '',
      '',
      money(d.totalCents),
    ],
    true,
  );

  y += 16;
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(`Payment method: ${d.paymentMethod}`, MARGIN, y, { width });
  doc.text(`${isInvoice ? 'Paid on' : 'Refunded on'}: ${dateText(d.paymentDate)}`, { width });
  if (!isInvoice) {
    doc.moveDown();
    doc.text(
      `This credit note corrects invoice ${d.correctsInvoice ?? '(none)'}: ${money(d.totalCents)} refunded` +
        (d.seats !== undefined ? ` for ${d.seats} seat(s).` : '.'),
      { width },
    );
  }
}
