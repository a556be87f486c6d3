package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// How long an API request waits for its turn before it is answered 503,
// unless API_QUEUE_WAIT says otherwise.
const defaultAdmissionWait = 15 * time.Second

// The same sentence as MESSAGES.serverBusy in pb_hooks/lib/core/constants.js.
const serverBusyMessage = "We're very busy right now. Please try again in a moment."

// runtimesPerRequest: a request's route runs in one of PocketBase's pooled JS
// runtimes, and each JS record hook its writes set off runs in another while
// the route waits (a payment marking its registration paid holds three at
// once: the webhook's route, the invoice hook, the waitlist-offer hook). The
// hooks of the rows a registration writes are Go (recordhooks.go), so a
// registration holds one.
const runtimesPerRequest = 3

// apiConcurrency is how many API requests may run at once: API_CONCURRENCY,
// or as many as the pool of JS runtimes can serve without building one-off
// runtimes (--hooksPool divided by runtimesPerRequest, at least 4).
func apiConcurrency(hooksPool int) (int, error) {
	if value := strings.TrimSpace(os.Getenv("API_CONCURRENCY")); value != "" {
		limit, err := strconv.Atoi(value)
		if err != nil || limit < 1 {
			return 0, fmt.Errorf("API_CONCURRENCY must be a whole number of at least 1 (got %q)", value)
		}
		return limit, nil
	}
	return max(4, hooksPool/runtimesPerRequest), nil
}

// apiQueueWait is API_QUEUE_WAIT (a Go duration such as 15s), or 15 s.
func apiQueueWait() (time.Duration, error) {
	value := strings.TrimSpace(os.Getenv("API_QUEUE_WAIT"))
	if value == "" {
		return defaultAdmissionWait, nil
	}
	wait, err := time.ParseDuration(value)
	if err != nil || wait < 100*time.Millisecond || wait > 10*time.Minute {
		return 0, fmt.Errorf("API_QUEUE_WAIT must be a duration from 100ms to 10m, such as 15s (got %q)", value)
	}
	return wait, nil
}

// queuedPath reports whether a request to this path takes a turn: every API
// route, except the long-lived realtime stream, stored files and the health
// check, which run no JS and would hold a turn for nothing.
func queuedPath(path string) bool {
	if !strings.HasPrefix(path, "/api/") {
		return false
	}
	return !(path == "/api/realtime" || path == "/api/health" || strings.HasPrefix(path, "/api/files/"))
}

// bodyBeforeTurn: a request body up to this size is received whole before the
// request waits for a turn, so a client sending it slowly (a phone on a poor
// connection, or someone holding turns on purpose) holds none meanwhile. Every
// JSON route takes far less (256 KiB at most); a larger body (an upload) goes
// on without a turn, as every request did before admission.
const bodyBeforeTurn = 1 << 20

// bodyReader keeps the request's own Close for a body read ahead.
type bodyReader struct {
	io.Reader
	io.Closer
}

// receiveBody reads the request's body before it takes a turn and puts back a
// reader of the same bytes. It reports whether the request needs a turn: not
// when the body is larger than bodyBeforeTurn or could not be read (the
// handler then reads the rest, or the same error, as it would have).
func receiveBody(r *http.Request) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return true
	}
	received, err := io.ReadAll(io.LimitReader(r.Body, bodyBeforeTurn+1))
	rest := io.Reader(r.Body)
	if err != nil {
		rest = errorReader{err}
	}
	whole := err == nil && len(received) <= bodyBeforeTurn
	if whole {
		rest = http.NoBody
	}
	// rereadable, as PocketBase's router made the body it replaces (hooks and binding read it more than once)
	r.Body = &router.RereadableReadCloser{ReadCloser: bodyReader{io.MultiReader(bytes.NewReader(received), rest), r.Body}}
	return whole
}

// errorReader gives the handler the error reading the body ahead met.
type errorReader struct{ err error }

func (r errorReader) Read([]byte) (int, error) { return 0, r.err }

// admissionFigures: the turns in use now, the requests waiting for one, and
// the requests answered "very busy" since the server started, for the admin
// overview's System health ($apiRequests in the hooks, lib/admin/health.js).
type admissionFigures struct {
	limit      int
	started    time.Time
	running    atomic.Int64
	waiting    atomic.Int64
	turnedAway atomic.Int64
}

var apiRequests = &admissionFigures{started: time.Now().UTC()}

// apiRequestFigures is $apiRequests: the figures as the hooks read them.
func apiRequestFigures() map[string]any {
	return map[string]any{
		"limit":      apiRequests.limit,
		"running":    apiRequests.running.Load(),
		"waiting":    apiRequests.waiting.Load(),
		"turnedAway": apiRequests.turnedAway.Load(),
		"since":      apiRequests.started.Format("2006-01-02 15:04:05.000Z"),
	}
}

// apiAdmission lets at most `limit` API requests run at once; the others wait
// in line, in Go, for up to `wait`. PocketBase gives a request that
// finds every pooled JS runtime busy a runtime built for it alone (its
// modules loaded again), so a crowd arriving at once (a sales opening) made
// the server spend its CPU building runtimes and grow to gigabytes of them;
// waiting here costs neither (bench/README.md, "Admission").
func apiAdmission(limit int, wait time.Duration) *hook.Handler[*core.RequestEvent] {
	turns := make(chan struct{}, limit)
	apiRequests.limit = limit
	return &hook.Handler[*core.RequestEvent]{
		Id: "masterclassApiAdmission",
		// after PocketBase's rate limit and body limit, before every route
		Priority: apis.DefaultBodyLimitMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			if !queuedPath(e.Request.URL.Path) || !receiveBody(e.Request) {
				return e.Next()
			}
			select {
			case turns <- struct{}{}:
			default:
				timer := time.NewTimer(wait)
				defer timer.Stop()
				apiRequests.waiting.Add(1)
				select {
				case turns <- struct{}{}:
					apiRequests.waiting.Add(-1)
				case <-e.Request.Context().Done():
					// the client has gone: nothing ran, nobody to answer
					apiRequests.waiting.Add(-1)
					return nil
				case <-timer.C:
					apiRequests.waiting.Add(-1)
					apiRequests.turnedAway.Add(1)
					e.Response.Header().Set("Retry-After", "5")
					return e.JSON(http.StatusServiceUnavailable, map[string]any{
						"status":  http.StatusServiceUnavailable,
						"message": serverBusyMessage,
						"data":    map[string]any{},
					})
				}
			}
			apiRequests.running.Add(1)
			defer func() {
				apiRequests.running.Add(-1)
				<-turns
			}()
			return e.Next()
		},
	}
}
