/// <reference path="../pb_data/types.d.ts" />
// Visibility from the rules themselves (docs/sync.md "How visibility follows
// the rules"). A row whose readers change without its own write takes a new
// sync number, so devices pull it (gained) or are told it is gone (lost). The
// values the synced collections' list rules read, and what renumbers when each
// changes (tests/server/sync-rules.test.ts reads the rules from the server and
// fails on a value this list does not cover):
//
// - events `published`, speakers/materials `event`, attendees `user`, the tool
//   records' `owner`: the row's own field, so its own write numbers it.
// - speakers `event.published`: an event published or unpublished → its speakers
//   (sync_visibility_published). Materials do not read `published`.
// - materials `event.portal_unlock_at` with `@now`: the unlock moved across now
//   → that event's materials (sync_visibility_unlock); the time passing → the
//   minute job (pb_hooks/lib/sync/visibility.js). Speakers do not read it.
// - materials `@collection.attendees.user/event/registration_status` (a seat):
//   the seat triggers of 1750002800_create_sync_sequence.js, kept as they are.
// - `@request.auth.role` (events, speakers, materials; users, attendees and
//   check_ins are pulled by their owner or by the door): a user crossing the
//   administrator line → exactly the rows an administrator reads and that user
//   otherwise does not: unpublished events, speakers of no published event, and
//   materials outside that user's seated and unlocked events (sync_visibility_role).
//   Before, only every material was renumbered: a promoted attendee never got
//   the draft masterclass or its speaker, a demoted administrator kept them.

const SEATED = "('confirmed', 'confirmed_observer')";
// the clock as PocketBase writes dates (and `@now` compares them): 2025-01-01 00:00:00.000Z
const NOW = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')";

const NEW_TRIGGERS = {
  sync_visibility_published: `CREATE TRIGGER sync_visibility_published AFTER UPDATE OF published ON events
    WHEN (OLD.published = 1) IS NOT (NEW.published = 1)
    BEGIN
      UPDATE speakers SET sync_seq = sync_seq WHERE event = NEW.id;
    END`,
  sync_visibility_unlock: `CREATE TRIGGER sync_visibility_unlock AFTER UPDATE OF portal_unlock_at ON events
    WHEN (IFNULL(OLD.portal_unlock_at, '') <= ${NOW}) IS NOT (IFNULL(NEW.portal_unlock_at, '') <= ${NOW})
    BEGIN
      UPDATE materials SET sync_seq = sync_seq WHERE event = NEW.id;
    END`,
  sync_visibility_role: `CREATE TRIGGER sync_visibility_role AFTER UPDATE OF role ON users
    WHEN (IFNULL(OLD.role, '') = 'administrator') IS NOT (IFNULL(NEW.role, '') = 'administrator')
    BEGIN
      UPDATE events SET sync_seq = sync_seq WHERE NOT (published = 1);
      UPDATE speakers SET sync_seq = sync_seq WHERE event NOT IN (SELECT id FROM events WHERE published = 1);
      UPDATE materials SET sync_seq = sync_seq WHERE NOT (
        event IN (SELECT id FROM events WHERE IFNULL(portal_unlock_at, '') <= ${NOW})
        AND event IN (SELECT event FROM attendees WHERE user = NEW.id AND registration_status IN ${SEATED}));
    END`,
};

// What 1750002800_create_sync_sequence.js made, for the way back.
const OLD_TRIGGERS = {
  sync_visibility_events: `CREATE TRIGGER sync_visibility_events AFTER UPDATE OF published, portal_unlock_at ON events
    WHEN OLD.published IS NOT NEW.published OR OLD.portal_unlock_at IS NOT NEW.portal_unlock_at
    BEGIN
      UPDATE speakers SET sync_seq = sync_seq WHERE event = NEW.id;
      UPDATE materials SET sync_seq = sync_seq WHERE event = NEW.id;
    END`,
  sync_visibility_role: `CREATE TRIGGER sync_visibility_role AFTER UPDATE OF role ON users
    WHEN OLD.role IS NOT NEW.role
    BEGIN
      UPDATE materials SET sync_seq = sync_seq;
    END`,
};

migrate((app) => {
  const run = (sql) => app.db().newQuery(sql).execute();
  for (const name of Object.keys(OLD_TRIGGERS)) run(`DROP TRIGGER IF EXISTS ${name}`);
  for (const sql of Object.values(NEW_TRIGGERS)) run(sql);
}, (app) => {
  const run = (sql) => app.db().newQuery(sql).execute();
  for (const name of Object.keys(NEW_TRIGGERS)) run(`DROP TRIGGER IF EXISTS ${name}`);
  for (const sql of Object.values(OLD_TRIGGERS)) run(sql);
});
