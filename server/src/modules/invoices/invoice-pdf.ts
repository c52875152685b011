import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { amountInWords } from '../../common/number-words.js';
import { stateName } from '../business/business.public.js';
import { quantityWithUnit, perUnit } from '../products/products.public.js';
import type { InvoiceAddress, InvoiceDocument, InvoiceParty } from './invoice-document.js';
import { INVOICE_TEXTS, type InvoiceTexts } from './invoice-texts.js';

/**
 * An invoice as a PDF (A4), drawn with pdfkit. Text is shaped by fontkit (pdfkit's layout engine),
 * which applies the font's OpenType rules for Devanagari: conjuncts, half forms, the i-matra placed
 * before its consonant, reph above the next one. The font is Noto Sans Devanagari (Latin letters and
 * ₹ included), embedded as a subset; `invoice-shaping.test.ts` checks fontkit's shaping against
 * HarfBuzz's for every Hindi word the invoice prints. Each text carries its own Unicode as the PDF's
 * ActualText, so copying or extracting it gives the words in reading order (shaping puts the
 * i-matra's glyph first).
 */

const require = createRequire(import.meta.url);
const FONT_DIR = '@expo-google-fonts/noto-sans-devanagari';
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/** The two weights, read once per process. */
export function invoiceFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve(`${FONT_DIR}/400Regular/NotoSansDevanagari_400Regular.ttf`)),
    bold: readFileSync(require.resolve(`${FONT_DIR}/700Bold/NotoSansDevanagari_700Bold.ttf`)),
  };
  return fonts;
}

let faces: { regular: fontkit.Font; bold: fontkit.Font } | null = null;
/**
 * The two weights parsed once per process (fontkit's tables: cmap, GSUB, GPOS...; about 70 ms of CPU a document
 * when each document parsed its own), each with a fresh glyph cache for every document: fontkit keeps the code
 * points a glyph was first seen for, and pdfkit writes them into the document's ToUnicode map, so a glyph cached by
 * an earlier invoice would change what a later one's text extracts as (`invoice-pdf.test.ts` checks that an
 * invoice's bytes do not depend on the invoices drawn before it).
 */
function invoiceFaces(): { regular: fontkit.Font; bold: fontkit.Font } {
  faces ??= { regular: fontkit.create(invoiceFonts().regular) as fontkit.Font, bold: fontkit.create(invoiceFonts().bold) as fontkit.Font };
  for (const face of [faces.regular, faces.bold]) (face as unknown as { _glyphs: Record<number, unknown> })._glyphs = {};
  return faces;
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const GREY = '#555555';
const LINE = '#999999';

/**
 * The text as drawn: without the zero-width joiners (ZWJ, ZWNJ) some keyboards put inside a
 * conjunct to ask for a half form. fontkit gives their glyph a space's width where HarfBuzz gives it
 * none, which would open a gap inside the word; without them the font draws its usual conjunct.
 * The ActualText keeps the text as it was written.
 */
export const drawnText = (value: string): string => value.replace(/[\u200C\u200D]/g, '');

/** Rupees with Indian grouping and always two decimals: ₹1,20,000.00. */
export function invoiceAmount(paise: bigint): string {
  const rupees = (paise / 100n).toString();
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},${last3}` : last3}.${(paise % 100n).toString().padStart(2, '0')}`;
}

/** A date as it is in India: 27/11/2026. */
const INDIAN_DATE = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });
export const invoiceDate = (at: Date): string => INDIAN_DATE.format(at);

interface TextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  size?: number;
  color?: string;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** Draws one invoice; the document's fields decide everything shown. */
class InvoiceDrawing {
  private readonly pdf: PDFKit.PDFDocument;
  private readonly t: InvoiceTexts;
  private y = PAGE.margin;

  constructor(private readonly doc: InvoiceDocument) {
    this.t = INVOICE_TEXTS[doc.language];
    const title = doc.kind === 'tax_invoice' ? this.t.taxInvoice : this.t.billOfSupply;
    this.pdf = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      lang: doc.language === 'hi' ? 'hi-IN' : 'en-IN',
      info: { Title: `${title} ${doc.number}`, Author: doc.seller.name, Creator: 'Bol Bazaar', CreationDate: doc.issuedAt },
    });
    // pdfkit takes a fontkit font as it takes the file's bytes (it would parse those itself).
    const { regular, bold } = invoiceFaces();
    this.pdf.registerFont('regular', regular as unknown as Buffer);
    this.pdf.registerFont('bold', bold as unknown as Buffer);
  }

  /** Writes `text` at (x, y) and answers its height; its Unicode goes with it as ActualText. */
  private text(value: string, x: number, y: number, o: TextOptions = {}): number {
    const p = this.pdf;
    p.font(o.bold ? 'bold' : 'regular').fontSize(o.size ?? 9).fillColor(o.color ?? '#000000');
    const opts = { width: o.width ?? WIDTH, align: o.align ?? 'left', lineGap: 1 } as const;
    const drawn = drawnText(value);
    p.markContent('Span', { actual: value });
    p.text(drawn, x, y, opts);
    p.endMarkedContent();
    return p.heightOfString(drawn, opts);
  }

  private height(value: string, width: number, o: TextOptions = {}): number {
    this.pdf.font(o.bold ? 'bold' : 'regular').fontSize(o.size ?? 9);
    return this.pdf.heightOfString(drawnText(value), { width, lineGap: 1 });
  }

  /** Starts a new page unless `height` more fits above the foot. */
  private room(height: number): void {
    if (this.y + height <= PAGE.height - PAGE.margin - 40) return;
    this.pdf.addPage();
    this.y = PAGE.margin;
  }

  private rule(y: number, color = LINE): void {
    this.pdf.moveTo(PAGE.margin, y).lineTo(PAGE.margin + WIDTH, y).lineWidth(0.5).strokeColor(color).stroke();
  }

  render(): PDFKit.PDFDocument {
    this.header();
    this.parties();
    this.table();
    this.totals();
    this.notes();
    this.footers();
    return this.pdf;
  }

  private header(): void {
    const d = this.doc;
    const m = PAGE.margin;
    this.text(d.kind === 'tax_invoice' ? this.t.taxInvoice : this.t.billOfSupply, m, m, { bold: true, size: 18 });
    const right = { width: 220, align: 'right' as const };
    let y = m;
    y += this.text(`${this.t.number}: ${d.number}`, m + WIDTH - 220, y, { ...right, bold: true, size: 10 });
    y += this.text(`${this.t.date}: ${invoiceDate(d.issuedAt)}`, m + WIDTH - 220, y, right);
    y += this.text(`${this.t.order}: ${d.orderReference}`, m + WIDTH - 220, y, right);
    this.y = Math.max(y, m + 26) + 10;
    this.rule(this.y);
    this.y += 8;
  }

  private partyLines(p: InvoiceParty): string[] {
    const lines: string[] = [];
    if (p.tradeName && p.tradeName !== p.name) lines.push(p.tradeName);
    if (p.address) lines.push(...addressLines(p.address, this.doc.language, this.t));
    lines.push(p.gstin ? `GSTIN: ${p.gstin}` : this.t.unregistered);
    return lines;
  }

  private parties(): void {
    const half = (WIDTH - 20) / 2;
    const column = (label: string, party: InvoiceParty, x: number): number => {
      let y = this.y;
      y += this.text(label, x, y, { width: half, size: 8, color: GREY });
      y += this.text(party.name, x, y, { width: half, bold: true, size: 11 });
      for (const line of this.partyLines(party)) y += this.text(line, x, y, { width: half });
      return y;
    };
    const bottom = Math.max(column(this.t.seller, this.doc.seller, PAGE.margin), column(this.t.buyer, this.doc.buyer, PAGE.margin + half + 20));
    this.y = bottom + 8;
    // A bill of supply between parties who gave no address has no place of supply to state.
    const place = this.doc.placeOfSupply ? `${this.t.placeOfSupply}: ${stateName(this.doc.placeOfSupply, this.doc.language)} (${this.doc.placeOfSupply})` : '';
    const line = this.doc.kind === 'tax_invoice' ? `${place}    ${this.t.reverseCharge}`.trim() : place;
    if (line) this.y += this.text(line, PAGE.margin, this.y);
    this.y += 8;
  }

  private columns(): Column[] {
    const t = this.t;
    const l = (title: string, width: number): Column => ({ title, width, align: 'left' });
    const r = (title: string, width: number): Column => ({ title, width, align: 'right' });
    switch (this.doc.supply) {
      case 'intra':
        return [l('#', 16), l(t.item, 128), r(t.quantity, 62), r(t.rate, 62), r(t.taxable, 66), r('CGST', 62), r('SGST', 62), r(t.total, 65)];
      case 'inter':
        return [l('#', 16), l(t.item, 152), r(t.quantity, 66), r(t.rate, 66), r(t.taxable, 72), r('IGST', 76), r(t.total, 75)];
      default:
        return [l('#', 16), l(t.item, 211), r(t.quantity, 80), r(t.rate, 100), r(t.total, 116)];
    }
  }

  /** The cells of each line, in the columns' order. */
  private rows(): string[][] {
    const { doc } = this;
    const lang = doc.language;
    return doc.lines.map((line, i) => {
      const item = line.hsnCode ? `${line.description}\nHSN ${line.hsnCode}` : line.description;
      const half = `${line.gstRate / 2}%`;
      const cells = [String(i + 1), item, quantityWithUnit(line.quantity, line.unit, lang), `${invoiceAmount(line.unitPricePaise)}\n/ ${perUnit(line.unit, lang)}`];
      if (doc.supply === 'intra') cells.push(invoiceAmount(line.taxablePaise), `${invoiceAmount(line.cgstPaise)}\n${half}`, `${invoiceAmount(line.sgstPaise)}\n${half}`);
      if (doc.supply === 'inter') cells.push(invoiceAmount(line.taxablePaise), `${invoiceAmount(line.igstPaise)}\n${line.gstRate}%`);
      cells.push(invoiceAmount(line.totalPaise));
      return cells;
    });
  }

  private drawRow(columns: Column[], cells: string[], bold: boolean): void {
    const pad = 3;
    const heights = cells.map((c, i) => this.height(c, columns[i].width - 2 * pad, { bold, size: 8 }));
    const h = Math.max(...heights) + 2 * pad;
    const page = this.pdf.bufferedPageRange().count;
    this.room(h);
    if (!bold && this.pdf.bufferedPageRange().count > page) this.drawRow(columns, columns.map((c) => c.title), true);
    let x = PAGE.margin;
    cells.forEach((c, i) => {
      this.text(c, x + pad, this.y + pad, { width: columns[i].width - 2 * pad, align: columns[i].align, bold, size: 8 });
      x += columns[i].width;
    });
    this.y += h;
    this.rule(this.y, bold ? '#000000' : LINE);
  }

  private table(): void {
    const columns = this.columns();
    this.rule(this.y, '#000000');
    this.drawRow(columns, columns.map((c) => c.title), true);
    for (const cells of this.rows()) this.drawRow(columns, cells, false);
    this.y += 8;
  }

  private totals(): void {
    const { totals, supply } = this.doc;
    const rows: Array<[string, bigint]> = [];
    if (supply !== 'none') {
      rows.push([this.t.taxable, totals.taxablePaise]);
      if (supply === 'intra') rows.push(['CGST', totals.cgstPaise], ['SGST', totals.sgstPaise]);
      else rows.push(['IGST', totals.igstPaise]);
      rows.push([this.t.totalTax, totals.taxPaise]);
    }
    const x = PAGE.margin + WIDTH - 260;
    const words = `${this.t.inWords}: ${amountInWords(totals.totalPaise, this.doc.language)}`;
    this.room(rows.length * 13 + 30 + this.height(words, WIDTH, { bold: true }));
    for (const [label, paise] of rows) {
      this.text(label, x, this.y, { width: 150 });
      this.y += this.text(invoiceAmount(paise), x + 150, this.y, { width: 110, align: 'right' });
    }
    this.pdf.moveTo(x, this.y + 2).lineTo(x + 260, this.y + 2).lineWidth(0.8).strokeColor('#000000').stroke();
    this.y += 5;
    this.text(this.t.total, x, this.y, { width: 150, bold: true, size: 11 });
    this.y += this.text(invoiceAmount(totals.totalPaise), x + 150, this.y, { width: 110, align: 'right', bold: true, size: 11 });
    this.y += 6;
    this.y += this.text(words, PAGE.margin, this.y, { bold: true });
    this.y += 10;
  }

  private notes(): void {
    const d = this.doc;
    const notes = [d.kind === 'tax_invoice' ? (d.pricesIncludeGst ? this.t.pricesInclude : this.t.pricesExclude) : this.t.noTax];
    if (d.payment?.receivedAt) notes.push(this.t.paid(d.payment.utr, invoiceDate(d.payment.receivedAt)));
    this.room(notes.reduce((h, n) => h + this.height(n, WIDTH), 0) + 40);
    for (const note of notes) this.y += this.text(note, PAGE.margin, this.y, { color: GREY });
    this.y += 24;
    this.text(this.t.forSeller(d.seller.name), PAGE.margin + WIDTH - 260, this.y, { width: 260, align: 'right', bold: true });
  }

  /** Every page's foot: the computer-made note and the page number. */
  private footers(): void {
    const { start, count } = this.pdf.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.pdf.switchToPage(i);
      const y = PAGE.height - PAGE.margin - 12;
      // Below the bottom margin pdfkit would start a new page: write without it for the foot.
      this.pdf.page.margins.bottom = 0;
      this.text(this.t.computerMade, PAGE.margin, y, { width: WIDTH - 90, size: 7, color: GREY });
      this.text(this.t.page(i - start + 1, count), PAGE.margin + WIDTH - 90, y, { width: 90, align: 'right', size: 7, color: GREY });
    }
  }
}

function addressLines(a: InvoiceAddress, lang: 'en' | 'hi', t: InvoiceTexts): string[] {
  return [a.line1, `${a.city} ${a.pincode}`.trim(), `${t.state}: ${stateName(a.state, lang)} (${a.state})`];
}

/** The invoice's PDF bytes. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new InvoiceDrawing(doc).render();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}
