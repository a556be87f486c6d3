/// <reference path="../pb_data/types.d.ts" />
// GET /robots.txt and /sitemap.xml — real files for search engines, never the
// app shell. Logic: lib/site/site-files.js.

routerAdd("GET", "/robots.txt", (e) => {
  return require(`${__hooks}/lib/site/site-files.js`).handleRobots(e);
});

routerAdd("GET", "/sitemap.xml", (e) => {
  return require(`${__hooks}/lib/site/site-files.js`).handleSitemap(e);
});
