// Tax invoices and adjustment notes as PDF, for the JS hooks: $invoicePdf(doc)
// takes a plain object describing one document and returns the PDF's bytes.
// Every word on the page comes from the hooks (pb_hooks/lib/invoices/document.js);
// this file reads and checks the document, and invoice_layout.go lays it out
// on A4 (invoice_text.go and invoice_fonts.go set the text in any script,
// invoice_pdf.go writes the file):
//
//	Title                                   (large, bold)
//	seller lines (first bold)               facts: label  value
//	party blocks (heading + lines), side by side
//	table: columns and rows (header repeated on a new page)
//	totals, right-aligned (strong ones bold)
//	notes (small paragraphs)
//	footer: its text and "Page n of N"
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// recoverDocument, deferred by the functions the hooks call to make a
// document, turns a panic into the function's error (and no result).
func recoverDocument[T any](what string, result *T, err *error) {
	if fault := recover(); fault != nil {
		var zero T
		*result = zero
		*err = fmt.Errorf("%s could not be made: %v", what, fault)
	}
}

// Limits on one document: the hooks never come near them; they keep a
// mistake from making a PDF of thousands of pages.
const (
	invoiceMaxText  = 2000
	invoiceMaxLines = 500
)

type invoiceColumn struct {
	Title string  `json:"title"`
	Align string  `json:"align"` // "left" (default) or "right"
	Width float64 `json:"width"` // a share of the table's width; the shares need not add up to 1
}

type invoiceTotal struct {
	Label  string `json:"label"`
	Value  string `json:"value"`
	Strong bool   `json:"strong"`
}

type invoiceBlock struct {
	Heading string   `json:"heading"`
	Lines   []string `json:"lines"`
}

type invoiceDocument struct {
	Title     string          `json:"title"`
	Seller    []string        `json:"seller"`
	Facts     [][]string      `json:"facts"`
	Parties   []invoiceBlock  `json:"parties"`
	Columns   []invoiceColumn `json:"columns"`
	Rows      [][]string      `json:"rows"`
	Totals    []invoiceTotal  `json:"totals"`
	Notes     []string        `json:"notes"`
	Footer    string          `json:"footer"`
	Author    string          `json:"author"`
	CreatedAt string          `json:"createdAt"` // RFC 3339: the PDF's creation date, so the same document gives the same bytes
}

func (doc *invoiceDocument) check() error {
	if strings.TrimSpace(doc.Title) == "" {
		return errors.New("an invoice document needs a title")
	}
	if len(doc.Columns) == 0 {
		return errors.New("an invoice document needs table columns")
	}
	lines := len(doc.Seller) + len(doc.Facts) + len(doc.Rows) + len(doc.Totals) + len(doc.Notes)
	for _, block := range doc.Parties {
		lines += len(block.Lines)
	}
	if lines > invoiceMaxLines {
		return fmt.Errorf("an invoice document may have at most %d lines", invoiceMaxLines)
	}
	texts := append([]string{doc.Title, doc.Footer, doc.Author}, doc.Seller...)
	texts = append(texts, doc.Notes...)
	for _, row := range append(doc.Facts, doc.Rows...) {
		if len(row) > len(doc.Columns)+2 {
			return errors.New("an invoice row has more cells than the table has columns")
		}
		texts = append(texts, row...)
	}
	for _, total := range doc.Totals {
		texts = append(texts, total.Label, total.Value)
	}
	for _, block := range doc.Parties {
		texts = append(texts, block.Heading)
		texts = append(texts, block.Lines...)
	}
	for _, text := range texts {
		if len(text) > invoiceMaxText {
			return fmt.Errorf("an invoice text may be at most %d characters", invoiceMaxText)
		}
	}
	return nil
}

// invoicePdf renders the document. `raw` is the plain object the hooks pass.
// It never panics: a fault anywhere in the layout, the text engine or a font
// comes back as an error, which the hooks receive as a thrown exception (a
// Go panic would go through the JS runtime and end the whole request or job).
func invoicePdf(raw map[string]any) (pdf []byte, err error) {
	defer recoverDocument("the invoice PDF", &pdf, &err)
	encoded, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	var doc invoiceDocument
	if err := json.Unmarshal(encoded, &doc); err != nil {
		return nil, fmt.Errorf("the invoice document is malformed: %w", err)
	}
	if err := doc.check(); err != nil {
		return nil, err
	}
	return drawInvoice(&doc)
}
