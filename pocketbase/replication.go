// Continuous replication of the database (docs/backups.md, "Replication"):
// Litestream, run beside the server as its own process, copies every change
// of data.db to the BACKUP_S3_* bucket (under litestream/) within about a
// second, so a lost disk loses seconds of registrations, not a day.
// `pocketbase restore --replica [--at TIME]` brings the database back from it.
//
// Why a separate process and not Litestream's library inside this one: SQLite's
// locks are POSIX record locks, held per process and file, and a second SQLite
// library in this process (Litestream's) closing its descriptor on data.db
// would drop the server's locks (backup_snapshot.go explains what that breaks).
// A process of its own holds its own locks, as the sqlite3 shell does.
//
// Settings: REPLICATION=on|off (unset: on in production mode when the
// BACKUP_S3_* bucket is set and the litestream binary is found, else off;
// REPLICATION=on without a bucket or a binary stops the start),
// REPLICATION_INTERVAL (how often changes are shipped, 1s by default, 1s–1h),
// LITESTREAM_BIN (the binary; by default `litestream` beside this server's
// binary, then on PATH). The bucket's credentials reach Litestream in its
// environment only: the configuration file this writes holds no secret.
//
// The server starts Litestream once it serves, restarts it when it exits (after
// 5 s, then up to a minute), stops it when the server stops (it ships what is
// left first), and takes it down with it if the server is killed. 10 s after the start and then every minute
// the "replication" row of job_runs records whether it is working (running and
// no error logged since the last minute): the overview's System health shows
// it, and the alerts job tells the administrators when it fails.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
)

const (
	replicationJobID      = "replication"
	replicaPrefix         = "litestream/"
	replicationDefaultInt = time.Second
	replicationCheckEvery = time.Minute
	replicationFirstCheck = 10 * time.Second
)

type replicationEnv struct {
	On       bool
	From     string // "set" (REPLICATION=on), "default", "off", "no-bucket", "no-binary", "development"
	Interval time.Duration
	Bin      string
	S3       core.S3Config
}

// litestreamBin: LITESTREAM_BIN, else `litestream` beside this binary, else on PATH ("" when none).
func litestreamBin() string {
	if bin := strings.TrimSpace(os.Getenv("LITESTREAM_BIN")); bin != "" {
		return bin
	}
	if self, err := os.Executable(); err == nil {
		beside := filepath.Join(filepath.Dir(self), "litestream")
		if info, err := os.Stat(beside); err == nil && info.Mode().IsRegular() {
			return beside
		}
	}
	if found, err := exec.LookPath("litestream"); err == nil {
		return found
	}
	return ""
}

// replicationEnvFromOS reads REPLICATION* beside the backup settings.
func replicationEnvFromOS(backup backupEnv) (replicationEnv, error) {
	cfg := replicationEnv{Interval: replicationDefaultInt, S3: backup.S3}
	if raw := strings.TrimSpace(os.Getenv("REPLICATION_INTERVAL")); raw != "" {
		interval, err := time.ParseDuration(raw)
		if err != nil || interval < time.Second || interval > time.Hour {
			return cfg, fmt.Errorf("REPLICATION_INTERVAL must be a duration from 1s to 1h such as 1s or 30s; got %q", raw)
		}
		cfg.Interval = interval
	}
	raw := strings.ToLower(strings.TrimSpace(os.Getenv("REPLICATION")))
	switch raw {
	case "off":
		cfg.From = "off"
		return cfg, nil
	case "on":
		if !backup.S3.Enabled {
			return cfg, errors.New("REPLICATION=on needs the BACKUP_S3_* bucket to replicate to; set them, or REPLICATION=off")
		}
		if cfg.Bin = litestreamBin(); cfg.Bin == "" {
			return cfg, errors.New("REPLICATION=on needs the litestream binary: put it beside the server's binary (a release has it) or name it in LITESTREAM_BIN; or set REPLICATION=off")
		}
		cfg.On, cfg.From = true, "set"
		return cfg, nil
	case "":
	default:
		return cfg, fmt.Errorf("REPLICATION must be on or off; got %q", raw)
	}
	switch {
	case !productionMode():
		cfg.From = "development"
	case !backup.S3.Enabled:
		cfg.From = "no-bucket"
	default:
		if cfg.Bin = litestreamBin(); cfg.Bin == "" {
			cfg.From = "no-binary"
		} else {
			cfg.On, cfg.From = true, "default"
		}
	}
	return cfg, nil
}

// startLine: what the start prints about replication.
func (cfg replicationEnv) startLine() string {
	switch cfg.From {
	case "set", "default":
		return fmt.Sprintf("Replication: every change of the database to s3://%s/%s within %s (Litestream, %s); `restore --replica` brings it back", cfg.S3.Bucket, replicaPrefix, cfg.Interval, cfg.Bin)
	case "off":
		return "Replication: off (REPLICATION=off); the recovery point is the last backup"
	case "no-bucket":
		return "Replication: off (no BACKUP_S3_* bucket to replicate to); the recovery point is the last backup"
	case "no-binary":
		return "Replication: off (no litestream binary beside the server or on PATH; LITESTREAM_BIN names one); the recovery point is the last backup"
	}
	return "Replication: off (development mode; REPLICATION=on switches it on)"
}

// quoteYAML: a double-quoted YAML scalar (JSON's string syntax is YAML's).
func quoteYAML(value string) string {
	out, _ := json.Marshal(value)
	return string(out)
}

// litestreamConfig: Litestream's configuration for data.db at dbPath; no secret in it.
func litestreamConfig(cfg replicationEnv, dbPath string) string {
	var b strings.Builder
	b.WriteString("logging:\n  level: info\n  type: json\n")
	b.WriteString("dbs:\n")
	fmt.Fprintf(&b, "  - path: %s\n", quoteYAML(dbPath))
	b.WriteString("    replica:\n      type: s3\n")
	fmt.Fprintf(&b, "      bucket: %s\n", quoteYAML(cfg.S3.Bucket))
	fmt.Fprintf(&b, "      path: %s\n", quoteYAML(replicaPrefix+"data.db"))
	if cfg.S3.Endpoint != "" {
		fmt.Fprintf(&b, "      endpoint: %s\n", quoteYAML(cfg.S3.Endpoint))
	}
	if cfg.S3.Region != "" {
		fmt.Fprintf(&b, "      region: %s\n", quoteYAML(cfg.S3.Region))
	}
	fmt.Fprintf(&b, "      force-path-style: %t\n", cfg.S3.ForcePathStyle)
	fmt.Fprintf(&b, "      sync-interval: %s\n", cfg.Interval)
	return b.String()
}

// writeLitestreamConfig writes the configuration into a private temporary file.
func writeLitestreamConfig(cfg replicationEnv, dbPath string) (string, error) {
	file, err := os.CreateTemp("", "masterclass-litestream-*.yml")
	if err != nil {
		return "", err
	}
	_, err = file.WriteString(litestreamConfig(cfg, dbPath))
	if closeErr := file.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		os.Remove(file.Name())
		return "", err
	}
	return file.Name(), nil
}

// litestreamEnv: this process's environment for Litestream, with the bucket's
// credentials and no other AWS_* or LITESTREAM_* setting: the bucket is the one
// BACKUP_S3_* names, whatever else the machine sets for other AWS tools (an
// AWS_CA_BUNDLE, for one, stops Litestream's S3 client from starting at all;
// it trusts the system's certificates, SSL_CERT_FILE included).
func litestreamEnv(cfg replicationEnv) []string {
	env := make([]string, 0, len(os.Environ())+2)
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "AWS_") || strings.HasPrefix(name, "LITESTREAM_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "AWS_ACCESS_KEY_ID="+cfg.S3.AccessKey, "AWS_SECRET_ACCESS_KEY="+cfg.S3.Secret)
}

// replicator runs Litestream beside the server.
type replicator struct {
	app     core.App
	cfg     replicationEnv
	config  string
	mu      sync.Mutex
	cmd     *exec.Cmd
	stopped bool
	done    chan struct{}
	// since the last check: an error Litestream logged or its exit, and whether it ran throughout
	lastErr string
}

func registerReplication(app *pocketbase.PocketBase) {
	var rep *replicator
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		backup, err := backupEnvFromOS()
		if err != nil {
			return err // registerBackups refused the start already
		}
		cfg, err := replicationEnvFromOS(backup)
		if err != nil {
			return fmt.Errorf("Refusing to start: replication: %w", err)
		}
		fmt.Println(cfg.startLine())
		if cfg.On {
			config, err := writeLitestreamConfig(cfg, filepath.Join(e.App.DataDir(), "data.db"))
			if err != nil {
				return fmt.Errorf("Refusing to start: replication: its configuration could not be written: %w", err)
			}
			rep = &replicator{app: e.App, cfg: cfg, config: config, done: make(chan struct{})}
			go rep.supervise()
			go rep.check()
		}
		// the dashboard's and the API's list of backups leaves the replica's files out
		e.Router.BindFunc(hideReplicaFromBackupList)
		return e.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if rep != nil {
			rep.stop()
		}
		return e.Next()
	})
}

// supervise starts Litestream and starts it again when it exits, until stop.
func (r *replicator) supervise() {
	// Litestream is told to stop when this thread ends (Pdeathsig): keep the goroutine on it
	runtime.LockOSThread()
	defer close(r.done)
	delay := 5 * time.Second
	for {
		r.mu.Lock()
		if r.stopped {
			r.mu.Unlock()
			return
		}
		cmd := exec.Command(r.cfg.Bin, "replicate", "-no-expand-env", "-config", r.config)
		cmd.Env = litestreamEnv(r.cfg)
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM, Setpgid: true}
		out, _ := cmd.StdoutPipe()
		cmd.Stderr = cmd.Stdout
		started := time.Now()
		err := cmd.Start()
		if err == nil {
			r.cmd = cmd
		}
		r.mu.Unlock()
		if err != nil {
			r.failed(fmt.Sprintf("Litestream could not start: %v", err))
		} else {
			r.readLog(out)
			err = cmd.Wait()
			r.mu.Lock()
			r.cmd = nil
			stopped := r.stopped
			r.mu.Unlock()
			if stopped {
				return
			}
			r.failed(fmt.Sprintf("Litestream stopped (%v); starting it again", err))
		}
		if time.Since(started) > 10*time.Minute {
			delay = 5 * time.Second
		}
		time.Sleep(delay)
		if delay < time.Minute {
			delay *= 2
		}
	}
}

// readLog reads Litestream's JSON log: errors are recorded and printed; the rest is left out.
func (r *replicator) readLog(out io.Reader) {
	scanner := bufio.NewScanner(out)
	scanner.Buffer(make([]byte, 64*1024), 1024*1024)
	for scanner.Scan() {
		line := scanner.Text()
		var entry struct {
			Level string `json:"level"`
			Msg   string `json:"msg"`
			Error string `json:"error"`
		}
		if json.Unmarshal([]byte(line), &entry) != nil {
			fmt.Println("Replication:", line)
			continue
		}
		if strings.EqualFold(entry.Level, "ERROR") {
			text := strings.TrimSpace(entry.Msg + ": " + entry.Error)
			fmt.Println("Replication: error:", text)
			r.failed(text)
		}
	}
}

func (r *replicator) failed(text string) {
	if len(text) > 2000 {
		text = text[:2000]
	}
	r.mu.Lock()
	first := r.lastErr == ""
	r.lastErr = text
	r.mu.Unlock()
	if first {
		r.record(text) // at once; the minute's check records it again while it lasts
	}
}

// check records in job_runs every minute whether replication worked since the last check.
func (r *replicator) check() {
	// the first check soon after the start (a wrong bucket or key shows within seconds), then every minute
	timer := time.NewTimer(replicationFirstCheck)
	defer timer.Stop()
	for {
		select {
		case <-r.done:
			return
		case <-timer.C:
			timer.Reset(replicationCheckEvery)
			r.mu.Lock()
			text, running := r.lastErr, r.cmd != nil
			r.lastErr = ""
			r.mu.Unlock()
			if text == "" && !running {
				text = "Litestream is not running"
			}
			r.record(text)
		}
	}
}

func (r *replicator) record(errText string) {
	now := time.Now()
	run := jobRun{Job: replicationJobID, Started: now, Finished: now, Err: errText}
	if errText != "" {
		run.Retry = "Litestream is started again within a minute; the check repeats every minute"
	}
	if err := recordJobRun(r.app, run); err != nil {
		r.app.Logger().Error("Replication: its state could not be recorded", "error", err.Error())
	}
}

// stop asks Litestream to ship what is left and stop, and waits up to 15 s.
func (r *replicator) stop() {
	r.mu.Lock()
	r.stopped = true
	cmd := r.cmd
	r.mu.Unlock()
	if cmd != nil && cmd.Process != nil {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-r.done:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
		}
	}
	os.Remove(r.config)
}
