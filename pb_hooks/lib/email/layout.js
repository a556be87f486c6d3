/// <reference path="../../../pb_data/types.d.ts" />
// The shell every email shares: an email-client-safe HTML layout (tables and
// inline styles only, 600 px, navy header, amber button) and its plain-text
// twin. Every value placed in the HTML is escaped here, once. A message is
// {template, subject, html, text}; one that carries working links also has
// the copy administrators read, without them (renderWithWorkingCopy).

const BRAND = "AI Champions Masterclass";
const NAVY = "#1c2a5e";
const AMBER = "#ffab09";
const INK = "#1f2937";
const MUTED = "#6b7280";
const FONT = "Helvetica, Arial, sans-serif";

/** @param {unknown} value */
function escapeHtml(value) {
  return String(value == null ? "" : value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function paragraphHtml(text) {
  return `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${INK};">${escapeHtml(text)}</p>`;
}

function detailsHtml(details) {
  const rows = details.map(([label, value]) => {
    const lines = (Array.isArray(value) ? value : [value]).map(escapeHtml).join("<br>");
    return `<tr>
<td valign="top" style="padding:8px 12px 8px 0;font-family:${FONT};font-size:14px;line-height:20px;color:${MUTED};width:130px;">${escapeHtml(label)}</td>
<td valign="top" style="padding:8px 0;font-family:${FONT};font-size:14px;line-height:20px;color:${INK};font-weight:bold;">${lines}</td>
</tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;">
${rows.join("\n")}
</table>`;
}

/** An image sent with the message (`cid:` of an attachment), centred, with a caption. */
function imageHtml(image) {
  const width = Number(image.width) || 240;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">
<tr><td align="center" bgcolor="#ffffff" style="padding:16px;border:1px solid #e5e7eb;border-radius:8px;">
<img src="${escapeHtml(image.src)}" width="${width}" height="${width}" alt="${escapeHtml(image.alt)}" style="display:block;width:${width}px;height:${width}px;border:0;">
${image.caption ? `<p style="margin:12px 0 0;font-family:${FONT};font-size:14px;line-height:20px;color:${INK};font-weight:bold;">${escapeHtml(image.caption)}</p>` : ""}
</td></tr>
</table>`;
}

function buttonHtml(button) {
  const href = escapeHtml(button.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td align="center" bgcolor="${AMBER}" style="border-radius:6px;">
<a href="${href}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:bold;color:${NAVY};text-decoration:none;border-radius:6px;">${escapeHtml(button.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:${NAVY};word-break:break-all;">${href}</a></p>`;
}

/**
 * @param {{preheader: string, heading: string, greeting: string, paragraphs: string[],
 *   image?: {src: string, alt: string, width?: number, caption?: string},
 *   details?: Array<[string, string|string[]]>, button?: {label: string, url: string},
 *   closing?: string[]}} content
 * @returns {string}
 */
function renderHtml(content) {
  const body = [
    paragraphHtml(content.greeting),
    ...content.paragraphs.map(paragraphHtml),
    content.image ? imageHtml(content.image) : "",
    content.details ? detailsHtml(content.details) : "",
    content.button ? buttonHtml(content.button) : "",
    ...(content.closing || []).map(paragraphHtml),
  ].join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f3f4f6">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td bgcolor="${NAVY}" style="padding:28px 32px;border-radius:8px 8px 0 0;">
<p style="margin:0 0 6px;font-family:${FONT};font-size:12px;letter-spacing:2px;text-transform:uppercase;color:${AMBER};font-weight:bold;">${BRAND}</p>
<h1 style="margin:0;font-family:${FONT};font-size:24px;line-height:32px;color:#ffffff;">${escapeHtml(content.heading)}</h1>
</td></tr>
<tr><td style="padding:32px;">
${body}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e5e7eb;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">
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
  content.paragraphs.forEach((paragraph) => lines.push(paragraph, ""));
  (content.details || []).forEach(([label, value]) => {
    const values = Array.isArray(value) ? value : [value];
    lines.push(`${label}: ${values.join(", ")}`);
  });
  if (content.details) lines.push("");
  if (content.button) lines.push(`${content.button.label}: ${content.button.url}`, "");
  (content.closing || []).forEach((paragraph) => lines.push(paragraph, ""));
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

module.exports = { BRAND, escapeHtml, renderHtml, renderText, eventRows, renderMessage, renderWithWorkingCopy, withWorkingCopy };
