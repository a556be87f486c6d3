/// <reference path="../../../pb_data/types.d.ts" />
// GET|POST /api/masterclass/unsubscribe?email=…&token=… — the signed
// unsubscribe link of every early-access email (lib/waitlist/early-access-links.js)
// and mail programs' one-click List-Unsubscribe (lib/email/delivery.js adds
// the header). An unsubscribed address (`unsubscribes`, any case) gets no more
// early-access emails and no waitlist offers.

function page(e, status, heading, text, form = "") {
  return require(`${__hooks}/lib/core/link-page.js`).linkPage(e, status, heading, text, form);
}

/** Whether the address unsubscribed (any case). */
function isUnsubscribed(app, email) {
  const row = new DynamicModel({ found: 0 });
  app.db().newQuery("SELECT COUNT(*) AS found FROM unsubscribes WHERE email = {:email} COLLATE NOCASE").bind({ email }).one(row);
  return row.found > 0;
}

/**
 * GET or POST /api/masterclass/unsubscribe?email=…&token=… @param {core.RequestEvent} e
 * Only a POST unsubscribes: the button on the page the link opens, or a mail program's
 * one-click List-Unsubscribe. A GET never does, since mail scanners open every link
 * in an email and would unsubscribe people who never asked.
 */
function handleUnsubscribe(e) {
  const links = require(`${__hooks}/lib/waitlist/early-access-links.js`);
  const query = e.request.url.query();
  const email = links.normal(query.get("email"));
  const token = query.get("token");
  if (!email || email.length > 254 || !require(`${__hooks}/lib/registration/validation.js`).isValidEmail(email) || !links.verify(links.unsubscribeToken(e.app, email), token)) {
    return page(e, 400, "This unsubscribe link is not valid", "Nothing was changed. Please use the link from your email exactly as it was sent, or reply to that email and we will unsubscribe you.");
  }
  if (e.request.method === "GET") {
    const { escapeHtml } = require(`${__hooks}/lib/email/layout.js`);
    const action = `/api/masterclass/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
    return page(e, 200, "Unsubscribe from early-access emails?", `${email} will no longer receive early-access emails about future masterclasses.`,
      `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem;background:#1c2a5e;color:#fff;border:0;border-radius:.4rem;cursor:pointer">Unsubscribe</button></form>`);
  }
  e.app.runInTransaction((txApp) => {
    if (isUnsubscribed(txApp, email)) return;
    const record = new Record(txApp.findCachedCollectionByNameOrId("unsubscribes"));
    record.set("email", email);
    txApp.save(record);
  });
  return page(e, 200, "You are unsubscribed", `${email} will not receive early-access emails about future masterclasses any more.`);
}

module.exports = { isUnsubscribed, handleUnsubscribe };
