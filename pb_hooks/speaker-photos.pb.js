/// <reference path="../pb_data/types.d.ts" />
// speakers create and update requests (administrators, through the rules; the
// dashboard's superusers too): a photo must be a JPEG, PNG or WebP image by
// its content, else 400 on `image` and nothing is saved.
// Logic: lib/events/speaker-photos.js.

onRecordCreateRequest((e) => require(`${__hooks}/lib/events/speaker-photos.js`).checkSpeakerPhoto(e), "speakers");
onRecordUpdateRequest((e) => require(`${__hooks}/lib/events/speaker-photos.js`).checkSpeakerPhoto(e), "speakers");
