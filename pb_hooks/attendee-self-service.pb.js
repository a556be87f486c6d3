/// <reference path="../pb_data/types.d.ts" />
// An attendee's own registration (lib/attendees/self-service.js), signed in, their own row only:
//   GET  /api/masterclass/my-registration?attendee=… — details and what may be changed until when
//   POST /api/masterclass/my-registration/details {attendee, phoneNumber, dietaryRequirements}
//   POST /api/masterclass/my-registration/substitute {attendee, fullName, email, company, jobTitle} — send a colleague in one's place
// A profile photo uploaded to the account is a JPEG, PNG or WebP image (lib/attendees/profile-photo.js).

routerAdd("GET", "/api/masterclass/my-registration", (e) => require(`${__hooks}/lib/attendees/self-service.js`).handleView(e));
routerAdd("POST", "/api/masterclass/my-registration/details", (e) => require(`${__hooks}/lib/attendees/self-service.js`).handleDetails(e));
routerAdd("POST", "/api/masterclass/my-registration/substitute", (e) => require(`${__hooks}/lib/attendees/self-service.js`).handleSubstitute(e));

onRecordCreateRequest((e) => require(`${__hooks}/lib/attendees/profile-photo.js`).checkProfilePhoto(e), "users");
onRecordUpdateRequest((e) => require(`${__hooks}/lib/attendees/profile-photo.js`).checkProfilePhoto(e), "users");
