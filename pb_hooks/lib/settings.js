/// <reference path="../../pb_data/types.d.ts" />
// Applies the app settings that come from the environment (DESIGN
// "Configuration"): name, public URL, sender, SMTP and rate limits. Called on
// every boot so a changed env var takes effect on the next start.

const APP_NAME = "AI Champions Masterclass";
const DEFAULT_APP_URL = "http://127.0.0.1:8090";
const DEFAULT_MAIL_FROM = "AI Champions Masterclass <no-reply@aichampions.local>";

// Per IP. The first rule whose label matches a request wins, and a collection
// tag ("contact_messages:create") is checked before "*:create" and paths.
const RATE_LIMIT_RULES = [
  { label: "contact_messages:create", maxRequests: 5, duration: 60, audience: "" },
  { label: "POST /api/masterclass/promo/validate", maxRequests: 30, duration: 60, audience: "" },
  { label: "*:auth", maxRequests: 30, duration: 10, audience: "" },
  { label: "*:requestPasswordReset", maxRequests: 10, duration: 60, audience: "" },
  { label: "*:requestVerification", maxRequests: 10, duration: 60, audience: "" },
  { label: "*:requestEmailChange", maxRequests: 10, duration: 60, audience: "" },
  { label: "*:create", maxRequests: 200, duration: 10, audience: "" },
  { label: "/api/batch", maxRequests: 20, duration: 1, audience: "" },
  { label: "/api/", maxRequests: 1000, duration: 10, audience: "" },
];

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

  settings.rateLimits.enabled = true;
  settings.rateLimits.rules = RATE_LIMIT_RULES;

  app.save(settings);
}

module.exports = { applySettingsFromEnv, parseMailFrom, RATE_LIMIT_RULES };
