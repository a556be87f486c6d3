// `pocketbase restore <backup> --dir <empty folder>` (docs/backups.md): brings
// one backup (a zip on this machine, or a key in the BACKUP_S3_* bucket) into
// an empty data folder, without starting anything. It refuses a folder that
// holds anything, so a live data folder is never overwritten; start the server
// on the restored folder afterwards. `pocketbase restore` alone lists the
// bucket's backups, newest first.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/archive"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/spf13/cobra"
)

func newRestoreCommand(app *pocketbase.PocketBase) *cobra.Command {
	var fromReplica bool
	var at string
	cmd := &cobra.Command{
		Use:   "restore [backup.zip | key in the S3 bucket] | restore --replica [--at TIME]",
		Short: "Restores a backup, or the replica at a point in time, into an empty data folder (--dir); without either, lists the bucket's backups",
		Example: "  pocketbase restore /srv/backups/pre-migrate-20261127-030000.zip --dir /srv/masterclass/pb_data\n" +
			"  pocketbase restore @auto_pb_backup_ai_champions_masterclass_20261127030000.zip --dir pb_data   (BACKUP_S3_* set)\n" +
			"  pocketbase restore --replica --dir pb_data                              (the latest the replica holds)\n" +
			"  pocketbase restore --replica --at 2026-12-02T09:30:00Z --dir pb_data    (as it was then, UTC)",
		Args:         cobra.MaximumNArgs(1),
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if fromReplica {
				if len(args) > 0 {
					return errors.New("--replica restores from the replica: name no backup with it")
				}
				return restoreReplica(cmd.OutOrStdout(), at, app.DataDir())
			}
			if at != "" {
				return errors.New("--at is a point in time of the replica: use it with --replica")
			}
			if len(args) == 0 {
				return listBucketBackups(cmd.OutOrStdout())
			}
			return restoreBackup(cmd.OutOrStdout(), args[0], app.DataDir())
		},
	}
	cmd.Flags().BoolVar(&fromReplica, "replica", false, "restore the database from the continuous replica (REPLICATION) in the BACKUP_S3_* bucket, and the uploaded files from the newest backup there")
	cmd.Flags().StringVar(&at, "at", "", "with --replica: the point in time to restore, in UTC (RFC 3339, e.g. 2026-12-02T09:30:00Z); the latest when left out")
	return cmd
}

// runsRestore: whether this process was asked to restore (it then runs
// without PocketBase's bootstrap, which would make a database in the folder).
func runsRestore(app *pocketbase.PocketBase, restore *cobra.Command) bool {
	cmd, _, err := app.RootCmd.Find(os.Args[1:])
	return err == nil && cmd == restore
}

func bucketFromEnv() (*filesystem.System, backupEnv, error) {
	cfg, err := backupEnvFromOS()
	if err != nil {
		return nil, cfg, err
	}
	if !cfg.S3.Enabled {
		return nil, cfg, nil
	}
	fsys, err := filesystem.NewS3(cfg.S3.Bucket, cfg.S3.Region, cfg.S3.Endpoint, cfg.S3.AccessKey, cfg.S3.Secret, cfg.S3.ForcePathStyle)
	return fsys, cfg, err
}

func listBucketBackups(out io.Writer) error {
	fsys, cfg, err := bucketFromEnv()
	if err != nil {
		return err
	}
	if fsys == nil {
		return errors.New("name the backup to restore: a zip file, or a key in the bucket the BACKUP_S3_* variables name (none are set)")
	}
	defer fsys.Close()
	files, err := fsys.List("")
	if err != nil {
		return fmt.Errorf("the backups in %s could not be listed: %v", cfg.where(), err)
	}
	files = withoutReplica(files)
	sort.Slice(files, func(i, j int) bool { return files[i].ModTime.After(files[j].ModTime) })
	fmt.Fprintf(out, "Backups in %s, newest first:\n", cfg.where())
	for _, f := range files {
		fmt.Fprintf(out, "  %s  %s  %s\n", f.ModTime.UTC().Format("2006-01-02 15:04 UTC"), humanBytes(f.Size), f.Key)
	}
	if len(files) == 0 {
		fmt.Fprintln(out, "  (none)")
	}
	return nil
}

// restoreBackup extracts the backup into dataDir, which must be empty or missing.
func restoreBackup(out io.Writer, source, dataDir string) error {
	started := time.Now()
	restored := false
	leaveEmpty, err := claimEmptyFolder(dataDir)
	if err != nil {
		return err
	}
	defer func() { leaveEmpty(restored) }()

	zipPath, from, size, err := fetchBackup(source, dataDir)
	if err != nil {
		return err
	}
	// A backup in the bucket is downloaded into the folder's temp dir, which PocketBase removes at its next start.
	if err := archive.Extract(zipPath, dataDir); err != nil {
		return fmt.Errorf("%s is not a backup that can be read (%v)", from, err)
	}
	if strings.HasPrefix(zipPath, filepath.Join(dataDir, core.LocalTempDirName)) {
		_ = os.RemoveAll(filepath.Join(dataDir, core.LocalTempDirName))
	}
	if err := checkDatabase(filepath.Join(dataDir, "data.db")); err != nil {
		return fmt.Errorf("%s is not a backup of this server: %v", from, err)
	}
	restored = true
	fmt.Fprintf(out, "Restored %s (%s) into %s in %s.\nStart the server with --dir %s; it applies any newer migrations at its start.\n",
		from, humanBytes(size), dataDir, time.Since(started).Round(time.Millisecond), dataDir)
	return nil
}

// claimEmptyFolder makes sure dataDir is empty (or missing) and exists; the
// function it returns empties the folder again unless the restore succeeded,
// so a failed restore leaves it as it was found.
func claimEmptyFolder(dataDir string) (func(restored bool), error) {
	if err := ensureEmptyFolder(dataDir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, fmt.Errorf("the data folder %s could not be made: %v", dataDir, err)
	}
	return func(restored bool) {
		if !restored {
			clearFolder(dataDir)
		}
	}, nil
}

func ensureEmptyFolder(dataDir string) error {
	entries, err := os.ReadDir(dataDir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("the data folder %s could not be read: %v", dataDir, err)
	}
	if len(entries) == 0 {
		return nil
	}
	names := make([]string, 0, 3)
	for _, entry := range entries {
		if len(names) == 3 {
			names = append(names, "…")
			break
		}
		names = append(names, entry.Name())
	}
	return fmt.Errorf(
		"refusing to restore into %s: the folder is not empty (it holds %s). Restore into a new, empty folder (--dir), or move this one aside first; a restore never overwrites data",
		dataDir, strings.Join(names, ", "),
	)
}

// fetchBackup finds the backup: a file on this machine, else a key in the bucket.
func fetchBackup(source, dataDir string) (zipPath, from string, size int64, err error) {
	if info, statErr := os.Stat(source); statErr == nil {
		if !info.Mode().IsRegular() {
			return "", "", 0, fmt.Errorf("%s is not a backup file", source)
		}
		return source, source, info.Size(), nil
	}
	fsys, cfg, err := bucketFromEnv()
	if err != nil {
		return "", "", 0, err
	}
	if fsys == nil {
		return "", "", 0, fmt.Errorf("there is no file %s here, and no S3 bucket is set (BACKUP_S3_*) to fetch it from", source)
	}
	defer fsys.Close()
	from = fmt.Sprintf("%s from %s", source, cfg.where())
	if ok, _ := fsys.Exists(source); !ok {
		return "", "", 0, fmt.Errorf("there is no file %s here, and no backup of that name in %s (`pocketbase restore` alone lists them)", source, cfg.where())
	}
	reader, err := fsys.GetReader(source)
	if err != nil {
		return "", "", 0, fmt.Errorf("%s could not be read: %v", from, err)
	}
	defer reader.Close()
	tempDir := filepath.Join(dataDir, core.LocalTempDirName)
	if err := os.MkdirAll(tempDir, 0o755); err != nil {
		return "", "", 0, err
	}
	zipPath = filepath.Join(tempDir, "restore.zip")
	file, err := os.Create(zipPath)
	if err != nil {
		return "", "", 0, err
	}
	size, err = io.Copy(file, reader)
	if closeErr := file.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return "", "", 0, fmt.Errorf("%s could not be downloaded: %v", from, err)
	}
	return zipPath, from, size, nil
}

func checkDatabase(path string) error {
	file, err := os.Open(path)
	if err != nil {
		return errors.New("it holds no data.db")
	}
	defer file.Close()
	header := make([]byte, 16)
	if _, err := io.ReadFull(file, header); err != nil || !bytes.Equal(header, []byte("SQLite format 3\x00")) {
		return errors.New("its data.db is not an SQLite database")
	}
	return nil
}

func clearFolder(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, entry := range entries {
		_ = os.RemoveAll(filepath.Join(dir, entry.Name()))
	}
}
