/// <reference path="../pb_data/types.d.ts" />
// PASSWORD_HASH_COST: the bcrypt cost of the users' and superusers' passwords, for
// development and test servers only (door pass PINs always keep the default). PocketBase's default (10)
// stays unless it is set; in production the setting is ignored with a warning, so a
// live server never stores cheaper hashes. The tests set 4: a password hash or check
// then takes about a millisecond instead of about a hundred, which on a 2-core runner
// is most of what creating fifty accounts cost.

// Applied at every start once the app is up (both collections are PocketBase's own, there
// before the project's migrations run).
onBootstrap((e) => {
  e.next();
  const raw = String($os.getenv("PASSWORD_HASH_COST") || "").trim();
  if (raw === "") return;
  const appEnv = require(`${__hooks}/lib/core/app-env.js`);
  if (appEnv.isProduction()) {
    e.app.logger().warn("PASSWORD_HASH_COST is ignored in production: passwords keep PocketBase's bcrypt cost.");
    return;
  }
  const cost = Number(raw);
  if (!Number.isInteger(cost) || cost < 4 || cost > 14) {
    throw new Error(`Refusing to start: PASSWORD_HASH_COST must be a whole number from 4 to 14 (it is "${raw}").`);
  }
  for (const name of ["users", "_superusers"]) {
    const collection = e.app.findCollectionByNameOrId(name);
    const field = collection.fields.getByName("password");
    if (!field || field.cost === cost) continue;
    field.cost = cost;
    e.app.save(collection);
  }
});
