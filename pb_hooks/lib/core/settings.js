/// <reference path="../../../pb_data/types.d.ts" />
// Applies the app settings that come from the environment (DESIGN
// "Configuration"): name, public URL, sender, SMTP, rate limits and trusted proxy headers. Called on
// every boot so a changed env var takes effect on the next start.

const APP_NAME = "AI Champions Masterclass";
const DEFAULT_APP_URL = "http://127.0.0.1:8090";
const DEFAULT_MAIL_FROM = "AI Champions Masterclass <no-reply@aichampions.local>";


function env(name) {
  return ($os.getenv(name) || "").trim();
}

function isTruthy(value) {
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

/**
 * Splits `Name <address>` (or a bare address) into sender name and address.
 * @param {string} value
 * @returns {{name: string, address: string}}
 */
function parseMailFrom(value) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (match) return { name: match[1].trim() || APP_NAME, address: match[2].trim() };
  return { name: APP_NAME, address: value.trim() };
}

function smtpFromEnv() {
  const host = env("SMTP_HOST");
  if (!host) return { enabled: false };
  const tls = isTruthy(env("SMTP_TLS"));
  const port = parseInt(env("SMTP_PORT"), 10);
  return {
    enabled: true,
    host,
    port: Number.isFinite(port) ? port : tls ? 465 : 587,
    username: env("SMTP_USER"),
    password: env("SMTP_PASSWORD"),
    tls,
  };
}

/**
 * Writes the environment's settings into the app settings and saves them.
 * @param {core.App} app
 */
function applySettingsFromEnv(app) {
  const settings = app.settings();
  const sender = parseMailFrom(env("MAIL_FROM") || DEFAULT_MAIL_FROM);
  const smtp = smtpFromEnv();

  settings.meta.appName = APP_NAME;
  settings.meta.appURL = env("APP_URL") || DEFAULT_APP_URL;
  settings.meta.senderName = sender.name;
  settings.meta.senderAddress = sender.address;

  settings.smtp.enabled = smtp.enabled;
  if (smtp.enabled) {
    settings.smtp.host = smtp.host;
    settings.smtp.port = smtp.port;
    settings.smtp.username = smtp.username;
    settings.smtp.password = smtp.password;
    settings.smtp.tls = smtp.tls;
  }

  const limits = require(`${__hooks}/lib/core/limits.js`);
  settings.rateLimits.enabled = limits.rateLimitsEnabled();
  settings.rateLimits.rules = limits.addressRules();

  // Behind a reverse proxy every request comes from the proxy's address: name
  // the header(s) it sets so limits see the real client (README "Security").
  settings.trustedProxy.headers = env("TRUSTED_PROXY_HEADERS").split(",").map((name) => name.trim()).filter(Boolean);
  settings.trustedProxy.useLeftmostIP = isTruthy(env("TRUSTED_PROXY_USE_LEFTMOST_IP"));

  app.save(settings);
}

module.exports = { applySettingsFromEnv, parseMailFrom };
