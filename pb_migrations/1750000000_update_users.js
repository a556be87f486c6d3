/// <reference path="../pb_data/types.d.ts" />
// Extends the built-in `users` auth collection with the attendee profile and
// the product role. Accounts are created only by the invitation sign-up route
// (createRule null); a user reads and edits only itself and may never change
// its email, role or verified flag; administrators may read every profile.

migrate((app) => {
  const users = app.findCollectionByNameOrId("users");

  // The profile uses full_name / avatar_url; the stock name/avatar would be a second source.
  users.fields.removeByName("name");
  users.fields.removeByName("avatar");

  users.fields.getByName("password").min = 8;

  users.fields.add(new TextField({ name: "full_name", max: 200 }));
  users.fields.add(new TextField({ name: "company", max: 200 }));
  users.fields.add(new TextField({ name: "job_title", max: 200 }));
  users.fields.add(new SelectField({
    name: "industry",
    maxSelect: 1,
    values: ["technology", "finance", "healthcare", "education", "manufacturing", "retail", "other"],
  }));
  users.fields.add(new URLField({ name: "linkedin_url" }));
  users.fields.add(new URLField({ name: "avatar_url" }));
  users.fields.add(new SelectField({
    name: "role",
    required: true,
    maxSelect: 1,
    values: ["attendee", "administrator"],
  }));

  users.addIndex("idx_users_updated", false, "updated", "");

  users.listRule = 'id = @request.auth.id || @request.auth.role = "administrator"';
  users.viewRule = 'id = @request.auth.id || @request.auth.role = "administrator"';
  users.createRule = null;
  users.updateRule = "id = @request.auth.id" +
    " && @request.body.email:changed = false" +
    " && @request.body.role:changed = false" +
    " && @request.body.verified:changed = false";
  users.deleteRule = null;
  users.manageRule = null;

  users.passwordAuth.enabled = true;
  users.passwordAuth.identityFields = ["email"];
  users.oauth2.enabled = false;
  users.otp.enabled = false;

  app.save(users);
}, (app) => {
  const users = app.findCollectionByNameOrId("users");

  for (const name of ["full_name", "company", "job_title", "industry", "linkedin_url", "avatar_url", "role"]) {
    users.fields.removeByName(name);
  }
  users.fields.add(new TextField({ name: "name", max: 255 }));
  users.fields.add(new FileField({
    name: "avatar",
    maxSelect: 1,
    maxSize: 0,
    mimeTypes: ["image/jpeg", "image/png", "image/svg+xml", "image/gif", "image/webp"],
  }));
  users.fields.getByName("password").min = 8;
  users.removeIndex("idx_users_updated");

  users.listRule = "id = @request.auth.id";
  users.viewRule = "id = @request.auth.id";
  users.createRule = "";
  users.updateRule = "id = @request.auth.id";
  users.deleteRule = "id = @request.auth.id";

  app.save(users);
});
