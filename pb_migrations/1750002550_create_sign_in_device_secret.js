/// <reference path="../pb_data/types.d.ts" />
// app_secrets 'sign_in_device_token': the HMAC key of the device cookie a
// successful password sign-in sets, so a known device never waits for
// strangers' failed sign-ins (pb_hooks/lib/accounts/sign-in-limits.js). Made
// once per installation; superusers only, like every app secret.

migrate((app) => {
  const secret = new Record(app.findCollectionByNameOrId("app_secrets"));
  secret.set("name", "sign_in_device_token");
  secret.set("value", $security.randomString(64));
  app.save(secret);
}, (app) => {
  try {
    app.delete(app.findFirstRecordByData("app_secrets", "name", "sign_in_device_token"));
  } catch {
    // already gone
  }
});
