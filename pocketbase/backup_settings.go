// Backup settings from the environment (docs/backups.md): BACKUP_CRON,
// BACKUP_KEEP and BACKUP_S3_*, read on every start (backup.go writes them into
// the app's settings) and by `restore` (backup_restore.go).
package main

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/cron"
)

// backupEnv: the backup settings the environment asks for.
type backupEnv struct {
	Cron string
	Keep int
	S3   core.S3Config
}

var s3Vars = []string{"BACKUP_S3_ENDPOINT", "BACKUP_S3_BUCKET", "BACKUP_S3_REGION", "BACKUP_S3_ACCESS_KEY", "BACKUP_S3_SECRET"}

// backupEnvFromOS reads BACKUP_*; a mistake is an error naming the variable
// (never its value, except the schedule and the retention, which are no secret).
func backupEnvFromOS() (backupEnv, error) {
	cfg := backupEnv{Cron: strings.TrimSpace(os.Getenv("BACKUP_CRON")), Keep: backupDefaultKeep}
	if cfg.Cron != "" {
		if _, err := cron.NewSchedule(cfg.Cron); err != nil {
			return cfg, fmt.Errorf("BACKUP_CRON must be a cron expression in UTC such as \"0 3 * * *\" (every day at 03:00), or empty for no schedule; got %q: %v", cfg.Cron, err)
		}
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
