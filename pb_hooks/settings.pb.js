/// <reference path="../pb_data/types.d.ts" />
// App settings from the environment, applied on every boot (onBootstrap, after
// the app is ready): app name and URL, mail sender, SMTP, rate limits.
// Logic: lib/settings.js.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/settings.js`).applySettingsFromEnv(e.app);
});
