/// <reference path="../../../pb_data/types.d.ts" />
// The small server-rendered page an emailed link opens when it asks before it
// acts (unsubscribe, declining a seat offer): mail scanners open every link,
// so a GET only shows this page, and its form's button POSTs.

/**
 * Answers a plain, uncached, unindexed page with a heading, a sentence, an
 * optional form (trusted markup made by the caller) and a link home.
 * @param {core.RequestEvent} e
 * @param {number} status
 * @param {string} heading
 * @param {string} text
 * @param {string} [form]
 */
function linkPage(e, status, heading, text, form = "") {
  const { escapeHtml, BRAND } = require(`${__hooks}/lib/email/layout.js`);
  e.response.header().set("Content-Type", "text/html; charset=utf-8");
  e.response.header().set("Cache-Control", "no-store");
  // API answers load nothing (pocketbase/headers.go); this page has inline styles and posts its form here.
  e.response.header().set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  return e.html(status, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(heading)} – ${escapeHtml(BRAND)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937;line-height:1.5">
<h1 style="font-size:1.5rem">${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${form}
<p><a href="/" style="color:#1d4ed8">Go to the ${escapeHtml(BRAND)} website</a></p></body></html>`);
}

module.exports = { linkPage };
