// The static route for the built PWA: PocketBase's --publicDir behaviour (SPA
// fallback to shell.html, or index.html without it; canonical redirects) plus precompressed siblings
// (.br/.gz written at build by scripts/lib/precompress.mjs) and cache headers
// by class of file.
package main

import (
	"encoding/json"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// shellPage is the app shell with an empty root, the SPA fallback for every
// route but "/" (written by the build beside the prerendered index.html).
const shellPage = "shell.html"

// appRoutesFile lists the app's routes (written by the build from the router's
// route tree): a path that matches none is answered 404, still with the shell,
// which shows the app's own not-found page.
const appRoutesFile = "routes.json"

const (
	cacheImmutable = "public, max-age=31536000, immutable"
	cacheNoCache   = "no-cache"
	// Unhashed public files (favicon, images): short lived, revalidated after.
	cacheShort = "public, max-age=3600"
)

// Types Go's table may not know (it depends on /etc/mime.types), so that a
// compressed answer never loses its type to content sniffing.
var staticContentTypes = map[string]string{
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".htm":         "text/html; charset=utf-8",
	".svg":         "image/svg+xml",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".txt":         "text/plain; charset=utf-8",
	".ics":         "text/calendar; charset=utf-8",
	".xml":         "text/xml; charset=utf-8",
	".wasm":        "application/wasm",
}

// encodings in order of preference, with the sibling's extension.
var staticEncodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// staticHandler serves fsys like apis.Static(fsys, indexFallback), choosing a
// precompressed sibling when the client accepts it and setting Cache-Control.
// /api/ and /_/ paths are never answered with files or the app shell.
func staticHandler(fsys fs.FS, indexFallback bool) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		urlPath := e.Request.URL.Path
		if strings.HasPrefix(urlPath, "/api/") || strings.HasPrefix(urlPath, "/_/") {
			return apis.NewNotFoundError("", nil)
		}

		filename := e.Request.PathValue(apis.StaticWildcardParam)
		filename = path.Clean("/" + strings.ReplaceAll(filename, "\\", "/"))[1:]
		if filename == "" {
			filename = "."
		}

		shell := func() error {
			if indexFallback && filename != router.IndexPage {
				// index.html holds the prerendered landing page: every other
				// route gets the plain shell (index.html when a build has none).
				status := http.StatusOK
				if !isAppRoute(fsys, urlPath) {
					status = http.StatusNotFound
				}
				if fi, err := fs.Stat(fsys, shellPage); err == nil && !fi.IsDir() {
					return serveStaticStatus(e, fsys, shellPage, true, status)
				}
				return serveStatic(e, fsys, router.IndexPage, true)
			}
			return router.ErrFileNotFound
		}

		fi, err := fs.Stat(fsys, filename)
		if err != nil {
			return shell()
		}

		if fi.IsDir() {
			// a canonical dir url has a trailing slash
			if !strings.HasSuffix(urlPath, "/") {
				return e.Redirect(http.StatusMovedPermanently, safeRedirectPath(urlPath+"/"))
			}
			index := path.Join(filename, router.IndexPage)
			if ifi, err := fs.Stat(fsys, index); err != nil || ifi.IsDir() {
				return shell()
			}
			if filename == "." && (e.Request.Method == http.MethodGet || e.Request.Method == http.MethodHead) {
				// `/`: the prerendered landing page with the featured masterclass's hero filled in (landing.go)
				if served, err := serveLanding(e, fsys, index); served {
					return err
				}
			}
			return serveStatic(e, fsys, index, false)
		}

		if strings.HasSuffix(urlPath, "/") {
			// a file url has no trailing slash
			if trimmed := strings.TrimRight(urlPath, "/"); trimmed != "" {
				return e.Redirect(http.StatusMovedPermanently, safeRedirectPath(trimmed))
			}
		} else if stripped, ok := strings.CutSuffix(urlPath, router.IndexPage); ok {
			return e.Redirect(http.StatusMovedPermanently, safeRedirectPath(stripped))
		}

		return serveStatic(e, fsys, filename, false)
	}
}

func serveStatic(e *core.RequestEvent, fsys fs.FS, filename string, fallback bool) error {
	return serveStaticStatus(e, fsys, filename, fallback, http.StatusOK)
}

// isAppRoute: whether urlPath is one of the app's routes in routes.json
// ("/register", "/admin/$" for any path under /admin, "/$id" for one segment).
// Without the file (an older build) every path counts as a route.
func isAppRoute(fsys fs.FS, urlPath string) bool {
	data, err := fs.ReadFile(fsys, appRoutesFile)
	if err != nil {
		return true
	}
	var routes []string
	if err := json.Unmarshal(data, &routes); err != nil || len(routes) == 0 {
		return true
	}
	for _, route := range routes {
		if routeMatches(route, urlPath) {
			return true
		}
	}
	return false
}

func routeMatches(route, urlPath string) bool {
	want := splitPath(route)
	got := splitPath(urlPath)
	for i, segment := range want {
		if segment == "$" {
			return true
		}
		if i >= len(got) {
			return false
		}
		if !strings.HasPrefix(segment, "$") && segment != got[i] {
			return false
		}
	}
	return len(got) == len(want)
}

func splitPath(p string) []string {
	var out []string
	for _, segment := range strings.Split(p, "/") {
		if segment != "" {
			out = append(out, segment)
		}
	}
	return out
}

func serveStaticStatus(e *core.RequestEvent, fsys fs.FS, filename string, fallback bool, status int) error {
	f, err := fsys.Open(filename)
	if err != nil {
		return router.ErrFileNotFound
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.IsDir() {
		return router.ErrFileNotFound
	}

	header := e.Response.Header()
	header.Set("Cache-Control", staticCacheControl(filename, fallback))

	ext := strings.ToLower(path.Ext(filename))
	contentType := staticContentTypes[ext]
	if contentType == "" {
		contentType = mime.TypeByExtension(ext)
	}

	body, modTime := f, fi.ModTime()
	if contentType != "" {
		header.Set("Content-Type", contentType)
		header.Add("Vary", "Accept-Encoding")
		accepted := acceptedEncodings(e.Request.Header.Get("Accept-Encoding"))
		for _, enc := range preferredEncodings(accepted) {
			cf, err := fsys.Open(filename + enc.ext)
			if err != nil {
				continue
			}
			cfi, err := cf.Stat()
			if err != nil || cfi.IsDir() {
				cf.Close()
				continue
			}
			defer cf.Close()
			header.Set("Content-Encoding", enc.name)
			body, modTime = cf, cfi.ModTime()
			break
		}
	}

	if status != http.StatusOK {
		// Not a page of the app: the shell (its not-found page) under a 404, whole, never as a range.
		header.Set("Content-Length", strconv.FormatInt(mustSize(body), 10))
		e.Response.WriteHeader(status)
		if e.Request.Method != http.MethodHead {
			_, err := io.Copy(e.Response, body)
			return err
		}
		return nil
	}

	seeker, ok := body.(io.ReadSeeker)
	if !ok {
		return router.ErrFileNotFound
	}
	http.ServeContent(e.Response, e.Request, fi.Name(), modTime, seeker)
	return nil
}

// mustSize: the size of an open static file (0 when it cannot be told).
func mustSize(f fs.File) int64 {
	if fi, err := f.Stat(); err == nil {
		return fi.Size()
	}
	return 0
}

// staticCacheControl: hashed build assets are immutable; the HTML shell, the
// service worker and the manifest are revalidated on every use.
func staticCacheControl(filename string, fallback bool) string {
	base := strings.ToLower(path.Base(filename))
	switch {
	case fallback:
		return cacheNoCache
	case strings.HasSuffix(base, ".html") || strings.HasSuffix(base, ".htm"):
		return cacheNoCache
	case base == "sw.js" || base == "service-worker.js" || base == "registersw.js" || strings.HasSuffix(base, ".sw.js") || strings.HasSuffix(base, "-sw.js"):
		return cacheNoCache
	case strings.HasSuffix(base, ".webmanifest") || base == "manifest.json":
		return cacheNoCache
	case strings.HasPrefix(filename, "assets/"):
		return cacheImmutable
	default:
		return cacheShort
	}
}

// acceptedEncodings parses Accept-Encoding into coding -> q (lower case).
func acceptedEncodings(value string) map[string]float64 {
	out := map[string]float64{}
	for _, part := range strings.Split(value, ",") {
		fields := strings.Split(part, ";")
		name := strings.ToLower(strings.TrimSpace(fields[0]))
		if name == "" {
			continue
		}
		q := 1.0
		for _, param := range fields[1:] {
			k, v, ok := strings.Cut(strings.TrimSpace(param), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = parsed
				} else {
					q = 0
				}
			}
		}
		out[name] = q
	}
	return out
}

// preferredEncodings lists the acceptable encodings, highest q first and br
// before gzip on a tie.
func preferredEncodings(accepted map[string]float64) []struct{ name, ext string } {
	quality := func(name string) float64 {
		if q, ok := accepted[name]; ok {
			return q
		}
		if name == "gzip" {
			if q, ok := accepted["x-gzip"]; ok {
				return q
			}
		}
		if q, ok := accepted["*"]; ok {
			return q
		}
		return 0
	}
	var out []struct{ name, ext string }
	for _, enc := range staticEncodings {
		if quality(enc.name) > 0 {
			out = append(out, enc)
		}
	}
	if len(out) == 2 && quality(out[1].name) > quality(out[0].name) {
		out[0], out[1] = out[1], out[0]
	}
	return out
}

// safeRedirectPath collapses leading slashes and backslashes into one slash
// so a redirect never points at another host.
func safeRedirectPath(p string) string {
	if len(p) > 1 && (p[0] == '\\' || p[0] == '/') && (p[1] == '\\' || p[1] == '/') {
		p = "/" + strings.TrimLeft(p, `/\`)
	}
	return p
}
