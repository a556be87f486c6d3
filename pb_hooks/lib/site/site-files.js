/// <reference path="../../../pb_data/types.d.ts" />
// robots.txt and sitemap.xml, real files built from the public app URL (APP_URL):
// search engines index the public pages and each published masterclass's own
// page (/events/<slug>; drafts never), and leave the portal, the admin area,
// sign-in, checkout and the API alone.

const { appUrl } = require(`${__hooks}/lib/core/links.js`);

/** The public pages, in the order a visitor meets them. */
const PUBLIC_PAGES = ["/", "/register", "/contact", "/privacy-policy", "/terms"];

/** Paths crawlers are asked to leave alone (signed-in, one-off or machine pages). */
const PRIVATE_PATHS = ["/dashboard", "/admin", "/auth", "/registration", "/reset-password", "/checkout", "/cancel", "/api/", "/_/"];

function robotsTxt(app) {
  return [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${appUrl(app)}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (value) =>
  String(value).replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]);

/** At most this many masterclass pages are listed (far more than a series holds). */
const EVENT_PAGES_LIMIT = 500;

/** Each published masterclass's page, soonest first (its page stays up after the day). */
function eventPages(app) {
  return app
    .findRecordsByFilter("events", "published = true && slug != ''", "starts_at,created,id", EVENT_PAGES_LIMIT, 0)
    .map((event) => `/events/${encodeURIComponent(event.getString("slug"))}`);
}

function sitemapXml(app) {
  const base = appUrl(app);
  const urls = [...PUBLIC_PAGES, ...eventPages(app)].map((p) => `  <url><loc>${escapeXml(base + p)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

function send(e, contentType, body) {
  e.response.header().set("Content-Type", contentType);
  e.response.header().set("Cache-Control", "public, max-age=3600");
  return e.string(200, body);
}

module.exports = {
  PUBLIC_PAGES,
  PRIVATE_PATHS,
  handleRobots: (e) => send(e, "text/plain; charset=utf-8", robotsTxt(e.app)),
  handleSitemap: (e) => send(e, "application/xml; charset=utf-8", sitemapXml(e.app)),
};
