/// <reference path="../pb_data/types.d.ts" />
// app_secrets 'order_link_token': the HMAC key of the order page link
// (/order/<registration id>?key=…, pb_hooks/lib/orders/links.js), made once per
// installation. Superusers only, like every app secret.

migrate((app) => {
  const secret = new Record(app.findCollectionByNameOrId("app_secrets"));
  secret.set("name", "order_link_token");
  secret.set("value", $security.randomString(64));
  app.save(secret);
}, (app) => {
  try {
    app.delete(app.findFirstRecordByData("app_secrets", "name", "order_link_token"));
  } catch {
    // already gone
  }
});
