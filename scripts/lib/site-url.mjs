// Vite plugin: fills %SITE_URL% in index.html (the share-preview tags) with the
// public app URL the build runs under (APP_URL, as the server's links use), or
// leaves the links relative when none is set.
export function siteUrl(value) {
  const url = (value ?? '').trim().replace(/\/+$/, '');
  if (url && !/^https?:\/\/[^\s"<>]+$/.test(url)) throw new Error(`APP_URL must be an http(s) URL, got ${JSON.stringify(value)}`);
  return url;
}

export function siteUrlInHtml() {
  return {
    name: 'masterclass:site-url',
    transformIndexHtml: (html) => html.replaceAll('%SITE_URL%', siteUrl(process.env.APP_URL)),
  };
}
