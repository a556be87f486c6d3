// The layout of a tax invoice or adjustment note on A4 (invoice.go reads and
// checks the document; invoice_text.go sets the text in the fonts of
// invoice_fonts.go; invoice_pdf.go writes the file). Lengths are in mm from
// the page's top-left corner, type sizes in pt.
//
// What must read as one line stays on one line: the seller's name, the
// facts' values (the date of issue, the numbers), the totals and the footer
// shrink to fit their space (down to a floor), and only a value that does
// not fit even then wraps (or, in the footer, ends in "…").
package main

import (
	"fmt"
	"strings"
	"time"
)

// Page geometry (mm) and type sizes (pt).
const (
	pageMargin   = 18.0
	bodySize     = 9.5
	smallSize    = 8.0
	titleSize    = 22.0
	minimumSize  = 6.5 // the smallest a line shrinks to before it wraps
	lineHeight   = 4.6
	ruleGrey     = 200
	headingGrey  = 90
	footerHeight = 10.0
)

type invoiceLayout struct {
	pdf    *pdfWriter
	text   *typesetter
	y      float64 // the next line's top
	usable float64 // the width between the margins
}

// baseline of a line of `size` pt in a cell of `height` mm whose top is y
// (the text's middle at the cell's, as fpdf put it).
func baseline(y, height, size float64) float64 {
	return y + height/2 + 0.3*size/ptPerMm
}

func (l *invoiceLayout) drawLine(line textLine, x, y, width, height float64, align string, level int) {
	left := x
	lineWidth := line.width / ptPerMm
	switch align {
	case "R":
		left = x + width - lineWidth
	case "C":
		left = x + (width-lineWidth)/2
	}
	l.pdf.text(line, left, baseline(y, height, line.size), level)
}

// paragraph sets text wrapped to `width` at (x, y), each line `height` high;
// returns the height used.
func (l *invoiceLayout) paragraph(x, y, width, height float64, text string, bold bool, size float64, align string, level int) float64 {
	lines := l.text.lines(text, bold, size, width*ptPerMm)
	for index, line := range lines {
		l.drawLine(line, x, y+float64(index)*height, width, height, align, level)
	}
	return float64(len(lines)) * height
}

// fitSize: the size (at most `size`, at least minimumSize) at which text fits
// `width` on one line, and whether it fits at all.
func (l *invoiceLayout) fitSize(text string, bold bool, size, width float64) (float64, bool) {
	natural := l.text.width(text, bold, size) / ptPerMm
	if natural <= width {
		return size, true
	}
	shrunk := size * width / natural * 0.995
	if shrunk >= minimumSize {
		return shrunk, true
	}
	return minimumSize, false
}

// oneLine sets text on one line of `width`, shrunk to fit; text too long even
// at the smallest size wraps. Returns the height used.
func (l *invoiceLayout) oneLine(x, y, width, height float64, text string, bold bool, size float64, align string, level int) float64 {
	fitted, fits := l.fitSize(text, bold, size, width)
	if !fits {
		return l.paragraph(x, y, width, height, text, bold, fitted, align, level)
	}
	lines := l.text.lines(text, bold, fitted, 0)
	for index, line := range lines {
		l.drawLine(line, x, y+float64(index)*height, width, height, align, level)
	}
	return float64(len(lines)) * height
}

// lineCount: how many lines text takes wrapped to width.
func (l *invoiceLayout) lineCount(text string, bold bool, size, width float64) int {
	return len(l.text.lines(text, bold, size, width*ptPerMm))
}

// drawInvoice lays the checked document out and returns the PDF's bytes.
func drawInvoice(doc *invoiceDocument) ([]byte, error) {
	text, err := newTypesetter()
	if err != nil {
		return nil, err
	}
	l := &invoiceLayout{pdf: newPdfWriter(), text: text, usable: a4Width - 2*pageMargin}
	bottom := a4High - pageMargin - footerHeight
	newPage := func() {
		l.pdf.addPage()
		l.y = pageMargin
	}
	newPage()
	usable := l.usable

	// Title
	l.y += l.oneLine(pageMargin, l.y, usable, 11, doc.Title, true, titleSize, "L", 0)
	l.y += 3

	// Seller (left) and facts (right), side by side
	top := l.y
	leftWidth := usable * 0.45
	for index, line := range doc.Seller {
		if index == 0 {
			// the legal name on one line
			l.y += l.oneLine(pageMargin, l.y, leftWidth-4, lineHeight+0.4, line, true, bodySize+1.5, "L", 0)
			continue
		}
		l.y += l.paragraph(pageMargin, l.y, leftWidth-4, lineHeight+0.4, line, false, bodySize, "L", 0)
	}
	sellerBottom := l.y

	l.y = top
	factsX := pageMargin + leftWidth
	factsWidth := usable - leftWidth
	labelWidth, valueWidth := 0.0, 0.0
	for _, fact := range doc.Facts {
		labelWidth = max(labelWidth, l.text.width(cell(fact, 0), false, bodySize)/ptPerMm+3)
		valueWidth = max(valueWidth, l.text.width(cell(fact, 1), true, bodySize)/ptPerMm)
	}
	// the values on one line first: a label wraps before a value does
	labelWidth = min(labelWidth, max(factsWidth-valueWidth, factsWidth*0.4))
	for _, fact := range doc.Facts {
		labelHeight := l.paragraph(factsX, l.y, labelWidth, lineHeight+0.4, cell(fact, 0), false, bodySize, "L", headingGrey)
		valueHeight := l.oneLine(factsX+labelWidth, l.y, factsWidth-labelWidth, lineHeight+0.4, cell(fact, 1), true, bodySize, "R", 0)
		l.y += max(labelHeight, valueHeight)
	}
	l.y = max(sellerBottom, l.y) + 6

	// Parties, side by side
	if len(doc.Parties) > 0 {
		top = l.y
		blockWidth := usable / float64(len(doc.Parties))
		lowest := top
		for index, block := range doc.Parties {
			x := pageMargin + blockWidth*float64(index)
			y := top
			y += l.paragraph(x, y, blockWidth-4, lineHeight, strings.ToUpper(block.Heading), true, smallSize, "L", headingGrey)
			for _, line := range block.Lines {
				y += l.paragraph(x, y, blockWidth-4, lineHeight+0.4, line, false, bodySize, "L", 0)
			}
			lowest = max(lowest, y)
		}
		l.y = lowest + 6
	}

	// Table
	widths := columnWidths(doc.Columns, usable)
	header := func() {
		lines := 1
		for index, column := range doc.Columns {
			lines = max(lines, l.lineCount(column.Title, true, smallSize, widths[index]-3))
		}
		height := float64(lines)*(lineHeight-0.6) + 3
		l.pdf.fillRect(pageMargin, l.y, usable, height, 240, 242, 245)
		x := pageMargin
		for index, column := range doc.Columns {
			l.paragraph(x+1, l.y+1.5, widths[index]-3, lineHeight-0.6, column.Title, true, smallSize, align(column.Align), 0)
			x += widths[index]
		}
		l.y += height
	}
	header()
	for _, row := range doc.Rows {
		lines := 1
		for index := range doc.Columns {
			lines = max(lines, l.lineCount(cell(row, index), false, bodySize, widths[index]-3))
		}
		height := float64(lines)*lineHeight + 3
		if l.y+height > bottom {
			newPage()
			header()
		}
		x := pageMargin
		for index, column := range doc.Columns {
			l.paragraph(x+1, l.y+1.5, widths[index]-3, lineHeight, cell(row, index), false, bodySize, align(column.Align), 0)
			x += widths[index]
		}
		l.y += height
		l.pdf.rule(pageMargin, l.y, pageMargin+usable, l.y, ruleGrey)
	}
	l.y += 3

	// Totals
	totalLabelWidth := usable * 0.35
	totalValueWidth := usable * 0.2
	for _, total := range doc.Totals {
		lines := l.lineCount(total.Label, total.Strong, bodySize+0.5, totalLabelWidth-2)
		height := float64(lines) * (lineHeight + 1.6)
		if l.y+height > bottom {
			newPage()
		}
		x := pageMargin + usable - totalLabelWidth - totalValueWidth
		labelHeight := l.paragraph(x, l.y, totalLabelWidth-2, lineHeight+1.6, total.Label, total.Strong, bodySize+0.5, "L", 0)
		valueHeight := l.oneLine(x+totalLabelWidth, l.y, totalValueWidth, lineHeight+1.6, total.Value, total.Strong, bodySize+0.5, "R", 0)
		l.y += max(labelHeight, valueHeight)
	}

	// Notes
	if len(doc.Notes) > 0 {
		l.y += 6
		for _, note := range doc.Notes {
			for _, line := range l.text.lines(note, false, smallSize, usable*ptPerMm) {
				if l.y+lineHeight-0.4 > bottom {
					newPage()
				}
				l.drawLine(line, pageMargin, l.y, usable, lineHeight-0.4, "L", 0)
				l.y += lineHeight - 0.4
			}
			l.y += 1.5
		}
	}

	// Footers, now that the pages are counted
	pages := len(l.pdf.pages)
	for index := range l.pdf.pages {
		l.pdf.current = index
		y := a4High - pageMargin - 4
		l.footerLine(pageMargin, y, usable*0.8, doc.Footer)
		number := l.text.lines(fmt.Sprintf("Page %d of %d", index+1, pages), false, smallSize-0.5, 0)
		l.drawLine(number[0], pageMargin+usable*0.8, y, usable*0.2, lineHeight, "R", headingGrey)
	}

	created := time.Now().UTC()
	if doc.CreatedAt != "" {
		if parsed, err := time.Parse(time.RFC3339, doc.CreatedAt); err == nil {
			created = parsed.UTC()
		}
	}
	return l.pdf.bytes(pdfInfo{title: doc.Title, author: doc.Author, creator: "AI Champions Masterclass", created: created}), nil
}

// footerLine: the footer's text on one line, shrunk to fit, and cut short with
// "…" when it does not fit even then.
func (l *invoiceLayout) footerLine(x, y, width float64, text string) {
	size, fits := l.fitSize(text, false, smallSize-0.5, width)
	if !fits {
		runes := []rune(cleanText(text))
		low, high := 0, len(runes)
		for low < high { // the longest start that fits with its "…"
			middle := (low + high + 1) / 2
			if l.text.width(string(runes[:middle])+"…", false, size)/ptPerMm <= width {
				low = middle
			} else {
				high = middle - 1
			}
		}
		text = string(runes[:low]) + "…"
	}
	lines := l.text.lines(text, false, size, 0)
	l.drawLine(lines[0], x, y, width, lineHeight, "L", headingGrey)
}

func cell(row []string, index int) string {
	if index < len(row) {
		return row[index]
	}
	return ""
}

func align(value string) string {
	if value == "right" {
		return "R"
	}
	return "L"
}

func columnWidths(columns []invoiceColumn, usable float64) []float64 {
	total := 0.0
	for _, column := range columns {
		if column.Width > 0 {
			total += column.Width
		} else {
			total++
		}
	}
	widths := make([]float64, len(columns))
	for index, column := range columns {
		share := column.Width
		if share <= 0 {
			share = 1
		}
		widths[index] = usable * share / total
	}
	return widths
}
