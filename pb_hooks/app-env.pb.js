/// <reference path="../pb_data/types.d.ts" />
// The installation's mode (lib/core/app-env.js): an APP_ENV the server does not
// know, or development beside a live Stripe key, stops the boot with the
// reason; otherwise the server says in one line which mode it runs in
// (stdout and PocketBase's log).

onBootstrap((e) => {
  const appEnv = require(`${__hooks}/lib/core/app-env.js`);
  const current = appEnv.appMode();
  if (current.problem) throw new Error(`Refusing to start: ${current.problem}`);
  e.next();
  const line = appEnv.modeLine(current);
  console.log(line);
  e.app.logger().info(line, "mode", current.mode);
});
