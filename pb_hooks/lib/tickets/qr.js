/// <reference path="../../../pb_data/types.d.ts" />
// The ticket's QR code as a PNG image for the confirmation email. The JS
// hooks have no canvas and no zlib: the modules come from qrcode-generator
// (the npm package the app uses too: its dist/qrcode.js, placed unchanged at
// vendor/qrcode-generator.js by scripts/lib/hook-packages.mjs whenever a
// server starts), and the PNG is written here: one
// bit per pixel, black on white, the image data in uncompressed ("stored")
// deflate blocks. Every mail program shows a PNG; SVG images are not shown by
// the most used ones.

const ERROR_CORRECTION = "M";
/** Pixels per module: 12 draws a 33-module code with its margin at 492 px, sharp at 246 px on a 2x screen. */
const SCALE = 12;
/** The quiet zone around the code, in modules (the standard asks for 4). */
const MARGIN = 4;
const IMAGE_FILENAME = "masterclass-ticket.png";
/** The width the email shows it at (a ticket's 33-module code is 492 px: sharp on 2x screens). */
const DISPLAY_WIDTH = 240;

/** The QR code's dark modules: `rows[row][column]` is true for dark. */
function qrModules(text) {
  const qrcode = require(`${__hooks}/vendor/qrcode-generator.js`);
  const qr = qrcode(0, ERROR_CORRECTION);
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  const rows = [];
  for (let row = 0; row < size; row += 1) {
    const line = [];
    for (let column = 0; column < size; column += 1) line.push(qr.isDark(row, column));
    rows.push(line);
  }
  return rows;
}

let crcTable = null;

function crc32(bytes, start, end) {
  if (!crcTable) {
    crcTable = [];
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable.push(c >>> 0);
    }
  }
  let crc = 0xffffffff;
  for (let index = start; index < end; index += 1) crc = crcTable[(crc ^ bytes[index]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes) {
  let a = 1;
  let b = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    a = (a + bytes[index]) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function pushUint32(out, value) {
  out.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
}

function pushChunk(out, type, data) {
  pushUint32(out, data.length);
  const start = out.length;
  for (let index = 0; index < 4; index += 1) out.push(type.charCodeAt(index));
  for (let index = 0; index < data.length; index += 1) out.push(data[index]);
  pushUint32(out, crc32(out, start, out.length));
}

/** A zlib stream of stored (uncompressed) deflate blocks of at most 65,535 bytes. */
function zlibStored(data) {
  const out = [0x78, 0x01];
  const BLOCK = 65535;
  let offset = 0;
  do {
    const length = Math.min(BLOCK, data.length - offset);
    const last = offset + length >= data.length;
    out.push(last ? 1 : 0, length & 0xff, (length >>> 8) & 0xff, ~length & 0xff, (~length >>> 8) & 0xff);
    for (let index = offset; index < offset + length; index += 1) out.push(data[index]);
    offset += length;
  } while (offset < data.length);
  pushUint32(out, adler32(data));
  return out;
}

/**
 * A black-on-white PNG (greyscale, 1 bit per pixel) of a module grid.
 * @param {boolean[][]} modules dark modules
 * @returns {number[]} the file's bytes
 */
function pngFromModules(modules, scale, margin) {
  const count = modules.length;
  const side = (count + 2 * margin) * scale;
  const rowBytes = Math.ceil(side / 8);
  // each module row is `scale` identical pixel rows: its bytes are worked out once
  const white = new Array(rowBytes).fill(0xff);
  const lineOf = (moduleRow) => {
    if (moduleRow < 0 || moduleRow >= count) return white;
    const line = white.slice();
    for (let x = 0; x < side; x += 1) {
      const moduleColumn = Math.floor(x / scale) - margin;
      if (moduleColumn >= 0 && moduleColumn < count && modules[moduleRow][moduleColumn]) {
        line[x >> 3] &= ~(0x80 >> (x & 7)); // 0 is black
      }
    }
    return line.map((byte) => byte & 0xff);
  };
  const raw = [];
  let line = null;
  for (let y = 0; y < side; y += 1) {
    if (y % scale === 0) line = lineOf(Math.floor(y / scale) - margin);
    raw.push(0); // filter: none
    for (let index = 0; index < rowBytes; index += 1) raw.push(line[index]);
  }
  const header = [];
  pushUint32(header, side);
  pushUint32(header, side);
  header.push(1, 0, 0, 0, 0); // bit depth 1, greyscale, deflate, adaptive filters, no interlace
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  pushChunk(png, "IHDR", header);
  pushChunk(png, "IDAT", zlibStored(raw));
  pushChunk(png, "IEND", []);
  return png;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A PNG's bytes as a data: URL (the hooks have no btoa). @param {number[]} bytes */
function pngDataUrl(bytes) {
  const out = [];
  for (let index = 0; index < bytes.length; index += 3) {
    const triple = (bytes[index] << 16) | ((bytes[index + 1] || 0) << 8) | (bytes[index + 2] || 0);
    out.push(
      BASE64[(triple >> 18) & 63] + BASE64[(triple >> 12) & 63]
      + (index + 1 < bytes.length ? BASE64[(triple >> 6) & 63] : "=")
      + (index + 2 < bytes.length ? BASE64[triple & 63] : "="),
    );
  }
  return `data:image/png;base64,${out.join("")}`;
}

/** The QR code of `text` as a PNG: its bytes and its width (= height) in pixels. */
function qrPng(text) {
  const modules = qrModules(text);
  return { bytes: pngFromModules(modules, SCALE, MARGIN), pixels: (modules.length + 2 * MARGIN) * SCALE };
}

module.exports = { IMAGE_FILENAME, DISPLAY_WIDTH, qrModules, pngFromModules, qrPng, pngDataUrl, crc32, adler32 };
