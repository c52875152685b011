import { randomUUID } from 'node:crypto';
import { PRIVATE_PREFIX } from '../../adapters/storage/storage.js';
import { DOCUMENT_TYPES, EXTENSION_BY_TYPE, GENERAL_UPLOAD_TYPES } from '../../common/file-types.js';
import { fileSizeMessage, type UploadedFile, type UploadSpec } from '../../common/uploads.js';
import type { ProductMediaStore, StoredMedia } from '../products/products.public.js';
import type { ChatAttachmentView } from './chat-views.js';
import { chatMessages } from './chat.messages.js';
import { VOICE_NOTE_FIELD, type VoiceNoteFacts } from './voice-notes.js';

const MB = 1024 * 1024;
const ATTACHMENT_MAX_BYTES = 50 * MB;

/** The general upload check for an attachment (docs/product.md#validation): 50 MB, the allowed types and business documents (PDF, XLSX, DOCX, CSV). */
export const ATTACHMENT_UPLOAD: UploadSpec = {
  files: {
    attachment: {
      maxCount: 1,
      tooMany: chatMessages.attachOneFilePerMessage,
      rules: [{ types: [...GENERAL_UPLOAD_TYPES, ...DOCUMENT_TYPES], maxBytes: ATTACHMENT_MAX_BYTES, allowExactly: true, tooLarge: fileSizeMessage(ATTACHMENT_MAX_BYTES) }],
    },
    voice_note: VOICE_NOTE_FIELD,
  },
  fields: { content: 16 * 1024, client_message_id: 200 },
};

/** The name an attachment is shown and downloaded with: no path or control characters, 200 at most; a picture is stored as webp. */
export function displayName(given: string, isImage: boolean): string {
  const base = given.replace(/[\\/\p{Cc}]/gu, '_').trim().slice(0, 200) || 'file';
  return isImage ? `${base.replace(/\.[^.]+$/, '')}.webp` : base;
}

/** Which stored file a download serves: a picture's large or small webp, another file itself (it has no preview). */
export function attachmentFileOf(a: ChatAttachmentView, preview: boolean): { key: string; downloadName?: string } | null {
  if (a.isImage) return { key: `${a.key}-${preview ? 'sm' : 'lg'}.webp` };
  if (preview) return null;
  // A voice note plays in the page (its type is one of the stored audio types: served inline, never a page).
  if (a.voice) return { key: a.key };
  return { key: a.key, downloadName: a.fileName };
}

/**
 * Attachments: files are private (stored under the private prefix with a random name, served only
 * to a conversation's two participants by a checked route); pictures are re-encoded as webp with a
 * preview, as the catalogue's are.
 */
export class ChatAttachments {
  constructor(private readonly media: ProductMediaStore) {}

  /** Stores a received file; the caller removes it again when its message is refused. */
  async store(file: UploadedFile): Promise<{ attachment: ChatAttachmentView; stored: StoredMedia }> {
    const stored = await this.media.storeAt(file, `${PRIVATE_PREFIX}chat/${randomUUID()}`);
    const isImage = stored.itemType === 'picture';
    const attachment = { fileName: displayName(file.filename, isImage), contentType: stored.contentType, size: stored.sizeBytes, isImage, key: stored.storageKey };
    return { attachment, stored };
  }

  /** Stores a voice note read through by probeVoiceNote (its name: the kind and its duration, never the sender's). */
  async storeVoice(file: UploadedFile, facts: VoiceNoteFacts): Promise<{ attachment: ChatAttachmentView; stored: StoredMedia }> {
    const stored = await this.media.storeAt({ ...file, type: facts.contentType }, `${PRIVATE_PREFIX}chat/${randomUUID()}`);
    const fileName = `voice-note.${EXTENSION_BY_TYPE[facts.contentType]}`;
    const attachment = { fileName, contentType: facts.contentType, size: stored.sizeBytes, isImage: false, key: stored.storageKey, voice: { durationMs: facts.durationMs, peaks: facts.peaks, playedAt: null, transcript: null } };
    return { attachment, stored };
  }

  /** Removes a stored file whose message was not written. */
  remove(stored: StoredMedia): Promise<void> {
    return this.media.remove([stored]);
  }
}
