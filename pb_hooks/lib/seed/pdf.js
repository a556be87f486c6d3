// A small PDF 1.4 writer for the seeded session materials: A4 pages, the
// standard Helvetica fonts, wrapped text, checkboxes, tables, boxes and lines.
// Text is ASCII only so string length equals byte length for the xref table.

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 32;

// Approximate Helvetica advance widths (per 1 pt of font size), erring wide so lines never overflow.
function charWidth(ch, bold) {
  let width;
  if (" ".includes(ch)) width = 0.28;
  else if ("ijlI.,:;'|!".includes(ch)) width = 0.28;
  else if ("ftr()[]-/".includes(ch)) width = 0.36;
  else if ("mwMW@".includes(ch)) width = 0.9;
  else if (ch >= "A" && ch <= "Z") width = 0.7;
  else if (ch >= "0" && ch <= "9") width = 0.56;
  else width = 0.56;
  return bold ? width * 1.07 : width;
}

function textWidth(text, size, bold) {
  let total = 0;
  for (const ch of text) total += charWidth(ch, bold);
  return total * size;
}

function wrap(text, size, bold, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function escapeText(text) {
  return text.replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)");
}

function asciiOnly(text) {
  return String(text)
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7E]/g, "");
}

function createLayout() {
  const pages = [];
  let ops = null;
  let y = 0;

  function newPage() {
    ops = [];
    pages.push(ops);
    y = PAGE_HEIGHT - MARGIN;
  }

  function ensureSpace(height) {
    if (!ops || y - height < MARGIN + 20) newPage();
  }

  function text(x, baseline, content, size, bold, grey) {
    const colour = grey ? "0.35 0.35 0.4 rg" : "0.1 0.1 0.15 rg";
    ops.push(`BT ${colour} /${bold ? "F2" : "F1"} ${size} Tf ${x.toFixed(2)} ${baseline.toFixed(2)} Td (${escapeText(asciiOnly(content))}) Tj ET`);
  }

  function rect(x, top, width, height, fill) {
    const shape = `${x.toFixed(2)} ${(top - height).toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)} re`;
    ops.push(fill ? `0.92 0.93 0.97 rg ${shape} f` : `0.6 w 0.3 0.3 0.4 RG ${shape} S`);
  }

  function line(x1, y1, x2, y2) {
    ops.push(`0.4 w 0.7 0.7 0.75 RG ${x1.toFixed(2)} ${y1.toFixed(2)} m ${x2.toFixed(2)} ${y2.toFixed(2)} l S`);
  }

  function paragraph(content, { size = 10.5, bold = false, grey = false, indent = 0, gap = 6 } = {}) {
    const leading = size * 1.35;
    for (const row of wrap(asciiOnly(content), size, bold, CONTENT_WIDTH - indent)) {
      ensureSpace(leading);
      y -= leading;
      text(MARGIN + indent, y, row, size, bold, grey);
    }
    y -= gap;
  }

  const blocks = {
    title: (block) => paragraph(block.text, { size: 20, bold: true, gap: 4 }),
    subtitle: (block) => paragraph(block.text, { size: 11, grey: true, gap: 14 }),
    heading: (block) => {
      // Keep a heading with the start of what follows it.
      ensureSpace(90);
      y -= 6;
      paragraph(block.text, { size: 13, bold: true, gap: 4 });
    },
    paragraph: (block) => paragraph(block.text),
    bullet: (block) => {
      ensureSpace(15);
      text(MARGIN + 4, y - 14.2, "-", 10.5, false, false);
      paragraph(block.text, { indent: 16, gap: 3 });
    },
    checkbox: (block) => {
      ensureSpace(16);
      rect(MARGIN + 2, y - 5.2, 9, 9, false);
      paragraph(block.text, { indent: 20, gap: 5 });
    },
    lines: (block) => {
      for (let i = 0; i < block.count; i += 1) {
        ensureSpace(22);
        y -= 22;
        line(MARGIN, y, MARGIN + CONTENT_WIDTH, y);
      }
      y -= 8;
    },
    box: (block) => {
      const height = block.height || 90;
      ensureSpace(height + 8);
      rect(MARGIN, y, CONTENT_WIDTH, height, false);
      text(MARGIN + 8, y - 16, block.title, 11, true, false);
      wrap(asciiOnly(block.hint), 9, false, CONTENT_WIDTH - 16).forEach((row, index) => {
        text(MARGIN + 8, y - 30 - index * 11.5, row, 9, false, true);
      });
      y -= height + 8;
    },
    table: (block) => {
      const total = block.columns.reduce((sum, column) => sum + column.width, 0);
      const widths = block.columns.map((column) => (column.width / total) * CONTENT_WIDTH);
      const measure = (cells, header) => {
        const size = header ? 9.5 : 9;
        const wrapped = cells.map((cell, index) => wrap(asciiOnly(cell), size, header, widths[index] - 10));
        const height = Math.max(header ? 18 : block.minRowHeight || 18, ...wrapped.map((rows) => rows.length * size * 1.3 + 8));
        return { size, wrapped, height, header };
      };
      const drawRow = ({ size, wrapped, height, header }) => {
        ensureSpace(height);
        if (header) rect(MARGIN, y, CONTENT_WIDTH, height, true);
        let x = MARGIN;
        wrapped.forEach((rows, index) => {
          rect(x, y, widths[index], height, false);
          rows.forEach((row, rowIndex) => text(x + 5, y - 4 - size - rowIndex * size * 1.3, row, size, header, false));
          x += widths[index];
        });
        y -= height;
      };
      const header = measure(block.columns.map((column) => column.title), true);
      const rows = block.rows.map((row) => measure(row, false));
      // Keep the header with the first row.
      ensureSpace(header.height + (rows.length ? rows[0].height : 0));
      drawRow(header);
      rows.forEach(drawRow);
      y -= 12;
    },
    spacer: (block) => {
      y -= block.height || 10;
    },
    pageBreak: () => newPage(),
  };

  return {
    add(block) {
      const render = blocks[block.type];
      if (!render) throw new Error(`Unknown PDF block type: ${block.type}`);
      render(block);
    },
    finish(footer) {
      pages.forEach((pageOps, index) => {
        const label = `${footer} - page ${index + 1} of ${pages.length}`;
        pageOps.push(`BT 0.45 0.45 0.5 rg /F1 8 Tf ${MARGIN} ${FOOTER_Y} Td (${escapeText(asciiOnly(label))}) Tj ET`);
      });
      return pages.map((pageOps) => pageOps.join("\n"));
    },
  };
}

function serialise(contents, title) {
  const objects = [];
  const pageCount = contents.length;
  const firstPageObject = 5;
  const kids = contents.map((_, index) => `${firstPageObject + index * 2} 0 R`).join(" ");

  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  contents.forEach((stream, index) => {
    const contentObject = firstPageObject + index * 2 + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentObject} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  objects.push(`<< /Title (${escapeText(asciiOnly(title))}) /Author (AI Champions Masterclass) /Producer (AI Champions Masterclass seed) >>`);
  const infoObject = objects.length;

  let out = "%PDF-1.4\n";
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoObject} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return out;
}

/**
 * Renders a document ({title, footer, blocks}) to the text of a PDF file.
 * @param {{title: string, footer: string, blocks: Array<{type: string}>}} doc
 * @returns {string}
 */
function renderPdf(doc) {
  const layout = createLayout();
  doc.blocks.forEach((block) => layout.add(block));
  return serialise(layout.finish(doc.footer), doc.title);
}

module.exports = { renderPdf };
