/// <reference path="../pb_data/types.d.ts" />
// app_secrets 'cancellation_link_token': the HMAC key of the cancellation
// link in each confirmation email (pb_hooks/lib/cancellation/cancellation/links.js), made
// once per installation. Superusers only, like every app secret.

migrate((app) => {
  const secret = new Record(app.findCollectionByNameOrId("app_secrets"));
  secret.set("name", "cancellation_link_token");
  secret.set("value", $security.randomString(64));
  app.save(secret);
}, (app) => {
  try {
    app.delete(app.findFirstRecordByData("app_secrets", "name", "cancellation_link_token"));
  } catch {
    // already gone
  }
});
