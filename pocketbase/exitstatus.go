// A command that fails ends the process with exit status 1. PocketBase v0.39
// prints a command's error and then exits 0 (pocketbase.Execute ignores what
// its root command returns; its changelog promises proper non-zero exits for
// v0.40/v0.41), so a failed `migrate up`, a `superuser upsert` that did
// nothing or a `serve` whose migrations failed would look like success to a
// deploy script, systemd or the tests.
package main

import (
	"sync/atomic"

	"github.com/pocketbase/pocketbase"
	"github.com/spf13/cobra"
)

// recordCommandFailure wraps the command that runs, just before it runs, so
// its error is remembered; commandFailed answers whether it returned one.
func recordCommandFailure(app *pocketbase.PocketBase) (commandFailed func() bool) {
	var failed atomic.Bool
	previous := app.RootCmd.PersistentPreRunE
	app.RootCmd.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if run := cmd.RunE; run != nil {
			cmd.RunE = func(cmd *cobra.Command, args []string) error {
				err := run(cmd, args)
				if err != nil {
					failed.Store(true)
				}
				return err
			}
		}
		if previous != nil {
			return previous(cmd, args)
		}
		return nil
	}
	return failed.Load
}
