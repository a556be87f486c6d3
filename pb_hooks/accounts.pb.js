/// <reference path="../pb_data/types.d.ts" />
/* global onRecordRequestEmailChangeRequest, onRecordConfirmEmailChangeRequest, onRecordAuthWithPasswordRequest, onRecordRequestPasswordResetRequest, onRecordRequestVerificationRequest, onRecordConfirmPasswordResetRequest */
// Accounts (public; the signed invitation token is the capability):
//   GET  /api/masterclass/invitations/{attendeeId}?email=…&token=… — who is invited (lib/accounts/invitation-route.js)
//   POST /api/masterclass/signup                                  — create the account (lib/accounts/signup.js)
//   POST /api/masterclass/invitations/resend {email}              — send my invitation again: the same 202 for every
//                                                                    address, the work done by the cron below (lib/accounts/invitation-resend.js)
//   POST /api/masterclass/sign-in-link {email}                    — email me a sign-in link: the same 202 for every
//                                                                    address, the link sent by the cron below
//   POST /api/masterclass/sign-in-link/use {id, code}             — sign in with it, once (lib/accounts/sign-in-link.js)
// Administrators only (DESIGN decision 4):
//   POST /api/masterclass/attendees/{id}/invitation               — (re)send the invitation (lib/accounts/admin-invitation.js)
// On every boot the password reset email points at /reset-password?token=…
// (lib/email/reset-password-mail.js) and the users collection's OTP lifetime is
// the sign-in link's (lib/accounts/sign-in-link.js); on every sign-in, attendee rows registered
// later with the user's email are linked to it (lib/accounts/accounts.js). A user's
// email never changes: PocketBase's email change routes are refused (the
// users update rule already refuses `email`).

routerAdd("GET", "/api/masterclass/invitations/{attendeeId}", (e) => require(`${__hooks}/lib/accounts/invitation-route.js`).handleInvitation(e));
routerAdd("POST", "/api/masterclass/signup", (e) => require(`${__hooks}/lib/accounts/signup.js`).handleSignup(e));
routerAdd("POST", "/api/masterclass/invitations/resend", (e) => require(`${__hooks}/lib/accounts/invitation-resend.js`).handleResendRequest(e));
cronAdd("invitationResends", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("invitationResends", RETRY.everyMinute, (app) => require(`${__hooks}/lib/accounts/invitation-resend.js`).processResendRequests(app));
});
routerAdd("POST", "/api/masterclass/sign-in-link", (e) => require(`${__hooks}/lib/accounts/sign-in-link.js`).handleLinkRequest(e));
routerAdd("POST", "/api/masterclass/sign-in-link/use", (e) => require(`${__hooks}/lib/accounts/sign-in-link.js`).handleLinkUse(e));
cronAdd("signInLinks", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("signInLinks", RETRY.everyMinute, (app) => require(`${__hooks}/lib/accounts/sign-in-link.js`).processLinkRequests(app));
});
routerAdd(
  "POST",
  "/api/masterclass/attendees/{id}/invitation",
  (e) => require(`${__hooks}/lib/accounts/admin-invitation.js`).handleSendInvitation(e),
  $apis.requireAuth(),
);

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/email/reset-password-mail.js`).applyResetPasswordTemplate(e.app);
  require(`${__hooks}/lib/accounts/sign-in-link.js`).applySignInLinkSettings(e.app);
});

onRecordAuthRequest((e) => {
  try {
    require(`${__hooks}/lib/accounts/accounts.js`).linkAttendeesToUser(e.app, e.record);
  } catch (error) {
    e.app.logger().error("Linking attendee rows at sign-in failed", "user", e.record.id, "error", String(error));
  }
  return e.next();
}, "users");

// Failed password sign-ins per account and client, a growing wait for
// strangers, the way back by the reset email (lib/accounts/sign-in-limits.js);
// reset and verification mails per account (lib/accounts/limits.js). Every
// auth collection, superusers included.
onRecordAuthWithPasswordRequest((e) => require(`${__hooks}/lib/accounts/sign-in-limits.js`).limitPasswordSignIn(e));
onRecordAuthRequest((e) => require(`${__hooks}/lib/accounts/sign-in-limits.js`).rememberSignInDevice(e));
onRecordConfirmPasswordResetRequest((e) => require(`${__hooks}/lib/accounts/sign-in-limits.js`).unlockByPasswordReset(e));
onRecordRequestPasswordResetRequest((e) => require(`${__hooks}/lib/accounts/limits.js`).limitPasswordResetMail(e));
onRecordRequestVerificationRequest((e) => require(`${__hooks}/lib/accounts/limits.js`).limitVerificationMail(e));

onRecordRequestEmailChangeRequest((e) => require(`${__hooks}/lib/accounts/accounts.js`).refuseEmailChange(e), "users");
onRecordConfirmEmailChangeRequest((e) => require(`${__hooks}/lib/accounts/accounts.js`).refuseEmailChange(e), "users");
