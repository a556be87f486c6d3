/// <reference path="../../../pb_data/types.d.ts" />
// What a file really is, from its first bytes (its name and the type the
// browser sent say nothing). Pure: tests load it directly.

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** The first `count` bytes of `bytes` as numbers (a Go byte slice, an array or a Uint8Array). */
function head(bytes, count) {
  const out = [];
  const length = Math.min(count, bytes ? bytes.length : 0);
  for (let i = 0; i < length; i += 1) out.push(Number(bytes[i]) & 0xff);
  return out;
}

const startsWith = (bytes, signature, at) => signature.every((byte, i) => bytes[(at || 0) + i] === byte);
const ascii = (text) => text.split("").map((char) => char.charCodeAt(0));

/**
 * The photo type of a file's content: "image/jpeg", "image/png" or
 * "image/webp", or "" for anything else (SVG, HTML, GIF, PDF, text…).
 * @param {ArrayLike<number>} bytes at least its first 16 bytes
 */
function photoType(bytes) {
  const first = head(bytes, 16);
  if (startsWith(first, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(first, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(first, ascii("RIFF")) && startsWith(first, ascii("WEBPVP8"), 8)) return "image/webp";
  return "";
}

module.exports = { PHOTO_TYPES, photoType };
