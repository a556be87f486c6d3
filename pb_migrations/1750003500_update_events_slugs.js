/// <reference path="../pb_data/types.d.ts" />
// Every masterclass gets a page address (events.slug) if it has none: its
// title and start date in its own zone ("ai-champions-masterclass-2027-03-10"),
// "-2", "-3"… when taken. From now on the events record hooks give one to
// every event saved without it (pb_hooks/lib/events/slug.js).

migrate((app) => {
  const { ensureSlug } = require(`${__hooks}/lib/events/slug.js`);
  for (const event of app.findRecordsByFilter("events", "slug = ''", "created,id", 0, 0)) {
    ensureSlug(app, event);
    app.saveNoValidate(event);
  }
}, () => {
  // The addresses stay: links to the pages may have been shared.
});
