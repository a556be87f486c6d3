// Backup settings from the environment (docs/backups.md): BACKUP_CRON,
// BACKUP_KEEP and BACKUP_S3_*, read on every start (backup.go writes them into
// the app's settings) and by `restore` (backup_restore.go).
//
// BACKUP_CRON unset (or empty) means the mode's default: in production mode
// (productionMode, the same decision as pb_hooks/lib/core/app-env.js) a backup
// every day at 03:00 UTC, in development none. BACKUP_CRON=off switches the
// schedule off in any mode (a word, since many tools cannot tell a variable set
// to "" from one that is unset); any other value is a cron expression in UTC.
package main

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/cron"
)

// backupDefaultCron: production's schedule when BACKUP_CRON is unset (every day at 03:00 UTC).
const backupDefaultCron = "0 3 * * *"

// backupCronOff: the BACKUP_CRON value that switches the schedule off.
const backupCronOff = "off"

// backupEnv: the backup settings the environment asks for.
type backupEnv struct {
	Cron string // the schedule in effect ("" for none)
	// why: "set" (BACKUP_CRON is a cron expression), "default" (unset, production's
	// daily default), "off" (BACKUP_CRON=off) or "unset" (unset, development: none)
	CronFrom string
	Keep     int
	S3       core.S3Config
}

// productionMode: whether the server runs in production mode, decided as
// pb_hooks/lib/core/app-env.js decides it: APP_ENV=production, or APP_ENV
// unset with a Stripe key set. Any other APP_ENV value counts as production
// here (the hooks refuse to boot on it anyway), so it never loses backups.
func productionMode() bool {
	switch strings.ToLower(strings.TrimSpace(os.Getenv("APP_ENV"))) {
	case "development":
		return false
	case "":
		return strings.TrimSpace(os.Getenv("STRIPE_SECRET_KEY")) != "" || strings.TrimSpace(os.Getenv("STRIPE_WEBHOOK_SECRET")) != ""
	}
	return true
}

// backupCron: the schedule BACKUP_CRON asks for in this mode, and why.
func backupCron(raw string, production bool) (cronExpr string, from string, err error) {
	value := strings.TrimSpace(raw)
	switch {
	case strings.EqualFold(value, backupCronOff):
		return "", "off", nil
	case value == "" && production:
		return backupDefaultCron, "default", nil
	case value == "":
		return "", "unset", nil
	}
	if _, err := cron.NewSchedule(value); err != nil {
		return "", "", fmt.Errorf("BACKUP_CRON must be a cron expression in UTC such as \"0 3 * * *\" (every day at 03:00), or off for no schedule; got %q: %v", value, err)
	}
	return value, "set", nil
}

var s3Vars = []string{"BACKUP_S3_ENDPOINT", "BACKUP_S3_BUCKET", "BACKUP_S3_REGION", "BACKUP_S3_ACCESS_KEY", "BACKUP_S3_SECRET"}

// backupEnvFromOS reads BACKUP_*; a mistake is an error naming the variable
// (never its value, except the schedule and the retention, which are no secret).
func backupEnvFromOS() (backupEnv, error) {
	cfg := backupEnv{Keep: backupDefaultKeep}
	var err error
	if cfg.Cron, cfg.CronFrom, err = backupCron(os.Getenv("BACKUP_CRON"), productionMode()); err != nil {
		return cfg, err
	}
	if raw := strings.TrimSpace(os.Getenv("BACKUP_KEEP")); raw != "" {
		keep, err := strconv.Atoi(raw)
		if err != nil || keep < 1 || keep > backupMaxKeep {
			return cfg, fmt.Errorf("BACKUP_KEEP must be a whole number of backups to keep, from 1 to %d; got %q", backupMaxKeep, raw)
		}
		cfg.Keep = keep
	}

	values := map[string]string{}
	var set, missing []string
	for _, name := range s3Vars {
		values[name] = strings.TrimSpace(os.Getenv(name))
		if values[name] == "" {
			missing = append(missing, name)
		} else {
			set = append(set, name)
		}
	}
	forcePathStyle := false
	if raw := strings.ToLower(strings.TrimSpace(os.Getenv("BACKUP_S3_FORCE_PATH_STYLE"))); raw != "" {
		switch raw {
		case "1", "true", "yes", "on":
			forcePathStyle = true
		case "0", "false", "no", "off":
		default:
			return cfg, errors.New("BACKUP_S3_FORCE_PATH_STYLE must be true or false")
		}
	}
	if len(set) == 0 {
		return cfg, nil // backups stay in the data folder (pb_data/backups)
	}
	if len(missing) > 0 {
		return cfg, fmt.Errorf(
			"the S3 storage for backups is half set: %s %s set but %s %s missing. Set all of %s, or none of them to keep backups in the data folder",
			strings.Join(set, ", "), isAre(len(set)), strings.Join(missing, ", "), isAre(len(missing)), strings.Join(s3Vars, ", "),
		)
	}
	endpoint, err := url.Parse(values["BACKUP_S3_ENDPOINT"])
	if err != nil || (endpoint.Scheme != "https" && endpoint.Scheme != "http") || endpoint.Host == "" {
		return cfg, errors.New("BACKUP_S3_ENDPOINT must be the storage's address starting with https:// (or http:// on a private network), such as https://s3.ap-southeast-2.amazonaws.com")
	}
	cfg.S3 = core.S3Config{
		Enabled:        true,
		Endpoint:       values["BACKUP_S3_ENDPOINT"],
		Bucket:         values["BACKUP_S3_BUCKET"],
		Region:         values["BACKUP_S3_REGION"],
		AccessKey:      values["BACKUP_S3_ACCESS_KEY"],
		Secret:         values["BACKUP_S3_SECRET"],
		ForcePathStyle: forcePathStyle,
	}
	return cfg, nil
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// scheduleLine: the start's line about backups (when, how many kept, where:
// the bucket, or the backups/ folder of dataDir by its absolute path).
func (cfg backupEnv) scheduleLine(dataDir string) string {
	where := cfg.where()
	if !cfg.S3.Enabled {
		folder := filepath.Join(dataDir, "backups")
		if abs, err := filepath.Abs(folder); err == nil {
			folder = abs
		}
		where = fmt.Sprintf("the data folder's backups/ (%s; no S3 bucket set)", folder)
	}
	switch cfg.CronFrom {
	case "default":
		return fmt.Sprintf("Backups: daily at 03:00 UTC (%s), keeping %d, to %s, and before migrations (production's default; BACKUP_CRON=off switches the schedule off)", cfg.Cron, cfg.Keep, where)
	case "set":
		return fmt.Sprintf("Backups: on the schedule %q (UTC) to %s, keeping the newest %d, and before migrations", cfg.Cron, where, cfg.Keep)
	case "off":
		return fmt.Sprintf("Backups: no schedule (BACKUP_CRON=off); only before migrations, to %s", where)
	}
	return fmt.Sprintf("Backups: no schedule (BACKUP_CRON is unset, and development mode has no default); only before migrations, to %s", where)
}

// where says where backups go, without any secret.
func (cfg backupEnv) where() string {
	if cfg.S3.Enabled {
		return fmt.Sprintf("S3 bucket %q at %s", cfg.S3.Bucket, cfg.S3.Endpoint)
	}
	return "the data folder's backups/ (no S3 bucket set)"
}

func (cfg backupEnv) storage() string {
	if cfg.S3.Enabled {
		return "s3"
	}
	return "local"
}
