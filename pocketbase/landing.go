// The landing page with its masterclass: `/` is sent with the featured
// masterclass's hero filled in, so its facts, price, seats left and Register
// button paint before any script runs, and with the same answer as JSON in a
// `<script type="application/json" id="landing-data">` element that the app
// starts from (src/features/landing/embeddedLanding.ts) instead of waiting for a
// request or IndexedDB. The words come from the JS route GET /api/masterclass/landing
// (pb_hooks/lib/events/landing.js), asked in-process; the markup from the build's
// templates (landing-hero.json, scripts/lib/landing-hero.mjs): the hero React
// renders for each phase, with placeholders for the words. Whatever is missing
// or fails, the page is the build's index.html as before, and the app reads the
// masterclass itself.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// landingHeroFile: the hero's templates, written by the build beside index.html.
const landingHeroFile = "landing-hero.json"

// landingDataPath: the JS route that answers the featured masterclass as the hero shows it.
const landingDataPath = "/api/masterclass/landing"

// landingDataTimeout: how long the page waits for that answer before it is sent without it.
const landingDataTimeout = 1500 * time.Millisecond

// landingDataElement opens the JSON the app reads at start.
const landingDataElement = `<script type="application/json" id="landing-data">`

type heroTemplates struct {
	Placeholder string            `json:"placeholder"`
	Variants    map[string]string `json:"variants"`
	Tokens      map[string]string `json:"tokens"`
}

type landingAnswer struct {
	Event json.RawMessage `json:"event"`
	// Next: the soonest masterclass on sale beside a featured one that sells no seat, or null.
	Next json.RawMessage `json:"next"`
	Hero struct {
		Phase string            `json:"phase"`
		Texts map[string]string `json:"texts"`
	} `json:"hero"`
}

// landingFiles caches index.html and the templates while the build in the directory stays the same.
type landingFiles struct {
	mu        sync.Mutex
	stamp     string
	page      string
	templates *heroTemplates
}

var landingCache = &landingFiles{}

func fileStamp(fsys fs.FS, name string) string {
	fi, err := fs.Stat(fsys, name)
	if err != nil || fi.IsDir() {
		return ""
	}
	return fi.ModTime().String() + "/" + strconv.FormatInt(fi.Size(), 10)
}

// load: the build's index.html and hero templates, or ok=false when the build has none.
func (c *landingFiles) load(fsys fs.FS, index string) (page string, templates *heroTemplates, ok bool) {
	stamp := fileStamp(fsys, index) + "|" + fileStamp(fsys, landingHeroFile)
	c.mu.Lock()
	defer c.mu.Unlock()
	if stamp != c.stamp {
		c.stamp, c.page, c.templates = stamp, "", nil
		data, err := fs.ReadFile(fsys, landingHeroFile)
		if err != nil {
			return "", nil, false
		}
		var parsed heroTemplates
		if json.Unmarshal(data, &parsed) != nil || parsed.Placeholder == "" || len(parsed.Variants) == 0 {
			return "", nil, false
		}
		body, err := fs.ReadFile(fsys, index)
		if err != nil || strings.Count(string(body), parsed.Placeholder) != 1 {
			return "", nil, false
		}
		c.page, c.templates = string(body), &parsed
	}
	return c.page, c.templates, c.templates != nil
}

// fetchLanding asks the app's own router for the landing answer, as the visitor's
// request (its address, for logs and limits), without going over the network.
func fetchLanding(e *core.RequestEvent) *landingAnswer {
	server, _ := e.Request.Context().Value(http.ServerContextKey).(*http.Server)
	if server == nil || server.Handler == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(e.Request.Context(), landingDataTimeout)
	defer cancel()
	request := httptest.NewRequest(http.MethodGet, landingDataPath, nil).WithContext(ctx)
	request.RemoteAddr = e.Request.RemoteAddr
	request.Host = e.Request.Host
	for _, name := range []string{"X-Forwarded-For", "X-Real-Ip", "Cf-Connecting-Ip", "Fly-Client-Ip"} {
		if value := e.Request.Header.Get(name); value != "" {
			request.Header.Set(name, value)
		}
	}
	done := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		recorder := httptest.NewRecorder()
		defer func() {
			if recover() != nil {
				done <- nil
			}
		}()
		server.Handler.ServeHTTP(recorder, request)
		done <- recorder
	}()
	var recorder *httptest.ResponseRecorder
	select {
	case recorder = <-done:
	case <-ctx.Done():
		return nil
	}
	if recorder == nil || recorder.Code != http.StatusOK {
		return nil
	}
	var answer landingAnswer
	if json.Unmarshal(recorder.Body.Bytes(), &answer) != nil || len(answer.Event) == 0 || answer.Hero.Phase == "" {
		return nil
	}
	return &answer
}

// landingPage: index.html with the masterclass's hero and data, or ok=false to send the file as built.
func landingPage(e *core.RequestEvent, fsys fs.FS, index string) (string, bool) {
	page, templates, ok := landingCache.load(fsys, index)
	if !ok {
		return "", false
	}
	answer := fetchLanding(e)
	if answer == nil {
		return "", false
	}
	panel, ok := templates.Variants[answer.Hero.Phase]
	if !ok {
		return "", false
	}
	for name, token := range templates.Tokens {
		panel = strings.ReplaceAll(panel, token, html.EscapeString(answer.Hero.Texts[name]))
	}
	// Go's encoder writes <, > and & as \u003c, \u003e and \u0026: the JSON cannot end the element early.
	next := answer.Next
	if len(next) == 0 {
		next = json.RawMessage("null")
	}
	data, err := json.Marshal(struct {
		Event json.RawMessage `json:"event"`
		Hero  any             `json:"hero"`
		Next  json.RawMessage `json:"next"`
	}{answer.Event, answer.Hero, next})
	if err != nil || !strings.Contains(page, "</body>") {
		return "", false
	}
	page = strings.Replace(page, templates.Placeholder, panel, 1)
	page = strings.Replace(page, "</body>", landingDataElement+string(data)+"</script>\n  </body>", 1)
	return page, true
}

// serveLanding answers `/` with the landing page and its masterclass; false when it
// cannot (no templates in the build, no published masterclass, the route failed).
func serveLanding(e *core.RequestEvent, fsys fs.FS, index string) (bool, error) {
	page, ok := landingPage(e, fsys, index)
	if !ok {
		return false, nil
	}
	header := e.Response.Header()
	header.Set("Content-Type", "text/html; charset=utf-8")
	// The seats left change: never kept by a cache without asking again.
	header.Set("Cache-Control", cacheNoCache)
	header.Add("Vary", "Accept-Encoding")
	body := []byte(page)
	if acceptsEncoding(e.Request.Header.Get("Accept-Encoding"), "gzip") {
		var compressed bytes.Buffer
		writer, _ := gzip.NewWriterLevel(&compressed, gzip.BestSpeed)
		_, _ = writer.Write(body)
		if writer.Close() == nil {
			header.Set("Content-Encoding", "gzip")
			body = compressed.Bytes()
		}
	}
	header.Set("Content-Length", strconv.Itoa(len(body)))
	e.Response.WriteHeader(http.StatusOK)
	if e.Request.Method == http.MethodHead {
		return true, nil
	}
	_, err := e.Response.Write(body)
	return true, err
}

// acceptsEncoding: whether the Accept-Encoding value allows `name` (q above 0).
func acceptsEncoding(value, name string) bool {
	for _, enc := range preferredEncodings(acceptedEncodings(value)) {
		if enc.name == name {
			return true
		}
	}
	return false
}
