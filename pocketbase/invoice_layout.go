// The layout of a tax invoice or adjustment note (invoice.go reads and checks
// the document): the page, the fonts and each part drawn in turn with
// github.com/go-pdf/fpdf.
//
// The text is set in DejaVu Sans, embedded in the binary and subset into each
// PDF, so names in any Latin, Greek or Cyrillic script print as written (the
// PDF core fonts know only Windows-1252). The fonts' licence is
// DejaVuSans-LICENSE.txt beside them.
package main

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

//go:embed DejaVuSans.ttf
var dejaVuSans []byte

//go:embed DejaVuSans-Bold.ttf
var dejaVuSansBold []byte

// Page geometry (mm) and type sizes (pt).
const (
	pageMargin   = 18.0
	bodySize     = 9.5
	smallSize    = 8.0
	titleSize    = 22.0
	lineHeight   = 4.6
	ruleGrey     = 200
	headingGrey  = 90
	footerHeight = 10.0
)

// drawInvoice lays the checked document out and returns the PDF's bytes.
func drawInvoice(doc *invoiceDocument) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(true)
	pdf.AddUTF8FontFromBytes("DejaVu", "", dejaVuSans)
	pdf.AddUTF8FontFromBytes("DejaVu", "B", dejaVuSansBold)
	if err := pdf.Error(); err != nil {
		return nil, err
	}
	created := time.Now().UTC()
	if doc.CreatedAt != "" {
		if parsed, err := time.Parse(time.RFC3339, doc.CreatedAt); err == nil {
			created = parsed.UTC()
		}
	}
	pdf.SetCreationDate(created)
	pdf.SetModificationDate(created)
	pdf.SetTitle(doc.Title, true)
	if doc.Author != "" {
		pdf.SetAuthor(doc.Author, true)
	}
	pdf.SetCreator("AI Champions Masterclass", true)
	pdf.SetMargins(pageMargin, pageMargin, pageMargin)
	pdf.SetAutoPageBreak(true, pageMargin+footerHeight)
	pdf.AliasNbPages("{nb}")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-pageMargin - 4)
		pdf.SetFont("DejaVu", "", smallSize-0.5)
		pdf.SetTextColor(headingGrey, headingGrey, headingGrey)
		width, _ := pdf.GetPageSize()
		usable := width - 2*pageMargin
		pdf.CellFormat(usable*0.8, lineHeight, doc.Footer, "", 0, "L", false, 0, "")
		pdf.CellFormat(usable*0.2, lineHeight, fmt.Sprintf("Page %d of {nb}", pdf.PageNo()), "", 0, "R", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	})
	pdf.AddPage()

	pageWidth, pageHeight := pdf.GetPageSize()
	usable := pageWidth - 2*pageMargin

	// Title
	pdf.SetFont("DejaVu", "B", titleSize)
	pdf.CellFormat(usable, 11, doc.Title, "", 1, "L", false, 0, "")
	pdf.Ln(3)

	// Seller (left) and facts (right), side by side
	top := pdf.GetY()
	leftWidth := usable * 0.45
	for index, line := range doc.Seller {
		style := ""
		size := bodySize
		if index == 0 {
			style, size = "B", bodySize+1.5
		}
		pdf.SetFont("DejaVu", style, size)
		pdf.SetX(pageMargin)
		pdf.MultiCell(leftWidth-4, lineHeight+0.4, line, "", "L", false)
	}
	sellerBottom := pdf.GetY()

	pdf.SetY(top)
	factsX := pageMargin + leftWidth
	factsWidth := usable - leftWidth
	pdf.SetFont("DejaVu", "", bodySize)
	labelWidth := 0.0
	for _, fact := range doc.Facts {
		labelWidth = maxFloat(labelWidth, pdf.GetStringWidth(cell(fact, 0))+3)
	}
	labelWidth = minFloat(labelWidth, factsWidth*0.6)
	for _, fact := range doc.Facts {
		label, value := cell(fact, 0), cell(fact, 1)
		pdf.SetX(factsX)
		pdf.SetFont("DejaVu", "", bodySize)
		pdf.SetTextColor(headingGrey, headingGrey, headingGrey)
		pdf.CellFormat(labelWidth, lineHeight+0.4, label, "", 0, "L", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont("DejaVu", "B", bodySize)
		pdf.MultiCell(factsWidth-labelWidth, lineHeight+0.4, value, "", "R", false)
	}
	pdf.SetY(maxFloat(sellerBottom, pdf.GetY()) + 6)

	// Parties, side by side
	if len(doc.Parties) > 0 {
		top = pdf.GetY()
		blockWidth := usable / float64(len(doc.Parties))
		bottom := top
		for index, block := range doc.Parties {
			x := pageMargin + blockWidth*float64(index)
			pdf.SetXY(x, top)
			pdf.SetFont("DejaVu", "B", smallSize)
			pdf.SetTextColor(headingGrey, headingGrey, headingGrey)
			pdf.CellFormat(blockWidth-4, lineHeight, strings.ToUpper(block.Heading), "", 2, "L", false, 0, "")
			pdf.SetTextColor(0, 0, 0)
			pdf.SetFont("DejaVu", "", bodySize)
			for _, line := range block.Lines {
				pdf.SetX(x)
				pdf.MultiCell(blockWidth-4, lineHeight+0.4, line, "", "L", false)
			}
			bottom = maxFloat(bottom, pdf.GetY())
		}
		pdf.SetY(bottom + 6)
	}

	// Table
	widths := columnWidths(doc.Columns, usable)
	header := func() {
		pdf.SetFont("DejaVu", "B", smallSize)
		lines := 1
		for index, column := range doc.Columns {
			if count := len(pdf.SplitText(column.Title, widths[index]-3)); count > lines {
				lines = count
			}
		}
		height := float64(lines)*(lineHeight-0.6) + 3
		y := pdf.GetY()
		pdf.SetFillColor(240, 242, 245)
		pdf.Rect(pageMargin, y, usable, height, "F")
		x := pageMargin
		for index, column := range doc.Columns {
			pdf.SetXY(x+1, y+1.5)
			pdf.MultiCell(widths[index]-2, lineHeight-0.6, column.Title, "", align(column.Align), false)
			x += widths[index]
		}
		pdf.SetY(y + height)
		pdf.SetFont("DejaVu", "", bodySize)
	}
	header()
	pdf.SetDrawColor(ruleGrey, ruleGrey, ruleGrey)
	for _, row := range doc.Rows {
		lines := 1
		for index := range doc.Columns {
			count := len(pdf.SplitText(cell(row, index), widths[index]-3))
			if count > lines {
				lines = count
			}
		}
		height := float64(lines)*lineHeight + 3
		if pdf.GetY()+height > pageHeight-pageMargin-footerHeight {
			pdf.AddPage()
			header()
		}
		y := pdf.GetY()
		x := pageMargin
		for index, column := range doc.Columns {
			pdf.SetXY(x+1, y+1.5)
			pdf.MultiCell(widths[index]-2, lineHeight, cell(row, index), "", align(column.Align), false)
			x += widths[index]
		}
		pdf.SetY(y + height)
		pdf.Line(pageMargin, y+height, pageMargin+usable, y+height)
	}
	pdf.Ln(3)

	// Totals
	labelWidth = usable * 0.35
	valueWidth := usable * 0.2
	for _, total := range doc.Totals {
		if pdf.GetY()+lineHeight+2 > pageHeight-pageMargin-footerHeight {
			pdf.AddPage()
		}
		style := ""
		if total.Strong {
			style = "B"
		}
		pdf.SetFont("DejaVu", style, bodySize+0.5)
		pdf.SetX(pageMargin + usable - labelWidth - valueWidth)
		pdf.CellFormat(labelWidth, lineHeight+1.6, total.Label, "", 0, "L", false, 0, "")
		pdf.CellFormat(valueWidth, lineHeight+1.6, total.Value, "", 1, "R", false, 0, "")
	}

	// Notes
	if len(doc.Notes) > 0 {
		pdf.Ln(6)
		pdf.SetFont("DejaVu", "", smallSize)
		for _, note := range doc.Notes {
			pdf.MultiCell(usable, lineHeight-0.4, note, "", "L", false)
			pdf.Ln(1.5)
		}
	}

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
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

func minFloat(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

func maxFloat(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}
