/// <reference path="../../../pb_data/types.d.ts" />
// The daily retention job (account-data.pb.js): what the privacy policy says
// is kept no longer is anonymised or deleted (src/features/public-pages/legal/policyFacts.ts
// states both periods to visitors).

/** Registration data is kept up to 3 years after the event (spec section 9). */
const DATA_RETENTION_YEARS = 3;
/** Australian tax law: business records are kept for 5 years (they are never anonymised here). */
const FINANCIAL_RECORD_YEARS = 5;
/** Sign-in lock-outs (security_events: an email as typed and a client's address) are deleted after 90 days. */
const SECURITY_EVENT_DAYS = 90;

/**
 * Days a security_events row is kept: SECURITY_EVENT_RETENTION_DAYS when it is
 * a positive number below the privacy policy's 90 (a fraction too), else 90.
 */
function securityEventDays() {
  const days = Number($os.getenv("SECURITY_EVENT_RETENTION_DAYS") || SECURITY_EVENT_DAYS);
  return Number.isFinite(days) && days > 0 ? Math.min(days, SECURITY_EVENT_DAYS) : SECURITY_EVENT_DAYS;
}

function yearsBefore(now, years) {
  const date = new Date(now.getTime());
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return require(`${__hooks}/lib/core/db-date.js`).dbDate(date);
}

/**
 * What the privacy policy says is kept no longer: for every masterclass that
 * ended more than DATA_RETENTION_YEARS ago, its attendee rows are anonymised,
 * its registrations lose their contact details (the money stays) and its
 * early-access rows go; outbox emails and contact messages older than that
 * lose their address and content / are deleted; sign-in lock-outs
 * (security_events) older than 90 days are deleted. One transaction per
 * masterclass. Returns what it did.
 * @param {core.App} app
 * @param {Date} [now]
 */
function applyRetention(app, now) {
  const { findWhere, collectionExists } = require(`${__hooks}/lib/accounts/personal-data.js`);
  const anonymise = require(`${__hooks}/lib/accounts/anonymise.js`);
  const placeholder = anonymise.PLACEHOLDER_LIKE;
  const cutoff = yearsBefore(now || new Date(), DATA_RETENTION_YEARS);
  const done = { attendees: 0, registrations: 0, emails: 0, contactMessages: 0, earlyAccess: 0, securityEvents: 0 };
  const events = findWhere(app, "events", "[[ends_at]] != '' AND [[ends_at]] < {:cutoff}", { cutoff });
  events.forEach((event) => {
    app.runInTransaction((txApp) => {
      findWhere(txApp, "attendees", "[[event]] = {:event} AND [[email]] NOT LIKE {:placeholder}", {
        event: event.id,
        placeholder,
      }).forEach((row) => {
        anonymise.anonymiseRow(txApp, row);
        done.attendees += 1;
      });
      findWhere(txApp, "registrations", "[[event]] = {:event} AND [[primary_email]] NOT LIKE {:placeholder}", {
        event: event.id,
        placeholder,
      }).forEach((registration) => {
        anonymise.scrubRegistration(txApp, registration);
        done.registrations += 1;
      });
      if (collectionExists(txApp, "early_access")) {
        findWhere(txApp, "early_access", "[[event]] = {:event}", { event: event.id }).forEach((row) => {
          txApp.delete(row);
          done.earlyAccess += 1;
        });
      }
      if (collectionExists(txApp, "waitlist_offers")) {
        findWhere(txApp, "waitlist_offers", "[[event]] = {:event} AND [[email]] NOT LIKE {:placeholder}", {
          event: event.id,
          placeholder,
        }).forEach((offer) => anonymise.scrubOffer(txApp, offer));
      }
    });
  });
  app.runInTransaction((txApp) => {
    findWhere(txApp, "emails", "[[created]] < {:cutoff} AND [[to]] NOT LIKE {:placeholder}", {
      cutoff,
      placeholder,
    }).forEach((mail) => {
      anonymise.scrubEmail(txApp, mail);
      done.emails += 1;
    });
    findWhere(txApp, "contact_messages", "[[created]] < {:cutoff}", { cutoff }).forEach((message) => {
      txApp.delete(message);
      done.contactMessages += 1;
    });
  });
  if (collectionExists(app, "security_events")) {
    const since = new Date((now || new Date()).getTime() - securityEventDays() * 86400 * 1000);
    const eventsCutoff = require(`${__hooks}/lib/core/db-date.js`).dbDate(since);
    app.runInTransaction((txApp) => {
      findWhere(txApp, "security_events", "[[created]] < {:cutoff}", { cutoff: eventsCutoff }).forEach((row) => {
        txApp.delete(row);
        done.securityEvents += 1;
      });
    });
  }
  return done;
}

module.exports = { DATA_RETENTION_YEARS, FINANCIAL_RECORD_YEARS, SECURITY_EVENT_DAYS, applyRetention };
