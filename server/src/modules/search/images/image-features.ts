import sharp from 'sharp';

/**
 * What photo search compares: a colour histogram (robust to crops and resizing), a perceptual hash
 * (robust to re-encoding and resizing), edge-orientation histograms per quadrant (shape and
 * texture) and a coarse colour layout. Computed once per product picture at indexing time, and for
 * each uploaded photo at search time.
 */
export interface ImageFeatures {
  /** 64-bit DCT perceptual hash, as a signed 64-bit integer (a PostgreSQL bigint). */
  phash: bigint;
  /** 64 bits: which cells of a 4x4x4 RGB histogram hold more than their uniform share. */
  colorBits: bigint;
  /** HSV histogram (8 hues x 3 saturations x 3 values), sums to 1. */
  colors: Float32Array;
  /** Edge orientations (8 bins) in each quadrant, each quadrant summing to 1 (or 0 when flat). */
  edges: Float32Array;
  /** Mean RGB of a 4x4 grid, scaled to 0..1. */
  layout: Float32Array;
}

export const COLOR_BINS = 72;
export const EDGE_BINS = 32;
export const LAYOUT_BINS = 48;
const VECTOR_LENGTH = COLOR_BINS + EDGE_BINS + LAYOUT_BINS;

/** The largest picture decoded (a decompression bomb stops here). */
const MAX_INPUT_PIXELS = 50_000_000;
const SIDE = 64;

/** The image types photo search accepts, read from the first bytes (never from the name or the header). */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 6 && (at(0, 0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || at(0, 0x47, 0x49, 0x46, 0x38, 0x39, 0x61))) return 'image/gif';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** Computes the features of an image; throws when the bytes are not a decodable image. */
export async function computeImageFeatures(bytes: Buffer): Promise<ImageFeatures> {
  // One decode of the (possibly large) picture; everything else works on a 64x64 copy.
  const rgb = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(SIDE, SIDE, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
  const grey = await sharp(rgb, { raw: { width: SIDE, height: SIDE, channels: 3 } }).greyscale().resize(32, 32, { fit: 'fill' }).raw().toBuffer();
  const channels = 3;
  const pixel = (i: number): [number, number, number] => [rgb[i * channels], rgb[i * channels + 1], rgb[i * channels + 2]];
  return {
    phash: perceptualHash(grey),
    ...colorFeatures(pixel),
    edges: edgeHistogram(pixel),
    layout: colorLayout(pixel),
  };
}

function colorFeatures(pixel: (i: number) => [number, number, number]): { colors: Float32Array; colorBits: bigint } {
  const colors = new Float32Array(COLOR_BINS);
  const cube = new Float32Array(64);
  const n = SIDE * SIDE;
  for (let i = 0; i < n; i += 1) {
    const [r, g, b] = pixel(i);
    const [h, s, v] = toHsv(r, g, b);
    // Greys have no meaningful hue: they all go to hue bin 0 with the lowest saturation.
    const hBin = s < 0.15 ? 0 : Math.min(7, Math.floor(h / 45));
    const sBin = s < 0.15 ? 0 : s < 0.55 ? 1 : 2;
    const vBin = v < 0.33 ? 0 : v < 0.66 ? 1 : 2;
    colors[hBin * 9 + sBin * 3 + vBin] += 1 / n;
    cube[(r >> 6) * 16 + (g >> 6) * 4 + (b >> 6)] += 1 / n;
  }
  let colorBits = 0n;
  cube.forEach((share, k) => {
    if (share > 1 / 128) colorBits |= 1n << BigInt(k);
  });
  return { colors, colorBits: BigInt.asIntN(64, colorBits) };
}

function toHsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d + 6) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  return [h * 60, max === 0 ? 0 : d / max, max / 255];
}

/** Sobel edge orientations, weighted by strength, per quadrant. */
function edgeHistogram(pixel: (i: number) => [number, number, number]): Float32Array {
  const lum = new Float32Array(SIDE * SIDE);
  for (let i = 0; i < lum.length; i += 1) {
    const [r, g, b] = pixel(i);
    lum[i] = 0.299 * r + 0.587 * g + 0.114 * b;
  }
  const hist = new Float32Array(EDGE_BINS);
  const at = (x: number, y: number) => lum[y * SIDE + x];
  for (let y = 1; y < SIDE - 1; y += 1) {
    for (let x = 1; x < SIDE - 1; x += 1) {
      const gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      const magnitude = Math.hypot(gx, gy);
      if (magnitude < 40) continue;
      // Orientation modulo 180 degrees in 8 bins.
      const angle = (Math.atan2(gy, gx) + Math.PI) % Math.PI;
      const bin = Math.min(7, Math.floor((angle / Math.PI) * 8));
      const quadrant = (y < SIDE / 2 ? 0 : 2) + (x < SIDE / 2 ? 0 : 1);
      hist[quadrant * 8 + bin] += magnitude;
    }
  }
  for (let q = 0; q < 4; q += 1) {
    let sum = 0;
    for (let k = 0; k < 8; k += 1) sum += hist[q * 8 + k];
    if (sum > 0) for (let k = 0; k < 8; k += 1) hist[q * 8 + k] /= sum;
  }
  return hist;
}

function colorLayout(pixel: (i: number) => [number, number, number]): Float32Array {
  const layout = new Float32Array(LAYOUT_BINS);
  const cell = SIDE / 4;
  for (let y = 0; y < SIDE; y += 1) {
    for (let x = 0; x < SIDE; x += 1) {
      const c = Math.floor(y / cell) * 4 + Math.floor(x / cell);
      const [r, g, b] = pixel(y * SIDE + x);
      layout[c * 3] += r / 255 / (cell * cell);
      layout[c * 3 + 1] += g / 255 / (cell * cell);
      layout[c * 3 + 2] += b / 255 / (cell * cell);
    }
  }
  return layout;
}

const DCT_SIZE = 32;
const COS = Array.from({ length: 8 }, (_u, u) => Array.from({ length: DCT_SIZE }, (_x, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * DCT_SIZE))));

/** The classic pHash: the 8x8 lowest frequencies of a 32x32 DCT, each bit = above the median. */
function perceptualHash(grey: Buffer): bigint {
  const coefficients: number[] = [];
  for (let u = 0; u < 8; u += 1) {
    for (let v = 0; v < 8; v += 1) {
      let sum = 0;
      for (let y = 0; y < DCT_SIZE; y += 1) {
        const cy = COS[u][y];
        for (let x = 0; x < DCT_SIZE; x += 1) sum += grey[y * DCT_SIZE + x] * cy * COS[v][x];
      }
      coefficients.push(sum);
    }
  }
  // The DC term says only how bright the picture is: leave it out of the median.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[31];
  let hash = 0n;
  coefficients.forEach((c, k) => {
    if (k > 0 && c > median) hash |= 1n << BigInt(k);
  });
  return BigInt.asIntN(64, hash);
}

function hamming(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}

function intersection(a: Float32Array, b: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += Math.min(a[i], b[i]);
  return sum;
}

/**
 * How alike two pictures are, 0..1. A re-encoded, resized or slightly cropped copy of a picture
 * scores well above `IMAGE_MATCH_THRESHOLD`; unrelated pictures score below it.
 */
export function imageSimilarity(a: ImageFeatures, b: ImageFeatures): number {
  const colors = intersection(a.colors, b.colors, 0, COLOR_BINS);
  const hash = Math.max(0, 1 - hamming(a.phash, b.phash) / 32);
  let edges = 0;
  for (let q = 0; q < 4; q += 1) edges += intersection(a.edges, b.edges, q * 8, q * 8 + 8) / 4;
  let diff = 0;
  for (let i = 0; i < LAYOUT_BINS; i += 1) diff += Math.abs(a.layout[i] - b.layout[i]);
  const layout = Math.max(0, 1 - (diff / LAYOUT_BINS) * 4);
  return 0.3 * colors + 0.3 * hash + 0.15 * edges + 0.25 * layout;
}

/** Matches at or above this similarity count as 'matching your images'. */
export const IMAGE_MATCH_THRESHOLD = 0.62;

/** The float features as one byte string (stored per product picture). */
export function packVector(f: ImageFeatures): Buffer {
  const v = new Float32Array(VECTOR_LENGTH);
  v.set(f.colors, 0);
  v.set(f.edges, COLOR_BINS);
  v.set(f.layout, COLOR_BINS + EDGE_BINS);
  return Buffer.from(v.buffer);
}

export function unpackFeatures(phash: bigint, colorBits: bigint, vector: Buffer): ImageFeatures {
  const v = new Float32Array(new Uint8Array(vector).buffer);
  return {
    phash,
    colorBits,
    colors: v.slice(0, COLOR_BINS),
    edges: v.slice(COLOR_BINS, COLOR_BINS + EDGE_BINS),
    layout: v.slice(COLOR_BINS + EDGE_BINS),
  };
}
