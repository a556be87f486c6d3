// Text of tax invoices and adjustment notes, set with
// github.com/go-text/typesetting (the text engine of Gio and Fyne, a Go port
// of HarfBuzz): each paragraph is normalised (NFC, so "e\u0301" prints as
// "é"), split into runs by direction (the Unicode bidi algorithm), script
// and the font that has the characters (invoice_fonts.go), shaped (Arabic
// letters joined, marks placed), wrapped to a width and put in visual order.
package main

import (
	"strings"
	"unicode"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// textLine: one line of shaped text, its runs in visual order (left to right).
type textLine struct {
	runs  []shaping.Output
	text  []rune  // the paragraph's characters; each run's Runes index them
	width float64 // pt
	size  float64 // pt
	rtl   bool    // the paragraph reads right to left
}

// typesetter shapes one document's text: not safe for concurrent use.
type typesetter struct {
	chains  [2]*fontChain // regular, bold
	shaper  shaping.HarfbuzzShaper
	seg     shaping.Segmenter
	wrapper shaping.LineWrapper
}

func newTypesetter() (*typesetter, error) {
	t := &typesetter{chains: [2]*fontChain{newFontChain(false), newFontChain(true)}}
	for _, chain := range t.chains {
		if _, err := chain.primary(); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// cleanText: NFC, tabs and other spaces as spaces, control and format
// characters that would print as boxes left out (joiners, marks of
// direction and variation selectors stay: shaping uses them).
func cleanText(text string) string {
	text = norm.NFC.String(strings.ToValidUTF8(text, "\uFFFD"))
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\u00A0':
			return ' '
		case r == '\n':
			return r
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, text)
}

// paragraphRTL: whether the first strong character reads right to left.
func paragraphRTL(runes []rune) bool {
	for _, r := range runes {
		props, _ := bidi.LookupRune(r)
		switch props.Class() {
		case bidi.L:
			return false
		case bidi.R, bidi.AL:
			return true
		}
	}
	return false
}

// lines sets the text (paragraphs split at "\n") in the style at `size` pt,
// wrapped to maxWidth pt (0: never wrapped). An empty text is one empty line.
func (t *typesetter) lines(text string, bold bool, size, maxWidth float64) []textLine {
	var out []textLine
	for _, paragraph := range strings.Split(cleanText(text), "\n") {
		out = append(out, t.paragraph(paragraph, bold, size, maxWidth)...)
	}
	return out
}

func (t *typesetter) paragraph(text string, bold bool, size, maxWidth float64) []textLine {
	runes := []rune(text)
	rtl := paragraphRTL(runes)
	if len(runes) == 0 {
		return []textLine{{size: size, rtl: rtl}}
	}
	chain := t.chains[0]
	if bold {
		chain = t.chains[1]
	}
	direction := di.DirectionLTR
	if rtl {
		direction = di.DirectionRTL
	}
	input := shaping.Input{Text: runes, RunStart: 0, RunEnd: len(runes), Direction: direction, Face: chain.face(0), Size: fixed.Int26_6(size * 64)}
	var outputs []shaping.Output
	for _, run := range t.seg.Split(input, chain) {
		outputs = append(outputs, t.shaper.Shape(run))
	}
	limit := fixed.Int26_6(1 << 30)
	if maxWidth > 0 {
		limit = fixed.Int26_6(maxWidth * 64)
	}
	wrapped, _ := t.wrapper.WrapParagraphF(shaping.WrapConfig{Direction: direction}, limit, runes, shaping.NewSliceIterator(outputs))
	lines := make([]textLine, 0, len(wrapped))
	for _, line := range wrapped {
		// the wrapper's lines live until its next call: keep copies, in visual order
		runs := make([]shaping.Output, len(line))
		for _, run := range line {
			index := int(run.VisualIndex)
			if index < 0 || index >= len(runs) || runs[index].Face != nil {
				index = firstFree(runs)
			}
			run.Glyphs = append([]shaping.Glyph(nil), run.Glyphs...)
			runs[index] = run
		}
		width := 0.0
		for _, run := range runs {
			width += float64(run.Advance) / 64
		}
		lines = append(lines, textLine{runs: runs, text: runes, width: width, size: size, rtl: rtl})
	}
	if len(lines) == 0 {
		lines = append(lines, textLine{size: size, rtl: rtl})
	}
	return lines
}

func firstFree(runs []shaping.Output) int {
	for index, run := range runs {
		if run.Face == nil {
			return index
		}
	}
	return len(runs) - 1
}

// width of the text on one line, in pt.
func (t *typesetter) width(text string, bold bool, size float64) float64 {
	widest := 0.0
	for _, line := range t.lines(text, bold, size, 0) {
		widest = max(widest, line.width)
	}
	return widest
}
