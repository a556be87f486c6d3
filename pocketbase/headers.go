// Security headers on every answer: the app's pages and files get a strict
// Content-Security-Policy (inline scripts allowed only by the hashes the build
// wrote to csp-hashes.json), a Permissions-Policy and anti-framing; API answers
// a policy that lets nothing load; every answer nosniff, a Referrer-Policy, the
// opener isolation and, when the public URL is https, HSTS. The PocketBase
// dashboard (/_/) keeps PocketBase's own policy, which its inline code needs.
// docs/security-and-privacy.md#headers says why each header is what it is.
package main

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// cspHashesFile lists the CSP hash sources ('sha256-…') of the built pages'
// inline scripts (written by scripts/lib/csp-hashes.mjs).
const cspHashesFile = "csp-hashes.json"

// appPolicy is the app's Content-Security-Policy without its script hashes.
// Styles: Mantine writes <style> elements and style attributes at run time, so
// style-src needs 'unsafe-inline' (which cannot run script). Images: the
// profile image is an address its owner types, so any https image may load.
var appPolicy = []string{
	"default-src 'self'",
	"script-src 'self'", // + the build's hashes
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data: blob: https:",
	"font-src 'self'",
	"connect-src 'self'",
	"worker-src 'self' blob:",
	"manifest-src 'self'",
	"object-src 'none'",
	"base-uri 'self'",
	"form-action 'self'",
	"frame-ancestors 'none'",
}

// apiPolicy: API answers are data, never pages to render or frame. Routes that
// answer a page of their own set their own policy (pb_hooks/lib/core/link-page.js).
const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// permissionsPolicy: the camera for the door scanner on this origin only (the
// app is one document: a policy set only for /admin/check-in would not follow
// a click from /admin, nor the service worker's shell); the rest unused.
const permissionsPolicy = "camera=(self), microphone=(), geolocation=(), payment=(), usb=()"

const hstsValue = "max-age=31536000"

// A CSP hash source as the build writes it.
var cspHashSource = regexp.MustCompile(`^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$`)

// securityHeaders sets the headers before the route runs, so a route may still
// replace one (PocketBase's file route keeps its own sandboxing policy).
func securityHeaders(fsys fs.FS, appURL string) *hook.Handler[*core.RequestEvent] {
	hsts := strings.HasPrefix(strings.ToLower(strings.TrimSpace(appURL)), "https://")
	hashes := &cspHashCache{fsys: fsys}
	return &hook.Handler[*core.RequestEvent]{
		Id: "masterclassSecurityHeaders",
		// Right after PocketBase's own security headers, so X-Frame-Options is ours.
		Priority: apis.DefaultSecurityHeadersMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			header := e.Response.Header()
			urlPath := e.Request.URL.Path
			header.Set("X-Content-Type-Options", "nosniff")
			header.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			header.Set("Cross-Origin-Opener-Policy", "same-origin")
			if hsts {
				header.Set("Strict-Transport-Security", hstsValue)
			}
			switch {
			case urlPath == "/_" || strings.HasPrefix(urlPath, "/_/"):
				// the dashboard: PocketBase's own CSP and X-Frame-Options
			case strings.HasPrefix(urlPath, "/api/files/"):
				// uploaded files: PocketBase's sandboxing CSP (no script runs, even in an
				// SVG opened directly) and no framing rule, as PocketBase serves them
			case strings.HasPrefix(urlPath, "/api/"):
				header.Set("Content-Security-Policy", apiPolicy)
				header.Set("X-Frame-Options", "DENY")
			default:
				policy, built := hashes.policy()
				if built {
					header.Set("Content-Security-Policy", policy)
				} else {
					// a build from before csp-hashes.json: its inline scripts are unknown,
					// so the policy only reports, and the build keeps working
					header.Set("Content-Security-Policy-Report-Only", policy)
				}
				header.Set("Permissions-Policy", permissionsPolicy)
				header.Set("X-Frame-Options", "DENY")
			}
			return e.Next()
		},
	}
}

// cspHashCache reads csp-hashes.json when it changes (a new build in the same
// directory), not on every request.
type cspHashCache struct {
	fsys    fs.FS
	mu      sync.Mutex
	modTime time.Time
	size    int64
	value   string
	read    bool
}

// policy: the app's CSP with the current build's script hashes, and whether
// the build listed them (a malformed list allows no inline script).
func (c *cspHashCache) policy() (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fi, err := fs.Stat(c.fsys, cspHashesFile)
	if err != nil || fi.IsDir() {
		c.read = false
		return buildAppPolicy(nil), false
	}
	if c.read && fi.ModTime().Equal(c.modTime) && fi.Size() == c.size {
		return c.value, true
	}
	var hashes []string
	if data, err := fs.ReadFile(c.fsys, cspHashesFile); err == nil {
		var listed []string
		if json.Unmarshal(data, &listed) == nil {
			for _, source := range listed {
				if cspHashSource.MatchString(source) {
					hashes = append(hashes, source)
				}
			}
		}
	}
	c.value, c.size, c.modTime, c.read = buildAppPolicy(hashes), fi.Size(), fi.ModTime(), true
	return c.value, true
}

func buildAppPolicy(scriptHashes []string) string {
	directives := make([]string, len(appPolicy))
	copy(directives, appPolicy)
	for i, directive := range directives {
		if strings.HasPrefix(directive, "script-src ") && len(scriptHashes) > 0 {
			directives[i] = directive + " " + strings.Join(scriptHashes, " ")
		}
	}
	return strings.Join(directives, "; ")
}
