// The lists of backups (docs/backups.md, "Replication"): the replica's files
// share the backups' bucket under litestream/, and no list of backups shows them
// (the dashboard's and the API's, here; `restore`'s, backup_restore.go).
package main

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem/blob"
	"github.com/pocketbase/pocketbase/tools/types"
)

// withoutReplica: the bucket's files that are backups (the replica's files share the bucket).
func withoutReplica(files []*blob.ListObject) []*blob.ListObject {
	kept := files[:0:0]
	for _, f := range files {
		if !strings.HasPrefix(f.Key, replicaPrefix) {
			kept = append(kept, f)
		}
	}
	return kept
}

// hideReplicaFromBackupList answers a superuser's GET /api/backups as PocketBase
// does, without the replica's files (they share the bucket); anyone else goes on
// to PocketBase's route, which refuses them.
func hideReplicaFromBackupList(e *core.RequestEvent) error {
	if e.Request.Method != http.MethodGet || strings.TrimSuffix(e.Request.URL.Path, "/") != "/api/backups" || !e.HasSuperuserAuth() {
		return e.Next()
	}
	ctx, cancel := context.WithTimeout(e.Request.Context(), 30*time.Second)
	defer cancel()
	fsys, err := e.App.NewBackupsFilesystem()
	if err != nil {
		return e.BadRequestError("Failed to load backups filesystem.", err)
	}
	defer fsys.Close()
	fsys.SetContext(ctx)
	files, err := fsys.List("")
	if err != nil {
		return e.BadRequestError("Failed to retrieve backup items. Raw error: \n"+err.Error(), nil)
	}
	type item struct {
		Key      string         `json:"key"`
		Modified types.DateTime `json:"modified"`
		Size     int64          `json:"size"`
	}
	result := make([]item, 0, len(files))
	for _, f := range files {
		if strings.HasPrefix(f.Key, replicaPrefix) {
			continue
		}
		modified, _ := types.ParseDateTime(f.ModTime)
		result = append(result, item{Key: f.Key, Modified: modified, Size: f.Size})
	}
	return e.JSON(http.StatusOK, result)
}
