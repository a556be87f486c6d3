/// <reference path="../pb_data/types.d.ts" />
// Creates `email_secrets`: the deliverable copy of an outbox email that
// carries a working credential (an invitation link, PocketBase's reset,
// verification and one-time-code mails). Administrators read `emails`, so the
// outbox keeps only a redacted copy and the working one lives here, where no
// API rule lets anyone but a superuser in (DESIGN decision 13).
//
// Emails stored before this migration are split the same way, so an existing
// installation stops showing working links at once. The redaction is written
// out here rather than required from pb_hooks/lib: a migration must keep
// doing what it did when it was written.

const SYSTEM_TEMPLATE = "pocketbase";
const INVITATION_TEMPLATE = "user_account_invite";
const HIDDEN = "[hidden]";
const SYSTEM_NOTE =
  "This message from PocketBase (a password reset, email verification, one-time code or sign-in notice) " +
  "can carry a sign-in secret, so its content is kept only where superusers can read it.";
const INVITATION_TOKEN = /([?&](?:amp;)?token=)[0-9a-f]{64}/g;

function redacted(email) {
  if (email.getString("template") === SYSTEM_TEMPLATE) {
    return { html: `<p>${SYSTEM_NOTE}</p>`, text: SYSTEM_NOTE };
  }
  return {
    html: email.getString("html").replace(INVITATION_TOKEN, `$1${HIDDEN}`),
    text: email.getString("text").replace(INVITATION_TOKEN, `$1${HIDDEN}`),
  };
}

migrate((app) => {
  const emails = app.findCollectionByNameOrId("emails");
  const secrets = new Collection({
    type: "base",
    name: "email_secrets",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "email", type: "relation", collectionId: emails.id, required: true, maxSelect: 1, cascadeDelete: true, presentable: true },
      // hidden as well: a rule loosened by mistake still shows no credential
      { name: "subject", type: "text", max: 998, hidden: true },
      { name: "html", type: "text", max: 500000, hidden: true },
      { name: "text", type: "text", max: 200000, hidden: true },
      // the message's links, one a line: what a developer copies from the dashboard
      { name: "links", type: "text", max: 20000, hidden: true },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: ["CREATE UNIQUE INDEX idx_email_secrets_email ON email_secrets (email)"],
  });
  app.save(secrets);

  const stored = app.findRecordsByFilter(
    "emails",
    "template = {:system} || template = {:invitation}",
    "",
    0,
    0,
    { system: SYSTEM_TEMPLATE, invitation: INVITATION_TEMPLATE },
  );
  stored.forEach((email) => {
    // a sent message is in its recipient's mailbox: nothing to keep
    if (email.getString("status") !== "sent") {
      const secret = new Record(secrets);
      const links = email.getString("html").match(/https?:\/\/[^"\s<]+/g) || [];
      secret.load({
        email: email.id,
        subject: email.getString("subject"),
        html: email.getString("html"),
        text: email.getString("text"),
        links: [...new Set(links.map((link) => link.replace(/&amp;/g, "&")))].join("\n").slice(0, 20000),
      });
      app.save(secret);
    }
    email.load(redacted(email));
    app.save(email);
  });
}, (app) => {
  // puts the working copies back into the outbox before dropping them
  app.findRecordsByFilter("email_secrets", "", "", 0, 0).forEach((secret) => {
    const email = app.findRecordById("emails", secret.getString("email"));
    email.load({ subject: secret.getString("subject") || email.getString("subject"), html: secret.getString("html"), text: secret.getString("text") });
    app.save(email);
  });
  app.delete(app.findCollectionByNameOrId("email_secrets"));
});
