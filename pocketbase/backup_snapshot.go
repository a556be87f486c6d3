// Backups that never touch the live database's locks (docs/backups.md).
//
// SQLite's locks are POSIX record locks: they belong to the process and the
// file, and closing ANY descriptor the process has on that file drops all of
// them, whichever connection took them. PocketBase's own backup zips the data
// folder by opening data.db (and its -wal and -shm) as plain files, so after a
// backup the server's connections hold no lock the system knows of. The next
// process to open the database (the sqlite3 shell, a replication tool) then
// believes it is the only one, checkpoints and deletes the -wal and -shm files
// when it closes, and the server answers "disk I/O error".
//
// This backup takes each database through SQLite itself: `VACUUM INTO` a file
// in the temporary folder (a consistent copy made by the connection's own
// pager, which never opens the live file a second time), zips those copies
// with every other file of the data folder, and stores the zip where
// PocketBase would (the local backups folder or S3). Writes wait while it is
// made, as they do for PocketBase's own backup. The zip is the one PocketBase
// makes and restores (data.db, auxiliary.db, storage/…), minus the -wal and
// -shm files a VACUUM copy does not need.
package main

import (
	"archive/zip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/inflector"
	"github.com/pocketbase/pocketbase/tools/security"
)

// The databases PocketBase keeps in the data folder, by file name.
const (
	mainDbFile = "data.db"
	auxDbFile  = "auxiliary.db"
)

// registerSnapshotBackups makes every backup (the schedule, the dashboard, the
// API) through snapshotBackup instead of PocketBase's file copy. It runs last of
// the backup hooks, so the run is recorded around it (backup.go).
func registerSnapshotBackups(app core.App) {
	app.OnBackupCreate().Bind(&hook.Handler[*core.BackupEvent]{
		Id:       "masterclassSnapshotBackup",
		Priority: 1000,
		Func:     snapshotBackup,
	})
}

// snapshotBackup makes the backup and does not hand on to PocketBase's own.
func snapshotBackup(e *core.BackupEvent) error {
	if e.Name == "" {
		e.Name = backupName(e.App, "pb_backup_")
	}
	tempRoot := filepath.Join(e.App.DataDir(), core.LocalTempDirName)
	if err := os.MkdirAll(tempRoot, 0o755); err != nil {
		return fmt.Errorf("failed to create a temp dir: %w", err)
	}
	work, err := os.MkdirTemp(tempRoot, "pb_backup_")
	if err != nil {
		return fmt.Errorf("failed to create a temp dir: %w", err)
	}
	defer os.RemoveAll(work)
	zipPath := filepath.Join(work, "backup-"+security.PseudorandomString(6)+".zip")

	// writes (they all go through the one nonconcurrent connection) wait until
	// both copies and the files are in the zip; the copies read through the
	// concurrent pool
	err = e.App.RunInTransaction(func(txApp core.App) error {
		return txApp.AuxRunInTransaction(func(core.App) error {
			if err := vacuumInto(e.App, false, filepath.Join(work, mainDbFile)); err != nil {
				return err
			}
			if err := vacuumInto(e.App, true, filepath.Join(work, auxDbFile)); err != nil {
				return err
			}
			return zipDataFolder(e.App.DataDir(), work, zipPath, e.Exclude)
		})
	})
	if err != nil {
		return err
	}

	fsys, err := e.App.NewBackupsFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	fsys.SetContext(e.Context)
	file, err := filesystem.NewFileFromPath(zipPath)
	if err != nil {
		return err
	}
	file.OriginalName = e.Name
	file.Name = e.Name
	return fsys.UploadFile(file, e.Name)
}

// vacuumInto copies one database into path through SQLite (a consistent copy, the live file untouched).
func vacuumInto(app core.App, aux bool, path string) error {
	// the concurrent pool: DB() would send a statement that is not a SELECT
	// to the one nonconcurrent connection, which the backup's transaction holds
	db := app.ConcurrentDB()
	if aux {
		db = app.AuxConcurrentDB()
	}
	if _, err := db.NewQuery("VACUUM INTO {:path}").Bind(map[string]any{"path": path}).Execute(); err != nil {
		return fmt.Errorf("failed to copy %s: %w", filepath.Base(path), err)
	}
	return nil
}

// isLiveDbFile: a database file of the data folder's root, or its -wal, -shm or -journal.
func isLiveDbFile(rel string) bool {
	if strings.Contains(rel, "/") {
		return false
	}
	for _, db := range []string{mainDbFile, auxDbFile} {
		if rel == db || rel == db+"-wal" || rel == db+"-shm" || rel == db+"-journal" {
			return true
		}
	}
	return false
}

// zipDataFolder writes the zip: the database copies from work, then every other
// file of the data folder (storage, …), skipping the excluded root entries and
// the live database files.
func zipDataFolder(dataDir, work, zipPath string, exclude []string) error {
	out, err := os.Create(zipPath)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(out)
	fail := func(err error) error {
		zw.Close()
		out.Close()
		return err
	}
	for _, db := range []string{mainDbFile, auxDbFile} {
		if err := addToZip(zw, filepath.Join(work, db), db); err != nil {
			return fail(err)
		}
	}
	excluded := map[string]bool{}
	for _, name := range exclude {
		excluded[name] = true
	}
	err = filepath.WalkDir(dataDir, func(path string, entry fs.DirEntry, walkErr error) error {
		if walkErr != nil {
			return walkErr
		}
		rel, err := filepath.Rel(dataDir, path)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !strings.Contains(rel, "/") && excluded[rel] {
			if entry.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if entry.IsDir() || isLiveDbFile(rel) || !entry.Type().IsRegular() {
			return nil
		}
		return addToZip(zw, path, rel)
	})
	if err != nil {
		return fail(err)
	}
	if err := zw.Close(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func addToZip(zw *zip.Writer, path, name string) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	header, err := zip.FileInfoHeader(info)
	if err != nil {
		return err
	}
	header.Name = name
	header.Method = zip.Deflate
	w, err := zw.CreateHeader(header)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, in)
	return err
}

// backupName: PocketBase's name for a backup made without one (pb_backup_<app>_<UTC time>.zip).
func backupName(app core.App, prefix string) string {
	appName := inflector.Snakecase(app.Settings().Meta.AppName)
	if len(appName) > 50 {
		appName = appName[:50]
	}
	return fmt.Sprintf("%s%s_%s.zip", prefix, appName, time.Now().UTC().Format("20060102150405"))
}
