/**
 * Which Office Open XML document a received ZIP is (docs/product.md#chat): an XLSX workbook or a
 * DOCX document, told by the main part's content type in its `[Content_Types].xml`, as Office
 * itself tells them. The ZIP's central directory is read from the end of the file, so the entries'
 * order does not matter and only that one small entry is decompressed; anything else (a plain ZIP,
 * a macro-enabled or template file, an encrypted or ZIP64 archive, a damaged one) is not a document.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { DOCX, XLSX } from './file-types.js';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
/** A ZIP comment is at most this long, so the end record lies within the last 64 KiB + 22 bytes. */
const MAX_COMMENT_BYTES = 0xffff;
/** Office documents list a few hundred entries at most; a larger directory is not one we take. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
/** `[Content_Types].xml` is a few KiB; a larger one (a decompression bomb) is not read. */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

const MAIN_PART: ReadonlyArray<[string, string]> = [
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', XLSX],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', DOCX],
];

interface Entry {
  flags: number;
  method: number;
  compressedSize: number;
  localOffset: number;
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The archive's entries by name, from its central directory; null when it cannot be read. */
async function directory(fh: FileHandle, size: number): Promise<Map<string, Entry> | null> {
  if (size < END_RECORD_BYTES) return null;
  const tailLength = Math.min(size, END_RECORD_BYTES + MAX_COMMENT_BYTES);
  const tail = await readAt(fh, size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - END_RECORD_BYTES; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mean ZIP64 (never needed by a document under the upload limit).
  if (count === 0xffff || dirOffset === 0xffffffff || dirSize > MAX_DIRECTORY_BYTES || dirOffset + dirSize > size) return null;
  const dir = await readAt(fh, dirOffset, dirSize);
  const entries = new Map<string, Entry>();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== DIRECTORY_ENTRY) return null;
    const nameLength = dir.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    if (next > dir.length) return null;
    entries.set(dir.toString('utf8', p + 46, p + 46 + nameLength), {
      flags: dir.readUInt16LE(p + 8),
      method: dir.readUInt16LE(p + 10),
      compressedSize: dir.readUInt32LE(p + 20),
      localOffset: dir.readUInt32LE(p + 42),
    });
    p = next;
  }
  return entries;
}

/** One entry's bytes (stored or deflated, never encrypted), or null. */
async function contentOf(fh: FileHandle, size: number, e: Entry): Promise<Buffer | null> {
  if (e.flags & 0x1 || e.compressedSize > MAX_CONTENT_TYPES_BYTES || e.localOffset + 30 > size) return null;
  const local = await readAt(fh, e.localOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER) return null;
  const start = e.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + e.compressedSize > size) return null;
  const data = await readAt(fh, start, e.compressedSize);
  if (e.method === 0) return data;
  if (e.method !== 8) return null;
  try {
    return inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES_BYTES });
  } catch {
    return null;
  }
}

/** XLSX or DOCX for a received ZIP that is one (file at `path`), else null. */
export async function officeTypeOf(path: string): Promise<string | null> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const entries = await directory(fh, size);
    const types = entries?.get('[Content_Types].xml');
    if (!entries || !types) return null;
    // Macros travel in vbaProject.bin whatever the file claims; a document with them is refused.
    if ([...entries.keys()].some((name) => /(^|\/)vbaProject\.bin$/i.test(name))) return null;
    const xml = (await contentOf(fh, size, types))?.toString('utf8');
    if (!xml) return null;
    const found = MAIN_PART.filter(([contentType]) => xml.includes(`"${contentType}"`));
    return found.length === 1 ? found[0][1] : null;
  } finally {
    await fh.close();
  }
}
