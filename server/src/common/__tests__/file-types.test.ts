import { describe, expect, it } from 'vitest';
import { claimedDocumentType, sniffType } from '../file-types.js';

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', 'IHDR'), 'image/png'],
    ['GIF', bytes('GIF89a....'), 'image/gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['AVI', bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'), 'video/x-msvideo'],
    ['MP4', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]), 'video/mp4'],
    ['QuickTime', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0]), 'video/quicktime'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image/heic'],
    ['GLB', bytes('glTF', [2, 0, 0, 0]), 'model/gltf-binary'],
    ['glTF JSON', bytes('{"asset":{"version":"2.0"},"scenes":[]}'), 'model/gltf+json'],
    ['OBJ', bytes('# cube\nmtllib cube.mtl\nv 0 0 0\nv 1 0 0\nf 1 2 3\n'), 'model/obj'],
    ['text', bytes('Sizes: S, M, L, XL\nColours: red'), 'text/plain'],
    ['Hindi text', Buffer.from('थोक में उपलब्ध', 'utf8'), 'text/plain'],
    ['HTML', bytes('  <!DOCTYPE html><html></html>'), 'text/html'],
    ['HTML in text', bytes('hello\n<script>alert(1)</script>'), 'text/html'],
    ['SVG', bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['PDF', bytes('%PDF-1.4'), 'application/pdf'],
    ['ZIP', bytes('PK\x03\x04'), 'application/zip'],
    ['EXE', bytes('MZ', [0x90, 0]), 'application/x-msdownload'],
    ['ELF', bytes('\x7fELF', [2, 1]), 'application/x-executable'],
    ['binary', bytes([0, 1, 2, 3, 250, 251, 252]), 'application/octet-stream'],
    ['nothing', Buffer.alloc(0), 'application/x-empty'],
  ])('%s', (_name, head, type) => {
    expect(sniffType(head)).toBe(type);
  });

  it('reads text cut in the middle of a multi-byte character as text', () => {
    const hindi = Buffer.from('कीमत', 'utf8');
    expect(sniffType(hindi.subarray(0, hindi.length - 1))).toBe('text/plain');
  });
});

describe('claimedDocumentType', () => {
  it.each([
    ['GST certificate.PDF', 'application/pdf'],
    ['prices.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['PO 118.docx ', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['दर सूची.csv', 'text/csv'],
    ['rate list.txt', null],
    ['pdf', null],
    ['archive.pdf.zip', null],
  ])('%s', (name, type) => {
    expect(claimedDocumentType(name)).toBe(type);
  });
});
