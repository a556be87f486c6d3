// The masterclass server: stock PocketBase with the JS hooks and JS migrations
// plugins and a static route for the built PWA. All product logic lives in
// ../pb_hooks and ../pb_migrations.
package main

import (
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
	"github.com/pocketbase/pocketbase/tools/hook"
)

func main() {
	app := pocketbase.New()
	servePprof()

	var hooksDir string
	app.RootCmd.PersistentFlags().StringVar(&hooksDir, "hooksDir", "", "the directory with the JS app hooks")

	var hooksWatch bool
	app.RootCmd.PersistentFlags().BoolVar(&hooksWatch, "hooksWatch", false, "auto restart the app on pb_hooks file change")

	var hooksPool int
	app.RootCmd.PersistentFlags().IntVar(&hooksPool, "hooksPool", 15, "the total prewarm goja.Runtime instances for the JS app hooks execution")

	var migrationsDir string
	app.RootCmd.PersistentFlags().StringVar(&migrationsDir, "migrationsDir", "", "the directory with the user defined migrations")

	var publicDir string
	app.RootCmd.PersistentFlags().StringVar(&publicDir, "publicDir", defaultPublicDir(), "the directory to serve static files")

	var indexFallback bool
	app.RootCmd.PersistentFlags().BoolVar(&indexFallback, "indexFallback", true, "fallback the request to index.html on missing static path")

	app.RootCmd.ParseFlags(os.Args[1:])

	// `restore <backup> --dir <empty folder>` runs alone, without PocketBase's
	// bootstrap, which would make a database in the folder (backup_restore.go)
	restoreCmd := newRestoreCommand(app)
	app.RootCmd.AddCommand(restoreCmd)
	if runsRestore(app, restoreCmd) {
		if err := app.RootCmd.Execute(); err != nil {
			os.Exit(1)
		}
		return
	}

	jsvm.MustRegister(app, jsvm.Config{
		MigrationsDir: migrationsDir,
		HooksDir:      hooksDir,
		HooksWatch:    hooksWatch,
		HooksPoolSize: hooksPool,
		// $mainApp: the application itself, never a transaction. PocketBase's JS
		// runtimes are pooled and a record hook leaves a runtime's global $app
		// bound to its transaction; a cron job run later on that runtime would
		// query a finished transaction. Background jobs use $mainApp instead
		// (pb_hooks/lib/core/jobs.js).
		OnInit: func(vm *goja.Runtime) {
			vm.Set("$mainApp", app)
			vm.Set("$invoicePdf", invoicePdf)         // tax invoices and adjustment notes as PDF (invoice.go)
			vm.Set("$ticketQrPng", ticketQrPng)       // the ticket's QR code as a PNG for emails (ticketqr.go)
			vm.Set("$apiRequests", apiRequestFigures) // requests running and waiting their turn (admission.go)
			// counts a job's run in job_runs, with the statement the backups use (jobruns.go)
			vm.Set("$recordJobRun", recordJobRunFromHooks)
			// require() by absolute path without resolving it again on every call (requirecache.go)
			memoizeRequire(vm)
		},
	})

	// CRON_INTERVAL: how often the job scheduler ticks (a Go duration, one minute
	// when unset). Tests shorten it so the every-minute jobs run every second.
	if interval := os.Getenv("CRON_INTERVAL"); interval != "" {
		tick, err := time.ParseDuration(interval)
		if err != nil || tick < 100*time.Millisecond {
			log.Fatalf("CRON_INTERVAL must be a duration of at least 100ms, such as 1s (got %q)", interval)
		}
		app.Cron().SetInterval(tick)
	}

	// backup settings from BACKUP_* on every start, a backup before migrations,
	// and a record of every backup run (backup.go and the backup_*.go beside it)
	registerBackups(app)
	registerSnapshotBackups(app)
	registerReplication(app)

	// a message whose HTML shows its own images goes out as multipart/related (mail.go)
	registerRelatedMail(app)

	// GET /api/sync/changes and the server-only sync_seq field (syncchanges.go)
	registerSync(app)

	// the sync history: a new epoch at every start, so a restored backup or a
	// data folder copied in tells devices to start again (synchistory.go)
	registerSyncHistory(app)

	// ticket codes and seat visibility for attendee rows, no email to a deleted address (recordhooks.go)
	registerRecordHooks(app)

	// an update of a record devices edit offline is checked and saved in one
	// transaction, on the row as it is then, writing only the fields it sends (syncupdate.go)
	registerAtomicSyncUpdates(app)

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Dir:          migrationsDir,
	})

	concurrency, err := apiConcurrency(hooksPool)
	if err != nil {
		log.Fatal(err)
	}
	queueWait, err := apiQueueWait()
	if err != nil {
		log.Fatal(err)
	}

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(e *core.ServeEvent) error {
			// API requests beyond what the pooled JS runtimes serve wait their turn (admission.go)
			e.Router.Bind(apiAdmission(concurrency, queueWait))
			// a door pass's token opens only the door's routes (doorpass.go)
			e.Router.Bind(doorPassScope())
			// CSP (with the build's script hashes), Permissions-Policy, framing,
			// referrer, nosniff, opener isolation and HSTS for an https APP_URL (headers.go)
			e.Router.Bind(securityHeaders(os.DirFS(publicDir), os.Getenv("APP_URL")))
			if !e.Router.HasRoute(http.MethodGet, "/{path...}") {
				// precompressed siblings and cache headers (static.go); unknown API
				// and dashboard paths are errors, never the app shell
				e.Router.GET("/{path...}", staticHandler(os.DirFS(publicDir), indexFallback))
			}
			return e.Next()
		},
		Priority: 999,
	})

	// a command that returns an error exits 1, not PocketBase v0.39's 0 (exitstatus.go)
	commandFailed := recordCommandFailure(app)

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
	if commandFailed() {
		os.Exit(1)
	}
}

func defaultPublicDir() string {
	if strings.HasPrefix(os.Args[0], os.TempDir()) {
		return "./pb_public"
	}
	return filepath.Join(os.Args[0], "../pb_public")
}
