/// <reference path="../pb_data/types.d.ts" />
// job_runs: one row per background job (pb_hooks/lib/core/jobs.js), kept by
// the job itself after every run: how often it ran and failed, when it last
// started, finished, succeeded and failed, the last error and when it will be
// retried. Administrators read it; only the server writes it.

const ADMIN = '@request.auth.role = "administrator"';

migrate((app) => {
  const jobRuns = new Collection({
    type: "base",
    name: "job_runs",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "job", type: "text", required: true, min: 1, max: 60, presentable: true },
      { name: "runs", type: "number", onlyInt: true, min: 0 },
      { name: "failures", type: "number", onlyInt: true, min: 0 },
      { name: "last_started_at", type: "date" },
      { name: "last_finished_at", type: "date" },
      { name: "last_ok_at", type: "date" },
      { name: "last_failed_at", type: "date" },
      { name: "last_error", type: "text", max: 2000 },
      { name: "retry", type: "text", max: 200 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: ["CREATE UNIQUE INDEX idx_job_runs_job ON job_runs (job)"],
  });
  app.save(jobRuns);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("job_runs"));
});
