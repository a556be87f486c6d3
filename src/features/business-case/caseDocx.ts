// The business case as a Word document (.docx), made in the browser with the
// `docx` library; loaded only when Download Word is pressed.
import { AlignmentType, BorderStyle, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { CaseDocument, DocumentBlock } from './caseDocument';

const NAVY = '1B2A4A';
const GREY = '666666';
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'BFBFBF' };

/** A line break inside a paragraph the user typed keeps its place. */
function runs(text: string, options: { bold?: boolean; italics?: boolean; color?: string } = {}): TextRun[] {
  return text.split('\n').map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : undefined, ...options }));
}

function cell(text: string, header: boolean): TableCell {
  return new TableCell({
    children: [new Paragraph({ children: runs(text, { bold: header }) })],
    shading: header ? { fill: 'EEF1F6' } : undefined,
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
  });
}

function block(item: DocumentBlock): (Paragraph | Table)[] {
  if (item.kind === 'paragraph') {
    return [new Paragraph({ children: runs(item.text, item.note ? { italics: true, color: GREY } : {}), spacing: { after: 120 } })];
  }
  if (item.kind === 'list') return item.items.map((text) => new Paragraph({ children: runs(text), bullet: { level: 0 } }));
  return [
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER },
      rows: [
        new TableRow({ tableHeader: true, children: item.header.map((text) => cell(text, true)) }),
        ...item.rows.map((row) => new TableRow({ children: row.map((text) => cell(text, false)) })),
      ],
    }),
    new Paragraph({ text: '' }),
  ];
}

export function caseDocx(doc: CaseDocument): Document {
  return new Document({
    title: doc.title,
    creator: 'AI Champions Masterclass',
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.LEFT, children: [new TextRun({ text: doc.title, color: NAVY, bold: true })] }),
          new Paragraph({ children: [new TextRun({ text: doc.subtitle, color: GREY })], spacing: { after: 240 } }),
          ...doc.sections.flatMap((section) => [
            new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: section.title, color: NAVY })], spacing: { before: 240, after: 120 } }),
            ...section.blocks.flatMap(block),
          ]),
        ],
      },
    ],
  });
}

/** The .docx file, ready to download. */
export function caseDocxBlob(doc: CaseDocument): Promise<Blob> {
  return Packer.toBlob(caseDocx(doc));
}
