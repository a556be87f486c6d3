// A door pass's token (pb_hooks/lib/checkin/passes.js) opens only the door's
// routes, the sync pull (which scopes it, syncchanges.go), its own token
// refresh and realtime (whose rules give it nothing): any other API request
// carrying one is refused with 403.
//
// This runs on every request, so it is Go: as a JS middleware it took a
// pooled JS runtime for every request the server answered, held while the
// request's own handler ran in another.
package main

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

const doorPassRefusal = "A door pass opens only the door check-in of its masterclass."

var doorPassPaths = map[string]bool{
	"/api/masterclass/admin/check-in/roster":    true,
	"/api/masterclass/admin/check-in/push":      true,
	"/api/sync/changes":                         true,
	"/api/collections/door_passes/auth-refresh": true,
	"/api/realtime":                             true,
}

// doorPassScope: bound after PocketBase has read the request's auth token.
func doorPassScope() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil || e.Auth.Collection().Name != "door_passes" {
				return e.Next()
			}
			path := e.Request.URL.Path
			if doorPassPaths[path] || !strings.HasPrefix(path, "/api/") {
				return e.Next()
			}
			return e.JSON(http.StatusForbidden, map[string]any{
				"status":  http.StatusForbidden,
				"message": doorPassRefusal,
				"data":    map[string]any{"auth": map[string]any{"code": "door_pass", "message": doorPassRefusal}},
			})
		},
	}
}
