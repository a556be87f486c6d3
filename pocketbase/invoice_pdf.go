// The PDF file of a tax invoice or adjustment note: pages of filled
// rectangles, rules and shaped text (invoice_text.go), written here because
// no Go PDF library we could find both prints characters beyond U+FFFF and
// takes shaped glyphs (go-pdf/fpdf numbers characters by their code point in
// 16 bits and panics past U+FFFF; see docs/architecture.md).
//
// Each font's glyphs are drawn as Type 3 fonts (their outlines, as the font
// gives them, in the PDF), 256 glyphs to a font, so any TrueType or CFF font
// works and only the glyphs a document uses are in it. The text layer reads
// as written: every run of text is marked with its characters in logical
// order (/ActualText, read by poppler's pdftotext and by Acrobat), and each
// font's ToUnicode map gives each glyph the characters it was shaped from.
package main

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/shaping"
)

const (
	ptPerMm = 72 / 25.4
	a4Width = 210.0 // mm
	a4High  = 297.0 // mm
)

type glyphKey struct {
	face *font.Face
	gid  font.GID
}

type glyphRef struct {
	font int // index in pdfWriter.fonts
	code byte
}

// type3Font: up to 256 glyphs of one face.
type type3Font struct {
	face   *font.Face
	glyphs []font.GID
	texts  []string // the characters each glyph was first shaped from ("" when unknown)
}

type pdfPage struct {
	content bytes.Buffer
	fonts   map[int]bool
}

// pdfWriter lays down pages in mm from the top-left corner, as the layout
// thinks, and writes the file in points from the bottom-left, as PDF does.
type pdfWriter struct {
	pages   []*pdfPage
	current int // the page drawn on
	fonts   []*type3Font
	open    map[*font.Face]int // the face's font that still has room
	glyphs  map[glyphKey]glyphRef
}

func newPdfWriter() *pdfWriter {
	return &pdfWriter{open: map[*font.Face]int{}, glyphs: map[glyphKey]glyphRef{}}
}

func (w *pdfWriter) addPage() {
	w.pages = append(w.pages, &pdfPage{fonts: map[int]bool{}})
	w.current = len(w.pages) - 1
}

func (w *pdfWriter) page() *pdfPage {
	return w.pages[w.current]
}

func num(value float64) string {
	if math.IsNaN(value) || math.IsInf(value, 0) {
		return "0"
	}
	text := fmt.Sprintf("%.3f", value)
	text = strings.TrimRight(strings.TrimRight(text, "0"), ".")
	if text == "-0" || text == "" {
		return "0"
	}
	return text
}

func px(mm float64) string { return num(mm * ptPerMm) }
func py(mm float64) string { return num((a4High - mm) * ptPerMm) }

func grey(level int) string { return num(float64(level) / 255) }

// fillRect fills a rectangle (mm) in an RGB grey-blue of 0–255 values.
func (w *pdfWriter) fillRect(x, y, width, height float64, r, g, b int) {
	fmt.Fprintf(&w.page().content, "q %s %s %s rg %s %s %s %s re f Q\n", grey(r), grey(g), grey(b), px(x), py(y+height), px(width), px(height))
}

// rule draws a line (mm) in a grey of 0–255.
func (w *pdfWriter) rule(x1, y1, x2, y2 float64, level int) {
	fmt.Fprintf(&w.page().content, "q %s G 0.57 w %s %s m %s %s l S Q\n", grey(level), px(x1), py(y1), px(x2), py(y2))
}

// glyph: the font and code of a face's glyph, added on first use.
func (w *pdfWriter) glyph(face *font.Face, gid font.GID, text string) glyphRef {
	key := glyphKey{face, gid}
	if ref, ok := w.glyphs[key]; ok {
		if text != "" && w.fonts[ref.font].texts[ref.code] == "" {
			w.fonts[ref.font].texts[ref.code] = text
		}
		return ref
	}
	index, ok := w.open[face]
	if !ok || len(w.fonts[index].glyphs) == 256 {
		w.fonts = append(w.fonts, &type3Font{face: face})
		index = len(w.fonts) - 1
		w.open[face] = index
	}
	t3 := w.fonts[index]
	ref := glyphRef{font: index, code: byte(len(t3.glyphs))}
	t3.glyphs = append(t3.glyphs, gid)
	t3.texts = append(t3.texts, text)
	w.glyphs[key] = ref
	return ref
}

// text draws one shaped line with its left end at x and its baseline at y
// (mm), in a grey of 0–255.
func (w *pdfWriter) text(line textLine, x, y float64, level int) {
	if len(line.runs) == 0 {
		return
	}
	out := &w.page().content
	fmt.Fprintf(out, "BT %s g\n", grey(level))
	pen := x * ptPerMm
	base := (a4High - y) * ptPerMm
	current := -1
	for _, run := range line.runs {
		// A left-to-right run is marked as a whole. A right-to-left one is
		// marked cluster by cluster: readers such as pdftotext put the
		// glyphs, drawn right to left, back in reading order themselves.
		rtl := run.Direction.Progression() == di.TowardTopLeft
		if !rtl {
			fmt.Fprintf(out, "/Span <</ActualText %s>> BDC\n", pdfTextString(runText(line, run)))
		}
		cluster := -1
		for _, glyph := range run.Glyphs {
			if rtl && glyph.TextIndex() != cluster {
				if cluster >= 0 {
					out.WriteString("EMC\n")
				}
				cluster = glyph.TextIndex()
				fmt.Fprintf(out, "/Span <</ActualText %s>> BDC\n", pdfTextString(clusterText(line, glyph)))
			}
			ref := w.glyph(run.Face, glyph.GlyphID, glyphText(line, run, glyph))
			if ref.font != current {
				fmt.Fprintf(out, "/T%d %s Tf\n", ref.font, num(line.size))
				current = ref.font
				w.page().fonts[ref.font] = true
			}
			gx := pen + float64(glyph.XOffset)/64
			gy := base + float64(glyph.YOffset)/64
			fmt.Fprintf(out, "1 0 0 1 %s %s Tm <%02X> Tj\n", num(gx), num(gy), ref.code)
			pen += float64(glyph.Advance) / 64
		}
		if !rtl || cluster >= 0 {
			out.WriteString("EMC\n")
		}
	}
	out.WriteString("ET\n")
}

func runText(line textLine, run shaping.Output) string {
	start, end := run.Runes.Offset, run.Runes.Offset+run.Runes.Count
	if start < 0 || end > len(line.text) || start > end {
		return ""
	}
	return string(line.text[start:end])
}

// clusterText: the characters of the glyph's cluster.
func clusterText(line textLine, glyph shaping.Glyph) string {
	start, end := glyph.TextIndex(), glyph.TextIndex()+glyph.RunesCount()
	if start < 0 || end > len(line.text) || start >= end {
		return ""
	}
	return string(line.text[start:end])
}

// glyphText: the characters a glyph was shaped from, for a glyph that is its
// cluster's only one (a cluster of several glyphs maps to its ActualText only).
func glyphText(line textLine, run shaping.Output, glyph shaping.Glyph) string {
	if glyph.GlyphsCount() != 1 {
		return ""
	}
	start, end := glyph.TextIndex(), glyph.TextIndex()+glyph.RunesCount()
	if start < 0 || end > len(line.text) || start >= end {
		return ""
	}
	return string(line.text[start:end])
}

// pdfTextString: a PDF text string (UTF-16BE with its byte order mark, in hex).
func pdfTextString(text string) string {
	var out strings.Builder
	out.WriteString("<FEFF")
	for _, unit := range utf16.Encode([]rune(text)) {
		fmt.Fprintf(&out, "%04X", unit)
	}
	out.WriteString(">")
	return out.String()
}

func pdfDate(t time.Time) string {
	return "(D:" + t.UTC().Format("20060102150405") + "Z)"
}

func deflate(data []byte) []byte {
	var out bytes.Buffer
	writer, _ := zlib.NewWriterLevel(&out, zlib.BestCompression)
	writer.Write(data)
	writer.Close()
	return out.Bytes()
}

// glyphProc: a Type 3 glyph's drawing, in font units.
func glyphProc(face *font.Face, gid font.GID) []byte {
	advance := face.HorizontalAdvance(gid)
	var path strings.Builder
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	see := func(p font.SegmentPoint) {
		minX, minY = math.Min(minX, float64(p.X)), math.Min(minY, float64(p.Y))
		maxX, maxY = math.Max(maxX, float64(p.X)), math.Max(maxY, float64(p.Y))
	}
	if outline, ok := face.GlyphDataOutline(gid); ok {
		var last font.SegmentPoint
		for index, segment := range outline.Segments {
			args := segment.Args
			switch segment.Op {
			case ot.SegmentOpMoveTo:
				if index > 0 {
					path.WriteString("h\n")
				}
				fmt.Fprintf(&path, "%s %s m\n", num(float64(args[0].X)), num(float64(args[0].Y)))
				last = args[0]
				see(args[0])
			case ot.SegmentOpLineTo:
				fmt.Fprintf(&path, "%s %s l\n", num(float64(args[0].X)), num(float64(args[0].Y)))
				last = args[0]
				see(args[0])
			case ot.SegmentOpQuadTo:
				control, end := args[0], args[1]
				c1x, c1y := float64(last.X)+2.0/3*float64(control.X-last.X), float64(last.Y)+2.0/3*float64(control.Y-last.Y)
				c2x, c2y := float64(end.X)+2.0/3*float64(control.X-end.X), float64(end.Y)+2.0/3*float64(control.Y-end.Y)
				fmt.Fprintf(&path, "%s %s %s %s %s %s c\n", num(c1x), num(c1y), num(c2x), num(c2y), num(float64(end.X)), num(float64(end.Y)))
				last = end
				see(control)
				see(end)
			case ot.SegmentOpCubeTo:
				fmt.Fprintf(&path, "%s %s %s %s %s %s c\n", num(float64(args[0].X)), num(float64(args[0].Y)), num(float64(args[1].X)), num(float64(args[1].Y)), num(float64(args[2].X)), num(float64(args[2].Y)))
				last = args[2]
				see(args[0])
				see(args[1])
				see(args[2])
			}
		}
	}
	if path.Len() == 0 {
		return []byte(fmt.Sprintf("%s 0 0 0 0 0 d1\n", num(float64(advance))))
	}
	return []byte(fmt.Sprintf("%s 0 %s %s %s %s d1\n%sh\nf\n", num(float64(advance)), num(math.Floor(minX)), num(math.Floor(minY)), num(math.Ceil(maxX)), num(math.Ceil(maxY)), path.String()))
}

// toUnicode: the CMap giving each code of the font its characters.
func toUnicode(t3 *type3Font) []byte {
	var entries []string
	for code, text := range t3.texts {
		if text == "" {
			continue
		}
		hex := strings.TrimSuffix(strings.TrimPrefix(pdfTextString(text), "<FEFF"), ">")
		entries = append(entries, fmt.Sprintf("<%02X> <%s>", code, hex))
	}
	var out strings.Builder
	out.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<00> <FF>\nendcodespacerange\n")
	for start := 0; start < len(entries); start += 100 {
		end := min(start+100, len(entries))
		fmt.Fprintf(&out, "%d beginbfchar\n%s\nendbfchar\n", end-start, strings.Join(entries[start:end], "\n"))
	}
	out.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	return []byte(out.String())
}

// pdfInfo: the document's metadata.
type pdfInfo struct {
	title, author, creator string
	created                time.Time
}

// bytes writes the file.
func (w *pdfWriter) bytes(info pdfInfo) []byte {
	var objects [][]byte
	add := func(body []byte) int {
		objects = append(objects, body)
		return len(objects)
	}
	stream := func(dict string, data []byte) int {
		packed := deflate(data)
		var body bytes.Buffer
		fmt.Fprintf(&body, "<< %s /Filter /FlateDecode /Length %d >>\nstream\n", dict, len(packed))
		body.Write(packed)
		body.WriteString("\nendstream")
		return add(body.Bytes())
	}
	catalog := add(nil) // filled in below, once the pages' number is known
	pagesID := add(nil)
	infoID := add([]byte(fmt.Sprintf("<< /Title %s /Author %s /Creator %s /Producer %s /CreationDate %s /ModDate %s >>",
		pdfTextString(info.title), pdfTextString(info.author), pdfTextString(info.creator), pdfTextString(info.creator), pdfDate(info.created), pdfDate(info.created))))

	fontIDs := make([]int, len(w.fonts))
	for index, t3 := range w.fonts {
		upem := float64(t3.face.Upem())
		if upem <= 0 {
			upem = 1000
		}
		var procs, names, widths strings.Builder
		for code, gid := range t3.glyphs {
			id := stream("", glyphProc(t3.face, gid))
			fmt.Fprintf(&procs, "/g%d %d 0 R ", code, id)
			fmt.Fprintf(&names, "/g%d ", code)
			widths.WriteString(num(float64(t3.face.HorizontalAdvance(gid))) + " ")
		}
		unicodeID := stream("", toUnicode(t3))
		scale := num(1 / upem)
		if 1/upem < 0.001 {
			scale = fmt.Sprintf("%.8f", 1/upem)
		}
		fontIDs[index] = add([]byte(fmt.Sprintf("<< /Type /Font /Subtype /Type3 /FontBBox [0 0 0 0] /FontMatrix [%s 0 0 %s 0 0] /CharProcs << %s>> /Encoding << /Type /Encoding /Differences [0 %s] >> /FirstChar 0 /LastChar %d /Widths [%s] /Resources << >> /ToUnicode %d 0 R >>",
			scale, scale, procs.String(), names.String(), len(t3.glyphs)-1, strings.TrimSpace(widths.String()), unicodeID)))
	}

	var kids strings.Builder
	for _, page := range w.pages {
		contentID := stream("", page.content.Bytes())
		var fonts strings.Builder
		for index := range w.fonts {
			if page.fonts[index] {
				fmt.Fprintf(&fonts, "/T%d %d 0 R ", index, fontIDs[index])
			}
		}
		pageID := add([]byte(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Resources << /Font << %s>> >> /Contents %d 0 R >>",
			pagesID, num(a4Width*ptPerMm), num(a4High*ptPerMm), fonts.String(), contentID)))
		fmt.Fprintf(&kids, "%d 0 R ", pageID)
	}
	objects[catalog-1] = []byte(fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R /Lang (en-AU) >>", pagesID))
	objects[pagesID-1] = []byte(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.TrimSpace(kids.String()), len(w.pages)))

	var out bytes.Buffer
	out.WriteString("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")
	offsets := make([]int, len(objects))
	for index, body := range objects {
		offsets[index] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n", index+1)
		out.Write(body)
		out.WriteString("\nendobj\n")
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, offset := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", offset)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, catalog, infoID, xref)
	return out.Bytes()
}
