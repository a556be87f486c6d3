/// <reference path="../pb_data/types.d.ts" />
// backup_runs: one row per backup the server made (pocketbase/backup.go): the
// schedule's (BACKUP_CRON), the one before migrations, and those made in the
// dashboard or through the API. Whether it worked, its size, when it started
// and how long it took, where it went, the error and what tries it again.
// The newest 500 rows are kept. Administrators read it
// (pb_hooks/lib/backups/runs.js); only the server writes it.

const ADMIN = '@request.auth.role = "administrator"';

migrate((app) => {
  const runs = new Collection({
    type: "base",
    name: "backup_runs",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "name", type: "text", required: true, min: 1, max: 200, presentable: true },
      { name: "kind", type: "select", required: true, maxSelect: 1, values: ["scheduled", "pre_migration", "manual"] },
      { name: "ok", type: "bool" },
      { name: "size_bytes", type: "number", onlyInt: true, min: 0 },
      { name: "started_at", type: "date", required: true },
      { name: "finished_at", type: "date" },
      { name: "duration_ms", type: "number", onlyInt: true, min: 0 },
      { name: "storage", type: "select", required: true, maxSelect: 1, values: ["s3", "local"] },
      { name: "error", type: "text", max: 2000 },
      { name: "retry", type: "text", max: 200 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
    ],
    indexes: ["CREATE INDEX idx_backup_runs_started ON backup_runs (started_at)"],
  });
  app.save(runs);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("backup_runs"));
});
