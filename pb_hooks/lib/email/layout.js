/// <reference path="../../../pb_data/types.d.ts" />
// The shell every email shares: an email-client-safe HTML layout (tables and
// inline styles, at most 600 px wide and narrower on a phone, navy header,
// amber button) and its plain-text twin. Every value placed in the HTML is
// escaped here, once, and every web address in it becomes a link (the text
// part keeps it plain). Long unbroken text (links, addresses) wraps instead of
// widening the message. A message is {template, subject, html, text}; one
// that carries working links also has the copy administrators read, without
// them (renderWithWorkingCopy). Subjects name the event by subjectTitle().

const BRAND = "AI Champions Masterclass";
const NAVY = "#1c2a5e";
const AMBER = "#ffab09";
const INK = "#1f2937";
const MUTED = "#6b7280";
const FONT = "Helvetica, Arial, sans-serif";
/** Long words and links wrap at the edge instead of widening the message. */
const WRAP = "word-break:break-word;overflow-wrap:anywhere;";
const LINK_STYLE = `color:${NAVY};text-decoration:underline;${WRAP}`;
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
/** Words of a title in capitals that stay in lower case inside a sentence. */
const SMALL_WORDS = ["a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"];

// The renderers run on every value of every message: the patterns are built
// once per runtime, a value with nothing to escape or link is returned as it
// is, and links are found with exec() (goja's matchAll clones its pattern,
// compiling it again on every call).
const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = /[&<>"']/g;
const HTML_ENTITY = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** @param {unknown} value */
function escapeHtml(value) {
  const text = String(value == null ? "" : value);
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (special) => HTML_ENTITY[special]) : text;
}

/** A web address ends before the punctuation that follows it in a sentence (a bracket it opened stays). */
function trimUrl(url) {
  const count = (text, bracket) => text.split(bracket).length - 1;
  let end = url.length;
  for (;;) {
    const last = url.charAt(end - 1);
    if (".,;:!?)'".includes(last) || (last === "]" && count(url.slice(0, end), "]") > count(url.slice(0, end), "["))) end -= 1;
    else return url.slice(0, end);
  }
}

/** Text escaped for HTML, with each web address in it a link to itself. */
function linkedHtml(text) {
  const value = String(text == null ? "" : text);
  if (!value.includes("http")) return escapeHtml(value);
  let html = "";
  let done = 0;
  URL_PATTERN.lastIndex = 0;
  for (let found = URL_PATTERN.exec(value); found !== null; found = URL_PATTERN.exec(value)) {
    const url = trimUrl(found[0]);
    html += escapeHtml(value.slice(done, found.index));
    html += `<a href="${escapeHtml(url)}" target="_blank" style="${LINK_STYLE}">${escapeHtml(url)}</a>`;
    done = found.index + url.length;
  }
  return html + escapeHtml(value.slice(done));
}

/**
 * A paragraph: text, or `{text, button, plain?}` (its action as a secondary
 * button under it; `plain`, its words in the text part, paragraphText).
 * @param {string | {text: string, button?: {label: string, url: string}, plain?: string}} paragraph
 */
function paragraphHtml(paragraph) {
  const text = typeof paragraph === "string" ? paragraph : paragraph.text;
  const html = `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${INK};${WRAP}">${linkedHtml(text)}</p>`;
  return typeof paragraph === "object" && paragraph && paragraph.button ? `${html}\n${buttonHtml(paragraph.button, false)}` : html;
}

/**
 * A paragraph's lines in the text part: its `plain` form when it has one (the
 * sentence with the address in it, as the text part has always said it), else
 * its text, then its action as 'Label: address'.
 */
function paragraphText(paragraph) {
  if (typeof paragraph === "string") return [paragraph, ""];
  if (paragraph.plain) return [paragraph.plain, ""];
  return [paragraph.text, "", ...(paragraph.button ? [`${paragraph.button.label}: ${paragraph.button.url}`, ""] : [])];
}

function detailsHtml(details) {
  const rows = details.map(([label, value]) => {
    const lines = (Array.isArray(value) ? value : [value]).map(linkedHtml).join("<br>");
    return `<tr>
<td valign="top" width="130" style="padding:8px 12px 8px 0;font-family:${FONT};font-size:14px;line-height:20px;color:${MUTED};width:130px;${WRAP}">${escapeHtml(label)}</td>
<td valign="top" style="padding:8px 0;font-family:${FONT};font-size:14px;line-height:20px;color:${INK};font-weight:bold;${WRAP}">${lines}</td>
</tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;table-layout:fixed;width:100%;">
${rows.join("\n")}
</table>`;
}

/** An image sent with the message (`cid:` of an attachment), centred, with a caption. */
function imageHtml(image) {
  const width = Number(image.width) || 240;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">
<tr><td align="center" bgcolor="#ffffff" style="padding:16px;border:1px solid #e5e7eb;border-radius:8px;">
<img src="${escapeHtml(image.src)}" width="${width}" height="${width}" alt="${escapeHtml(image.alt)}" style="display:block;width:${width}px;max-width:100%;height:auto;border:0;">
${image.caption ? `<p style="margin:12px 0 0;font-family:${FONT};font-size:14px;line-height:20px;color:${INK};font-weight:bold;">${linkedHtml(image.caption)}</p>` : ""}
</td></tr>
</table>`;
}

/**
 * A button that mail programs draw (a table cell of its colour holding the
 * link, padded so the whole cell is the target; Outlook draws the cell
 * and its border), its
 * words the link's accessible name, and its address underneath as text to
 * copy. `main`: the message's one amber button; otherwise white with a navy
 * border, so the main action stays the one that stands out.
 * @param {{label: string, url: string}} button
 */
function buttonHtml(button, main = true) {
  const href = escapeHtml(button.url);
  const fill = main ? AMBER : "#ffffff";
  const border = main ? AMBER : NAVY;
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 8px;border-collapse:separate;">
<tr><td align="center" bgcolor="${fill}" style="border-radius:6px;background-color:${fill};border:2px solid ${border};">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:bold;color:${NAVY};background-color:${fill};text-decoration:none;border-radius:6px;">${escapeHtml(button.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 24px;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};${WRAP}">If the button does not work, copy this address into your browser:<br><a href="${href}" target="_blank" style="color:${NAVY};word-break:break-all;overflow-wrap:anywhere;">${href}</a></p>`;
}

/**
 * @param {{preheader: string, heading: string, greeting: string, paragraphs: Array<string | {text: string, button?: {label: string, url: string}}>,
 *   image?: {src: string, alt: string, width?: number, caption?: string},
 *   details?: Array<[string, string|string[]]>, button?: {label: string, url: string},
 *   closing?: Array<string | {text: string, button?: {label: string, url: string}}>}} content
 * @returns {string}
 */
function renderHtml(content) {
  const body = [
    paragraphHtml(content.greeting),
    ...content.paragraphs.map((paragraph) => paragraphHtml(paragraph)),
    content.image ? imageHtml(content.image) : "",
    content.details ? detailsHtml(content.details) : "",
    content.button ? buttonHtml(content.button) : "",
    ...(content.closing || []).map((paragraph) => paragraphHtml(paragraph)),
  ].join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting" content="">
<title>${escapeHtml(content.heading)}</title>
<style>
a { ${WRAP} }
@media only screen and (max-width: 480px) {
  .mail-outer { padding: 12px 6px !important; }
  .mail-pad { padding: 20px 18px !important; }
}
</style>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;width:100%;-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f3f4f6" style="width:100%;">
<tr><td align="center" class="mail-outer" style="padding:24px 12px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;table-layout:fixed;">
<tr><td bgcolor="${NAVY}" class="mail-pad" style="padding:28px 32px;border-radius:8px 8px 0 0;${WRAP}">
<p style="margin:0 0 6px;font-family:${FONT};font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${AMBER};font-weight:bold;">${BRAND}</p>
<h1 style="margin:0;font-family:${FONT};font-size:24px;line-height:32px;color:#ffffff;">${escapeHtml(content.heading)}</h1>
</td></tr>
<tr><td class="mail-pad" style="padding:32px;${WRAP}">
${body}
</td></tr>
<tr><td class="mail-pad" style="padding:20px 32px;border-top:1px solid #e5e7eb;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">
You are receiving this email because of a registration for the ${BRAND}.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The plain-text part with the same content as renderHtml. */
function renderText(content) {
  const lines = [content.heading, "", content.greeting, ""];
  content.paragraphs.forEach((paragraph) => lines.push(...paragraphText(paragraph)));
  (content.details || []).forEach(([label, value]) => {
    const values = Array.isArray(value) ? value : [value];
    lines.push(`${label}: ${values.join(", ")}`);
  });
  if (content.details) lines.push("");
  if (content.button) lines.push(`${content.button.label}: ${content.button.url}`, "");
  (content.closing || []).forEach((paragraph) => lines.push(...paragraphText(paragraph)));
  lines.push("--", BRAND);
  return lines.join("\n");
}

/**
 * The rows every email about an event starts its details with (`event`:
 * lib/events/facts.js eventFacts()); `withLocation` adds the location on a
 * row of its own.
 */
function eventRows(event, withLocation = false) {
  const rows = [["Event", event.title], ["When", event.when], ["Venue", event.venue || event.location]];
  return withLocation ? [...rows, ["Location", event.location]] : rows;
}

/**
 * An event's title as a subject line names it: a title written in capitals
 * (the seeded 'AI CHAMPIONS MASTERCLASS') in ordinary capitalisation ('AI
 * Champions Masterclass': initials of one or two letters stay, small words go
 * lower case); a title with lower-case letters is the administrator's own and
 * stays as it is.
 */
function subjectTitle(title) {
  const text = String(title == null ? "" : title).trim();
  if (/[a-z]/.test(text) || !/[A-Z]/.test(text)) return text;
  const word = (piece, first) => {
    const lower = piece.toLowerCase();
    if (!first && SMALL_WORDS.includes(lower)) return lower;
    if (/^[A-Z]{1,2}$/.test(piece)) return piece;
    return piece.charAt(0) + lower.slice(1);
  };
  return text
    .split(/(\s+)/)
    .map((part, index) => (/^\s+$/.test(part) ? part : part.split("-").map((piece, at) => word(piece, index === 0 && at === 0)).join("-")))
    .join("");
}

/** 'the AI Champions Masterclass', for a subject line's sentence (a title that starts with 'The' keeps its own). */
function theEvent(title) {
  const named = subjectTitle(title);
  return /^the\s/i.test(named) ? named : `the ${named}`;
}

/** A message in the layout: {template, subject, html, text}. */
function renderMessage(template, subject, content) {
  return { template, subject, html: renderHtml(content), text: renderText(content) };
}

/**
 * A message whose links work only for its recipient, as the outbox keeps it
 * (lib/email/secrets.js): `copy` (the content with those links redacted, and
 * `note` added to its closing) is what administrators read; `working` goes to
 * the recipient, kept apart as `secret`.
 * @param {string} template
 * @param {string} subject
 * @param {{working: object, copy: object, note: string}} contents
 */
function renderWithWorkingCopy(template, subject, { working, copy, note }) {
  const shown = renderMessage(template, subject, { ...copy, closing: [...(copy.closing || []), note] });
  return { ...shown, secret: { subject, html: renderHtml(working), text: renderText(working) } };
}

/**
 * A rendered message whose working links `redact` hides, as the outbox keeps
 * it: the redacted copy administrators read, the message itself as `secret`.
 * @param {{template: string, subject: string, html: string, text: string}} message
 * @param {(text: string) => string} redact
 */
function withWorkingCopy(message, redact) {
  return { ...message, html: redact(message.html), text: redact(message.text), secret: { subject: message.subject, html: message.html, text: message.text } };
}

module.exports = {
  BRAND, escapeHtml, linkedHtml, paragraphHtml, renderHtml, renderText, eventRows, subjectTitle, theEvent, renderMessage, renderWithWorkingCopy, withWorkingCopy,
};
