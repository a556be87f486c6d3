/// <reference path="../pb_data/types.d.ts" />
// door_passes.session_started_at: when the pass's current session began (the
// PIN sign-in that opened it; lib/checkin/passes.js). A session ends
// SESSION_DAYS after it, or when the pass's masterclass's door closes (the end
// of the day after the masterclass ends), whichever comes first: its token is
// refreshed no further. Passes signed in before this field existed start
// their session at their last sign-in.

migrate((app) => {
  const passes = app.findCollectionByNameOrId("door_passes");
  passes.fields.add(new DateField({ name: "session_started_at" }));
  app.save(passes);
  app.db().newQuery("UPDATE door_passes SET session_started_at = last_used_at WHERE last_used_at != ''").execute();
}, (app) => {
  const passes = app.findCollectionByNameOrId("door_passes");
  passes.fields.removeByName("session_started_at");
  app.save(passes);
});
