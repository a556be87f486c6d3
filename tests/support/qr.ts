// Reads a QR code back from a PNG, as a phone's camera would read the ticket:
// the PNG decoded here (Node's zlib; greyscale, RGB or RGBA, 1 or 8 bits, or
// a palette of 1–8 bits, every filter) and the code read by jsQR, a QR reader written apart from the
// encoder the app and the server use.
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  rgba: Uint8ClampedArray;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

export function decodePng(file: Buffer): DecodedPng {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colourType = 0;
  const data: Buffer[] = [];
  let palette: Buffer | null = null;
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      bitDepth = body[8];
      colourType = body[9];
      if (body[12] !== 0) throw new Error('interlaced PNGs are not read here');
    } else if (type === 'PLTE') {
      palette = body;
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType];
  const supported = colourType === 3 ? !!palette && [1, 2, 4, 8].includes(bitDepth) : bitDepth === 8 || (bitDepth === 1 && colourType === 0);
  if (!channels || !supported) throw new Error(`unsupported PNG: depth ${bitDepth}, colour ${colourType}`);
  const raw = inflateSync(Buffer.concat(data));
  const stride = Math.ceil((width * channels * bitDepth) / 8);
  const bpp = Math.max(1, (channels * bitDepth) / 8);
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= bpp ? pixels[y * stride + x - bpp] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= bpp ? pixels[(y - 1) * stride + x - bpp] : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`bad filter ${filter}`);
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const target = (y * width + x) * 4;
      if (colourType === 3) {
        const bitsAt = x * bitDepth;
        const index = (pixels[y * stride + (bitsAt >> 3)] >> (8 - bitDepth - (bitsAt & 7))) & ((1 << bitDepth) - 1);
        rgba.set(palette!.subarray(index * 3, index * 3 + 3), target);
        rgba[target + 3] = 255;
        continue;
      }
      if (bitDepth === 1) {
        const bit = (pixels[y * stride + (x >> 3)] >> (7 - (x & 7))) & 1;
        rgba.fill(bit ? 255 : 0, target, target + 3);
        rgba[target + 3] = 255;
        continue;
      }
      const source = y * stride + x * channels;
      const grey = channels <= 2;
      rgba[target] = pixels[source];
      rgba[target + 1] = grey ? pixels[source] : pixels[source + 1];
      rgba[target + 2] = grey ? pixels[source] : pixels[source + 2];
      rgba[target + 3] = channels === 4 ? pixels[source + 3] : channels === 2 ? pixels[source + 1] : 255;
    }
  }
  return { width, height, rgba };
}

/** The text of the QR code in a PNG, or null when none can be read. */
export function readQrFromPng(file: Buffer): string | null {
  const { width, height, rgba } = decodePng(file);
  return jsQR(rgba, width, height)?.data ?? null;
}
