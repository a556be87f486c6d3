/// <reference path="../pb_data/types.d.ts" />
// App settings from the environment, applied on every boot (onBootstrap, after
// the app is ready): app name and URL, mail sender, SMTP, rate limits.
// Logic: lib/core/settings.js.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/core/settings.js`).applySettingsFromEnv(e.app);
});
