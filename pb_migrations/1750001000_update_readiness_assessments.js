/// <reference path="../pb_data/types.d.ts" />
// Readiness assessments keep their results beside the answers: the score of
// each dimension, the 30-day plan's ticked actions and the version of the
// question set they were answered with (shared/readiness-framework.json). The
// shapes are checked by pb_hooks/readiness.pb.js.

migrate((app) => {
  const assessments = app.findCollectionByNameOrId("readiness_assessments");
  assessments.fields.add(new JSONField({ name: "dimension_scores", maxSize: 2000 }));
  assessments.fields.add(new JSONField({ name: "plan_done", maxSize: 5000 }));
  assessments.fields.add(new NumberField({ name: "framework_version", min: 0, onlyInt: true }));
  app.save(assessments);
}, (app) => {
  const assessments = app.findCollectionByNameOrId("readiness_assessments");
  for (const name of ["dimension_scores", "plan_done", "framework_version"]) assessments.fields.removeByName(name);
  app.save(assessments);
});
