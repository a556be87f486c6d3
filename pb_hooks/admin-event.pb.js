/// <reference path="../pb_data/types.d.ts" />
// The admin area's Event & Promo Codes page writes through the record API;
// these checks run before anything is saved: a capacity below the seats
// already taken, a duplicate promo code (any letter case), bad max uses or a
// past expiry are refused with clear messages. Who may write at all is the
// collections' rules (administrators). Logic: lib/admin/event.js.

onRecordUpdateRequest((e) => require(`${__hooks}/lib/admin/event.js`).checkEventUpdate(e), "events");
onRecordCreateRequest((e) => require(`${__hooks}/lib/admin/event.js`).checkPromoCreate(e), "promo_codes");
onRecordUpdateRequest((e) => require(`${__hooks}/lib/admin/event.js`).checkPromoUpdate(e), "promo_codes");
