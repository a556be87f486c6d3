// The business case as a PDF (A4), made in the browser with jsPDF; loaded only
// when Download PDF is pressed. The built-in Helvetica covers Western European
// text; a character it cannot show (another script, a symbol) is written as
// its nearest plain form or '?', never as garbled bytes.
import { jsPDF } from 'jspdf';
import type { CaseDocument, DocumentBlock } from './caseDocument';

const PAGE = { width: 210, height: 297, margin: 18 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const NAVY: [number, number, number] = [27, 42, 74];
const GREY: [number, number, number] = [102, 102, 102];
const BLACK: [number, number, number] = [20, 20, 20];
const LINE_MM = 0.3528 * 1.35;

/** Characters the standard fonts lack, in a form they have. */
const PLAIN: Record<string, string> = { '−': '-', 'Σ': 'sum of ', '÷': '÷', '≥': '>=', '≤': '<=', '≠': '!=', '→': '->', '\u00a0': ' ', '\u202f': ' ' };
// Windows-1252's printable range beyond Latin-1 (what Helvetica's WinAnsi encoding can show).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function plainText(text: string): string {
  return [...text]
    .map((char) => PLAIN[char] ?? char)
    .join('')
    .replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, (char) => (WIN_ANSI_EXTRA.has(char) ? char : '?'));
}

class Writer {
  readonly pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  private y = PAGE.margin;

  private room(height: number) {
    if (this.y + height <= PAGE.height - PAGE.margin) return;
    this.pdf.addPage();
    this.y = PAGE.margin;
  }

  text(text: string, { size = 10.5, bold = false, italic = false, color = BLACK, indent = 0, after = 2 }: { size?: number; bold?: boolean; italic?: boolean; color?: [number, number, number]; indent?: number; after?: number } = {}) {
    this.pdf.setFont('helvetica', bold ? (italic ? 'bolditalic' : 'bold') : italic ? 'italic' : 'normal');
    this.pdf.setFontSize(size);
    this.pdf.setTextColor(...color);
    const lines: string[] = this.pdf.splitTextToSize(plainText(text), WIDTH - indent);
    const lineHeight = size * LINE_MM;
    for (const line of lines) {
      this.room(lineHeight);
      this.pdf.text(line, PAGE.margin + indent, this.y + lineHeight * 0.8);
      this.y += lineHeight;
    }
    this.y += after;
  }

  bullet(text: string) {
    this.room(10.5 * LINE_MM);
    this.pdf.setFont('helvetica', 'normal');
    this.pdf.setFontSize(10.5);
    this.pdf.setTextColor(...BLACK);
    this.pdf.text('•', PAGE.margin + 1, this.y + 10.5 * LINE_MM * 0.8);
    this.text(text, { indent: 5, after: 1 });
  }

  table(header: [string, string], rows: [string, string][]) {
    const columns = [WIDTH * 0.5, WIDTH * 0.5];
    const pad = 1.8;
    const row = (cells: [string, string], head: boolean) => {
      this.pdf.setFont('helvetica', head ? 'bold' : 'normal');
      this.pdf.setFontSize(10);
      const wrapped = cells.map((text, index) => this.pdf.splitTextToSize(plainText(text), columns[index]! - 2 * pad) as string[]);
      const lineHeight = 10 * LINE_MM;
      const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + 2 * pad;
      this.room(height);
      if (head) {
        this.pdf.setFillColor(238, 241, 246);
        this.pdf.rect(PAGE.margin, this.y, WIDTH, height, 'F');
      }
      this.pdf.setDrawColor(191, 191, 191);
      let x = PAGE.margin;
      wrapped.forEach((lines, index) => {
        this.pdf.rect(x, this.y, columns[index]!, height);
        this.pdf.setTextColor(...BLACK);
        lines.forEach((line, n) => this.pdf.text(line, x + pad, this.y + pad + lineHeight * (n + 0.8)));
        x += columns[index]!;
      });
      this.y += height;
    };
    row(header, true);
    rows.forEach((cells) => row(cells, false));
    this.y += 3;
  }

  block(item: DocumentBlock) {
    if (item.kind === 'paragraph') this.text(item.text, item.note ? { italic: true, color: GREY } : {});
    else if (item.kind === 'list') item.items.forEach((text) => this.bullet(text));
    else this.table(item.header, item.rows);
  }

  heading(title: string) {
    this.room(20);
    this.y += 3;
    this.text(title, { size: 13, bold: true, color: NAVY, after: 2 });
  }
}

export function casePdf(doc: CaseDocument): jsPDF {
  const writer = new Writer();
  writer.pdf.setProperties({ title: plainText(doc.title), creator: 'AI Champions Masterclass' });
  writer.text(doc.title, { size: 20, bold: true, color: NAVY, after: 1 });
  writer.text(doc.subtitle, { size: 10, color: GREY, after: 4 });
  for (const section of doc.sections) {
    writer.heading(section.title);
    section.blocks.forEach((item) => writer.block(item));
  }
  return writer.pdf;
}

/** The PDF file, ready to download. */
export function casePdfBlob(doc: CaseDocument): Blob {
  return casePdf(doc).output('blob');
}
