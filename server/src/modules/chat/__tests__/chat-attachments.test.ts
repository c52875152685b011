import { describe, expect, it } from 'vitest';
import { attachmentFileOf, ATTACHMENT_UPLOAD, displayName } from '../chat-attachments.js';

describe("an attachment's name", () => {
  it('keeps a file its name, with no path or control characters', () => {
    expect(displayName('invoice.pdf', false)).toBe('invoice.pdf');
    expect(displayName('../../etc/passwd', false)).toBe('.._.._etc_passwd');
    expect(displayName('a\u0000b\nc.txt', false)).toBe('a_b_c.txt');
  });

  it('names a picture as the webp it is stored as', () => {
    expect(displayName('photo.JPG', true)).toBe('photo.webp');
    expect(displayName('scan', true)).toBe('scan.webp');
  });

  it("is never empty and at most 200 characters (before a picture's extension)", () => {
    expect(displayName('   ', false)).toBe('file');
    expect(displayName(`${'x'.repeat(300)}.pdf`, false)).toHaveLength(200);
  });
});

describe('which file a download serves', () => {
  const picture = { fileName: 'photo.webp', contentType: 'image/webp', size: 10, isImage: true, key: 'private/chat/abc' };
  const pdf = { fileName: 'invoice.pdf', contentType: 'application/pdf', size: 10, isImage: false, key: 'private/chat/def' };

  it("serves a picture's large variant, or its small one as the preview", () => {
    expect(attachmentFileOf(picture, false)).toEqual({ key: 'private/chat/abc-lg.webp' });
    expect(attachmentFileOf(picture, true)).toEqual({ key: 'private/chat/abc-sm.webp' });
  });

  it('serves another file itself under its name, and no preview', () => {
    expect(attachmentFileOf(pdf, false)).toEqual({ key: 'private/chat/def', downloadName: 'invoice.pdf' });
    expect(attachmentFileOf(pdf, true)).toBeNull();
  });
});

describe('the attachment upload', () => {
  it('takes one file of at most 50 MB', () => {
    const spec = ATTACHMENT_UPLOAD.files.attachment!;
    expect(spec.maxCount).toBe(1);
    expect(spec.rules[0]!.maxBytes).toBe(50 * 1024 * 1024);
  });
});
