// `pocketbase restore --replica [--at TIME] --dir <empty folder>` (docs/backups.md,
// "Replication"): the database from Litestream's replica in the BACKUP_S3_*
// bucket, as it was at TIME (UTC) or the latest it holds, and the uploaded
// files (storage/) from the newest backup in the bucket, into an empty data
// folder. Like the restore of a backup it refuses a folder that holds anything
// and starts nothing; the server started on the folder opens a new sync history
// (synchistory.go), so devices refill.
package main

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem/blob"
)

func restoreReplica(out io.Writer, at, dataDir string) error {
	started := time.Now()
	var point time.Time
	if at != "" {
		var err error
		if point, err = time.Parse(time.RFC3339, at); err != nil {
			return fmt.Errorf("--at must be a time in UTC such as 2026-12-02T09:30:00Z (RFC 3339); got %q", at)
		}
	}
	fsys, backup, err := bucketFromEnv()
	if err != nil {
		return err
	}
	if fsys == nil {
		return errors.New("the replica is in the BACKUP_S3_* bucket, and none is set: set the same BACKUP_S3_* variables as the server")
	}
	defer fsys.Close()
	bin := litestreamBin()
	if bin == "" {
		return errors.New("restoring the replica needs the litestream binary: put it beside the server's binary (a release has it) or name it in LITESTREAM_BIN")
	}
	restored := false
	leaveEmpty, err := claimEmptyFolder(dataDir)
	if err != nil {
		return err
	}
	defer func() { leaveEmpty(restored) }()

	cfg := replicationEnv{Interval: replicationDefaultInt, S3: backup.S3, Bin: bin}
	dbPath := filepath.Join(dataDir, "data.db")
	config, err := writeLitestreamConfig(cfg, dbPath)
	if err != nil {
		return fmt.Errorf("Litestream's configuration could not be written: %v", err)
	}
	defer os.Remove(config)
	args := []string{"restore", "-no-expand-env", "-config", config, "-integrity-check", "quick"}
	if !point.IsZero() {
		args = append(args, "-timestamp", point.UTC().Format(time.RFC3339))
	}
	cmd := exec.Command(bin, append(args, dbPath)...)
	cmd.Env = litestreamEnv(cfg)
	output, err := cmd.CombinedOutput()
	where := fmt.Sprintf("s3://%s/%s", backup.S3.Bucket, replicaPrefix)
	if err != nil {
		return fmt.Errorf("the replica in %s could not be restored (%v): %s", where, err, strings.TrimSpace(string(output)))
	}
	if err := checkDatabase(dbPath); err != nil {
		return fmt.Errorf("the replica in %s gave no database: %v", where, err)
	}

	filesFrom, err := restoreStorageFromNewestBackup(fsys, dataDir)
	if err != nil {
		return err
	}
	restored = true
	when := "the latest it holds"
	if !point.IsZero() {
		when = "as it was at " + point.UTC().Format(time.RFC3339)
	}
	fmt.Fprintf(out, "Restored the database from the replica in %s (%s) and %s into %s in %s.\nStart the server with --dir %s; it applies any newer migrations at its start.\n",
		where, when, filesFrom, dataDir, time.Since(started).Round(time.Millisecond), dataDir)
	return nil
}

// restoreStorageFromNewestBackup extracts storage/ (the uploaded files) from the
// newest zip backup in the bucket; it says what it restored, in words.
func restoreStorageFromNewestBackup(fsys interface {
	List(string) ([]*blob.ListObject, error)
	GetReader(string) (*blob.Reader, error)
}, dataDir string) (string, error) {
	files, err := fsys.List("")
	if err != nil {
		return "", fmt.Errorf("the bucket's backups could not be listed for the uploaded files: %v", err)
	}
	backups := withoutReplica(files)
	sort.Slice(backups, func(i, j int) bool { return backups[i].ModTime.After(backups[j].ModTime) })
	var newest *blob.ListObject
	for _, f := range backups {
		if strings.HasSuffix(f.Key, ".zip") {
			newest = f
			break
		}
	}
	if newest == nil {
		return "no uploaded files (the bucket holds no backup to take them from)", nil
	}
	reader, err := fsys.GetReader(newest.Key)
	if err != nil {
		return "", fmt.Errorf("the backup %s could not be read for the uploaded files: %v", newest.Key, err)
	}
	defer reader.Close()
	tempDir := filepath.Join(dataDir, core.LocalTempDirName)
	if err := os.MkdirAll(tempDir, 0o755); err != nil {
		return "", err
	}
	defer os.RemoveAll(tempDir)
	zipPath := filepath.Join(tempDir, "files.zip")
	file, err := os.Create(zipPath)
	if err != nil {
		return "", err
	}
	_, err = io.Copy(file, reader)
	if closeErr := file.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return "", fmt.Errorf("the backup %s could not be downloaded for the uploaded files: %v", newest.Key, err)
	}
	count, err := extractStorage(zipPath, dataDir)
	if err != nil {
		return "", fmt.Errorf("the uploaded files in %s could not be read: %v", newest.Key, err)
	}
	return fmt.Sprintf("the uploaded files (%d) from the newest backup, %s of %s", count, newest.Key, newest.ModTime.UTC().Format("2006-01-02 15:04 UTC")), nil
}

// extractStorage writes the zip's storage/ entries into dataDir; how many files.
func extractStorage(zipPath, dataDir string) (int, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return 0, err
	}
	defer zr.Close()
	count := 0
	for _, entry := range zr.File {
		name := filepath.ToSlash(filepath.Clean(entry.Name))
		if !strings.HasPrefix(name, "storage/") || strings.Contains(name, "..") || entry.FileInfo().IsDir() {
			continue
		}
		target := filepath.Join(dataDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return count, err
		}
		if err := copyZipEntry(entry, target); err != nil {
			return count, err
		}
		count++
	}
	return count, nil
}

func copyZipEntry(entry *zip.File, target string) error {
	in, err := entry.Open()
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if closeErr := out.Close(); err == nil {
		err = closeErr
	}
	return err
}
