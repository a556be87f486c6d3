// The fonts of tax invoices and adjustment notes, embedded in the binary so a
// release needs nothing installed. A character is set in the first font of
// the chain that has it:
//
//	DejaVu Sans (regular, bold)  Latin, Greek, Cyrillic, Hebrew, Arabic, combining marks
//	Symbola                      emoji and symbols (outlines, one colour)
//	Hanazono Mincho A (CJK part) Chinese, Japanese kana and kanji, CJK Extension A and
//	                             the Extension B ideographs it has (𠮷 among them)
//	GNU Unifont                  every other character of the Basic Multilingual Plane
//	                             (Hangul, Thai, Devanagari…)
//	GNU Unifont Upper            the other planes' scripts and newer emoji
//
// A character none of them has prints as DejaVu's empty box, and the PDF's
// text layer still reads the original (invoice_pdf.go). All but DejaVu are
// stored gzip-compressed (11.5 + 1.1 + 1.2 + 0.2 MB for 20.5 + 2.3 + 5.1 + 0.9 MB
// of font) and each is decompressed and parsed once, the first time a
// document needs a character that the fonts before it lack. Each font's
// licence is beside it (*-LICENSE.txt); docs/architecture.md says where each
// file comes from.
package main

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"sync"

	"github.com/go-text/typesetting/font"
)

//go:embed DejaVuSans.ttf
var dejaVuSans []byte

//go:embed DejaVuSans-Bold.ttf
var dejaVuSansBold []byte

//go:embed Symbola.ttf.gz
var symbolaGz []byte

//go:embed HanaMinA-CJK.ttf.gz
var hanaMinGz []byte

//go:embed unifont.otf.gz
var unifontGz []byte

//go:embed unifont_upper.otf.gz
var unifontUpperGz []byte

// invoiceFont is one embedded font, parsed on first use. A parsed
// *font.Font is safe to share between goroutines; each document makes its
// own faces (font.Face is not).
type invoiceFont struct {
	name       string
	data       []byte
	compressed bool

	once   sync.Once
	parsed *font.Font
	err    error
}

func (f *invoiceFont) load() (*font.Font, error) {
	f.once.Do(func() {
		data := f.data
		if f.compressed {
			reader, err := gzip.NewReader(bytes.NewReader(f.data))
			if err != nil {
				f.err = fmt.Errorf("font %s: %w", f.name, err)
				return
			}
			if data, err = io.ReadAll(reader); err != nil {
				f.err = fmt.Errorf("font %s: %w", f.name, err)
				return
			}
		}
		face, err := font.ParseTTF(bytes.NewReader(data))
		if err != nil {
			f.err = fmt.Errorf("font %s: %w", f.name, err)
			return
		}
		f.parsed = face.Font
	})
	return f.parsed, f.err
}

var (
	fontDejaVu       = &invoiceFont{name: "DejaVu Sans", data: dejaVuSans}
	fontDejaVuBold   = &invoiceFont{name: "DejaVu Sans Bold", data: dejaVuSansBold}
	fontSymbola      = &invoiceFont{name: "Symbola", data: symbolaGz, compressed: true}
	fontHanaMin      = &invoiceFont{name: "Hanazono Mincho A", data: hanaMinGz, compressed: true}
	fontUnifont      = &invoiceFont{name: "GNU Unifont", data: unifontGz, compressed: true}
	fontUnifontUpper = &invoiceFont{name: "GNU Unifont Upper", data: unifontUpperGz, compressed: true}
)

// fallbackFonts: after the style's own DejaVu, in the order tried.
var fallbackFonts = []*invoiceFont{fontSymbola, fontHanaMin, fontUnifont, fontUnifontUpper}

// fontChain is one document's faces for one style (regular or bold): it
// answers which face sets a character (shaping.Fontmap).
type fontChain struct {
	fonts []*invoiceFont
	faces []*font.Face // made on first use, as fonts are
	tried []bool
	cache map[rune]*font.Face
}

func newFontChain(bold bool) *fontChain {
	first := fontDejaVu
	if bold {
		first = fontDejaVuBold
	}
	fonts := append([]*invoiceFont{first}, fallbackFonts...)
	return &fontChain{fonts: fonts, faces: make([]*font.Face, len(fonts)), tried: make([]bool, len(fonts)), cache: map[rune]*font.Face{}}
}

// face returns the chain's index-th face, or nil when that font cannot be
// read (then the next one is tried: a broken fallback never stops a document).
func (c *fontChain) face(index int) *font.Face {
	if !c.tried[index] {
		c.tried[index] = true
		if parsed, err := c.fonts[index].load(); err == nil {
			c.faces[index] = font.NewFace(parsed)
		}
	}
	return c.faces[index]
}

// primary is the style's DejaVu face; documents fail without it.
func (c *fontChain) primary() (*font.Face, error) {
	if face := c.face(0); face != nil {
		return face, nil
	}
	_, err := c.fonts[0].load()
	return nil, err
}

// ResolveFace: the first face with a glyph for r, else the primary face
// (whose .notdef box then stands for it).
func (c *fontChain) ResolveFace(r rune) *font.Face {
	if face, ok := c.cache[r]; ok {
		return face
	}
	chosen := c.face(0)
	for index := range c.fonts {
		face := c.face(index)
		if face == nil {
			continue
		}
		if _, ok := face.NominalGlyph(r); ok {
			chosen = face
			break
		}
	}
	c.cache[r] = chosen
	return chosen
}
