/**
 * File types as told by a file's first bytes (never by its name or the browser's claim), and the
 * extension each stored type gets.
 */

/** The picture types an upload accepts (sniffed; stored re-encoded as webp). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/x-msvideo'] as const;
export const MODEL_TYPES = ['model/gltf-binary', 'model/gltf+json', 'model/obj'] as const;
export const OTHER_TYPES = ['text/plain', 'application/octet-stream'] as const;

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const CSV = 'text/csv';
/** Business documents chat accepts (docs/product.md#chat): told by their bytes, served only as downloads. */
export const DOCUMENT_TYPES = [PDF, XLSX, DOCX, CSV] as const;
/** What an Office Open XML file is before its contents are read: a ZIP (`refineZipType` tells which). */
export const ZIP = 'application/zip';

const DOCUMENT_BY_EXTENSION: Record<string, string> = { pdf: PDF, xlsx: XLSX, docx: DOCX, csv: CSV };
/** The document type a file's name claims by its extension (a file sent as 'terms.pdf' must be a PDF). */
export function claimedDocumentType(filename: string): string | null {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(filename.trim())?.[1]?.toLowerCase();
  return ext ? (DOCUMENT_BY_EXTENSION[ext] ?? null) : null;
}
/** Every type the general upload check allows (docs/product.md#validation). */
export const GENERAL_UPLOAD_TYPES: readonly string[] = [...IMAGE_TYPES, ...VIDEO_TYPES, ...MODEL_TYPES, ...OTHER_TYPES];

/** How many leading bytes `sniffType` wants to see (fewer is fine for short files). */
export const SNIFF_BYTES = 4096;

/** Extension of each type the app stores; the file server answers with the type of the extension. */
export const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'model/gltf-binary': 'glb',
  'model/gltf+json': 'gltf',
  'model/obj': 'obj',
  'text/plain': 'txt',
  'application/octet-stream': 'bin',
  [PDF]: 'pdf',
  [XLSX]: 'xlsx',
  [DOCX]: 'docx',
  [CSV]: 'csv',
  // Voice notes (chat): Opus in WebM or Ogg, AAC in MP4; told apart by their bytes (modules/chat/voice-notes.ts).
  'audio/webm': 'weba',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
};

export const TYPE_BY_EXTENSION: Record<string, string> = Object.fromEntries(Object.entries(EXTENSION_BY_TYPE).map(([t, e]) => [e, t]));

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);

function sniffBinary(b: Buffer): string | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  const head6 = ascii(b, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'image/gif';
  if (ascii(b, 0, 4) === 'RIFF' && b.length >= 12) {
    const kind = ascii(b, 8, 12);
    if (kind === 'WEBP') return 'image/webp';
    if (kind === 'AVI ') return 'video/x-msvideo';
    if (kind === 'WAVE') return 'audio/wav';
    return 'application/octet-stream';
  }
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (brand === 'M4A ' || brand === 'M4B ') return 'audio/mp4';
    return 'video/mp4';
  }
  // QuickTime files may start with other atoms before (or instead of) ftyp.
  if (b.length >= 8 && ['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(b, 4, 8))) return 'video/quicktime';
  if (ascii(b, 0, 4) === 'glTF') return 'model/gltf-binary';
  if (ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(b, 0, 4) === 'PK\x03\x04') return 'application/zip';
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'application/gzip';
  if (ascii(b, 0, 4) === '\x7fELF') return 'application/x-executable';
  if (ascii(b, 0, 2) === 'MZ') return 'application/x-msdownload';
  if (ascii(b, 0, 2) === 'BM') return 'image/bmp';
  if (ascii(b, 0, 4) === 'II*\x00' || ascii(b, 0, 4) === 'MM\x00*') return 'image/tiff';
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0) return 'image/x-icon';
  return null;
}

/** Text that is valid UTF-8 (a cut multi-byte character at the end is fine) without control bytes. */
function asText(b: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, trimPartialUtf8(b)));
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b\x0e-\x1f\x7f]/.test(text)) return null;
  return text;
}

/** Length of the buffer without a trailing, incomplete UTF-8 sequence. */
function trimPartialUtf8(b: Buffer): number {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const byte = b[b.length - back];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    if (byte >= 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return need > back ? b.length - back : b.length;
    }
    return b.length;
  }
  return b.length;
}

const MARKUP = /<\s*(!doctype\s+html|html|head|body|script|iframe|object|embed|svg|meta|link|style|img|a\s|div|form|base)\b/i;

function sniffText(text: string): string {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  const lower = t.slice(0, 512).toLowerCase();
  if (lower.startsWith('<?xml')) return /<svg\b/i.test(t) ? 'image/svg+xml' : 'application/xml';
  if (/<svg\b/i.test(lower)) return 'image/svg+xml';
  // Anything a browser could take for a web page (even with nosniff we never store one).
  if (MARKUP.test(text)) return 'text/html';
  if (t.startsWith('{') && /"asset"\s*:/.test(t)) return 'model/gltf+json';
  const lines = t.split(/\r?\n/).filter((l) => l.trim() !== '');
  const objLines = lines.filter((l) => /^\s*(v|vt|vn|vp|f|l|o|g|s|usemtl|mtllib|#)(\s|$)/.test(l));
  if (lines.length > 0 && objLines.length === lines.length && lines.some((l) => /^\s*v\s/.test(l))) return 'model/obj';
  return 'text/plain';
}

/**
 * The type of a file from its first bytes (up to `SNIFF_BYTES`): a known binary signature, else
 * text (HTML, SVG, XML, glTF JSON, Wavefront OBJ or plain), else application/octet-stream.
 */
export function sniffType(head: Buffer): string {
  if (head.length === 0) return 'application/x-empty';
  const binary = sniffBinary(head);
  if (binary) return binary;
  const text = asText(head);
  return text === null ? 'application/octet-stream' : sniffText(text);
}
