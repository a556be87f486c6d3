package main

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"

	qrcode "github.com/skip2/go-qrcode"
)

const (
	// pixels per module: a ticket's 33-module code with its margin is 492 px, sharp at 240 px on a 2x screen
	ticketQrScale = 12
	// the quiet zone around the code, in modules (the standard asks for 4)
	ticketQrMargin = 4
)

// ticketQrPng is the ticket's QR code as a black-on-white PNG for the
// confirmation and new-ticket emails (pb_hooks/lib/tickets/qr.js, as
// $ticketQrPng): its bytes, its width (= height) in pixels and a data: URL
// for the admin preview. Drawn here, not in the hooks: goja took 200–300 ms of
// CPU for each code (the encoder's mask search and a PNG written byte by byte),
// which at a sales opening held the confirmations back for seconds
// (bench/README.md, "The promo rush's slow confirmations"). Error correction M,
// as the portal's code.
// It never panics: a fault comes back as an error (see recoverDocument).
func ticketQrPng(text string) (qr map[string]any, err error) {
	defer recoverDocument("the ticket's QR code", &qr, &err)
	code, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	code.DisableBorder = true
	modules := code.Bitmap()
	side := (len(modules) + 2*ticketQrMargin) * ticketQrScale
	// two colours: the encoder writes one bit a pixel
	img := image.NewPaletted(image.Rect(0, 0, side, side), color.Palette{color.White, color.Black})
	for row, line := range modules {
		for column, dark := range line {
			if !dark {
				continue
			}
			top, left := (row+ticketQrMargin)*ticketQrScale, (column+ticketQrMargin)*ticketQrScale
			for y := top; y < top+ticketQrScale; y++ {
				for x := left; x < left+ticketQrScale; x++ {
					img.SetColorIndex(x, y, 1)
				}
			}
		}
	}
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		return nil, err
	}
	return map[string]any{
		"bytes":   out.Bytes(),
		"pixels":  side,
		"dataUrl": "data:image/png;base64," + base64.StdEncoding.EncodeToString(out.Bytes()),
	}, nil
}
