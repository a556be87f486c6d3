/// <reference path="../pb_data/types.d.ts" />
// Contact messages are sent with an id the page made when the visitor pressed
// Send (kept in the page's outbox while offline). A message sent again with the
// same id — its first answer was lost — is answered as sent and stored once.
// The answer carries nothing of the stored message; the per-IP rate limit on
// creating contact messages applies before this hook runs, replays included.

onRecordCreateRequest((e) => require(`${__hooks}/lib/site/contact-messages.js`).answerRepeatedMessage(e), "contact_messages");
