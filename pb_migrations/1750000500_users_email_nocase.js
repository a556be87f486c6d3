/// <reference path="../pb_data/types.d.ts" />
// Makes the users email unique index case-insensitive (COLLATE NOCASE), so
// PocketBase finds an account by email whatever the case typed at sign-in or
// password reset, and `Jo@x.com` and `jo@x.com` can never be two accounts.

const INDEX_PATTERN = /^CREATE UNIQUE INDEX `?(idx_email_[^`\s]*)`? ON `?users`? \(`?email`?\)/i;

function replaceEmailIndex(app, collate) {
  const users = app.findCollectionByNameOrId("users");
  const indexes = [];
  let name = "";
  for (const index of users.indexes) {
    const match = INDEX_PATTERN.exec(index.replace(/ COLLATE NOCASE/i, ""));
    if (match) {
      name = match[1];
      continue;
    }
    indexes.push(index);
  }
  if (!name) throw new Error("users email index not found");
  indexes.push(`CREATE UNIQUE INDEX \`${name}\` ON \`users\` (\`email\`${collate}) WHERE \`email\` != ''`);
  users.indexes = indexes;
  app.save(users);
}

migrate((app) => {
  replaceEmailIndex(app, " COLLATE NOCASE");
}, (app) => {
  replaceEmailIndex(app, "");
});
